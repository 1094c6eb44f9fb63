extension TimeMap {
    /// The result of validating a curve: its grid table and continuation.
    struct ValidatedGrid {
        /// `F(end * k / n)` for `k = 0...n`.
        var table: [Double]
        /// The grid's end in curve units.
        var end: Double
        /// The continuation slope `s(end)`.
        var endScale: Double
        /// `s(end * k / n)` for `k = 0...n` (derivatives for the inverse's first guess).
        var scales: [Double]
    }

    /// Samples `F` and `s` on `gridIntervals` intervals of `0...validationRange.upperBound` and
    /// throws the first failure found (docs/mathematics.md#validation), naming its position in
    /// `u` and seconds.
    static func validatedGrid(_ curve: any TimeScaleCurve,
                              mediaDuration: Double?) throws(TimeMapError) -> ValidatedGrid {
        let summary = TimeMap.summary(of: curve)
        let normalized = curve.domain == .normalized
        let variable = normalized ? "u" : "t"
        /// (u, t) of a curve position for messages.
        func position(_ x: Double) -> (u: Double?, t: Double?) {
            if normalized { return (x, mediaDuration.map { x * $0 }) }
            return (mediaDuration.map { x / $0 }, x)
        }

        let end = curve.validationRange.upperBound
        guard end.isFinite, end >= 0 else {
            throw .invalidParameter(name: "curve end", value: end,
                                    reason: "the curve's range must end at a finite position >= 0")
        }
        let start = curve.integral(to: 0)
        guard start.isFinite else {
            let (u, t) = position(0)
            throw .nonFinite(quantity: "F(\(variable))", value: start, u: u, t: t, curve: summary)
        }
        guard abs(start) <= 1e-12 else { throw .nonZeroStart(value: start, curve: summary) }

        let intervals = end > 0 ? gridIntervals : 0
        // The scale of F over the range, for telling rounding noise from a real decrease.
        let magnitude = max(abs(curve.integral(to: end)), Double.leastNormalMagnitude)
        var table: [Double] = []
        var scales: [Double] = []
        table.reserveCapacity(intervals + 1)
        scales.reserveCapacity(intervals + 1)
        table.append(start)
        var previousX = 0.0
        for k in 0...intervals {
            let x = k == intervals ? end : end * (Double(k) / Double(intervals))
            let s = curve.scale(at: x)
            // +inf is allowed: an integrable singularity (power with -1 < factor < 0 at u=0).
            if s.isNaN || s == -.infinity {
                let (u, t) = position(x)
                throw .nonFinite(quantity: "s(\(variable))", value: s, u: u, t: t, curve: summary)
            }
            scales.append(s)
            guard k > 0 else { continue }
            let value = curve.integral(to: x)
            guard value.isFinite else {
                let (u, t) = position(x)
                throw .nonFinite(quantity: "F(\(variable))", value: value, u: u, t: t, curve: summary)
            }
            let previous = table[table.count - 1]
            // Where s touches 0, F may stay flat to rounding (or to the quadrature's noise, far
            // below 1e-12 of F's scale): that is no decrease. The table keeps strictly
            // increasing by the smallest step, so the inverse stays defined.
            let noise = 1e-12 * max(magnitude, abs(previous), abs(value))
            guard value > previous || (value >= previous - noise && s >= 0) else {
                let (worstX, worstS) = steepestDescent(curve, from: previousX, to: x)
                let (u, t) = position(worstX)
                throw .notIncreasing(u: u, t: t, scale: worstS, decreases: value < previous,
                                     curve: summary)
            }
            table.append(value > previous ? value : previous.nextUp)
            previousX = x
        }

        if end > 0, let last = table.last, !((last - start) / end >= TimeMap.smallestScale) {
            throw .belowSmallestScale(average: (last - start) / end, curve: summary)
        }
        let endScale = curve.scale(at: end)
        guard endScale.isFinite, endScale >= TimeMap.smallestScale || (end == 0 && endScale > 0) else {
            if endScale.isFinite, endScale > 0 {
                throw .belowSmallestScale(average: endScale, curve: summary)
            }
            let (u, t) = position(end)
            throw .badContinuation(u: u, t: t, scale: endScale, curve: summary)
        }
        return ValidatedGrid(table: table, end: end, endScale: endScale, scales: scales)
    }

    /// The position in `[x0, x1]` (midpoint or an end) with the smallest `s`, for messages.
    private static func steepestDescent(_ curve: any TimeScaleCurve, from x0: Double,
                                        to x1: Double) -> (Double, Double) {
        var best = (x0 + (x1 - x0) / 2, 0.0)
        best.1 = curve.scale(at: best.0)
        for x in [x0, x1] {
            let s = curve.scale(at: x)
            if s < best.1 || best.1.isNaN { best = (x, s) }
        }
        return best
    }
}
