extension TimeMap {
    /// Solves `F(x) = v` for `x` in curve units (docs/mathematics.md#the-inverse): a bracket from
    /// the grid table (or from the linear continuation past its end), then Newton steps with `s`
    /// as the derivative, falling back to bisection whenever a step leaves the bracket or
    /// converges too slowly. At most `maxSteps` steps (typically 1 to 3).
    @usableFromInline
    func inverseIntegral(_ v: Double) -> Double {
        if v.isNaN { return .nan }
        if v == .infinity { return .infinity }
        let first = table.first ?? 0
        if !(v > first) || !(v > 0) { return 0 }

        let intervals = max(table.count - 1, 0)
        let last = table.last ?? 0
        var lo: Double
        var hi: Double
        var guess: Double
        if intervals > 0, v <= last {
            // table[i] < v <= table[j]
            var i = 0
            var j = intervals
            while j - i > 1 {
                let mid = i + (j - i) / 2
                if table[mid] < v { i = mid } else { j = mid }
            }
            lo = gridPosition(i, of: intervals)
            hi = gridPosition(j, of: intervals)
            guess = hermiteGuess(v, i: i, j: j, lo: lo, hi: hi)
        } else if tableEnd < end, v <= curve.integral(to: end) {
            // Between the grid's end and the end of a map extended past it: validated, not tabled.
            let endValue = curve.integral(to: end)
            lo = tableEnd
            hi = end
            guess = endValue > last ? tableEnd + (v - last) / (endValue - last) * (end - tableEnd) : end
        } else {
            // Past the end: F continues with slope endScale, so this is (nearly) exact.
            let last = tableEnd < end ? curve.integral(to: end) : last
            guess = end + (v - last) / endScale
            if !guess.isFinite { return guess }
            lo = end
            var step = max(guess - end, Double.ulpOfOne * max(abs(end), 1))
            hi = end + step
            var bracketed = curve.integral(to: hi) >= v
            var tries = 0
            while !bracketed, tries < 64 {
                step *= 2
                hi = end + step
                bracketed = curve.integral(to: hi) >= v
                tries += 1
            }
            if !bracketed || !hi.isFinite { return guess }
        }
        return newton(v, lo: lo, hi: hi, guess: guess)
    }

    /// First guess for `F⁻¹(v)` inside grid interval `[lo, hi]`: the cubic Hermite interpolant of
    /// the inverse, whose derivatives at the nodes are `1/s` (error O(h⁴), so Newton usually
    /// confirms it in one step); linear when a node's slope is zero or infinite.
    private func hermiteGuess(_ v: Double, i: Int, j: Int, lo: Double, hi: Double) -> Double {
        let y0 = table[i], y1 = table[j], h = y1 - y0
        let linear = lo + (v - y0) / h * (hi - lo)
        guard scales.indices.contains(j) else { return linear }
        let s0 = scales[i], s1 = scales[j]
        guard s0 > 0, s1 > 0, s0.isFinite, s1.isFinite, h > 0 else { return linear }
        let t = (v - y0) / h
        let t2 = t * t, t3 = t2 * t
        let guess = (2 * t3 - 3 * t2 + 1) * lo + (t3 - 2 * t2 + t) * h / s0
            + (-2 * t3 + 3 * t2) * hi + (t3 - t2) * h / s1
        return guess >= lo && guess <= hi ? guess : linear
    }

    /// The largest number of Newton or bisection steps the inverse takes.
    static let maxSteps = 100

    /// The grid position `tableEnd * k / n` (exactly `tableEnd` for `k == n`).
    private func gridPosition(_ k: Int, of n: Int) -> Double {
        k >= n ? tableEnd : tableEnd * (Double(k) / Double(n))
    }

    /// Safeguarded Newton iteration for `F(x) = v` inside `[lo, hi]` (after Numerical Recipes'
    /// `rtsafe`): a Newton step is taken only when it stays in the (closed) bracket and is less than
    /// half the step before the previous one; otherwise the bracket is bisected.
    private func newton(_ v: Double, lo: Double, hi: Double, guess: Double) -> Double {
        var lo = lo
        var hi = hi
        var x = (guess >= lo && guess <= hi) ? guess : TimeMap.midpoint(lo, hi)
        var previousStep = hi - lo
        var lastStep = previousStep
        for _ in 0..<TimeMap.maxSteps {
            let residual = curve.integral(to: x) - v
            if residual == 0 { return x }
            if residual < 0 { lo = x } else { hi = x }
            let slope = curve.scale(at: x)
            if slope > 0, slope.isFinite {
                let step = residual / slope
                let next = x - step
                // converged: the step is below an ulp of x, or F(x) is within rounding of v
                if abs(step) <= max(abs(x) * Double.ulpOfOne, Double.leastNormalMagnitude)
                    || abs(residual) <= 2 * v.ulp {
                    return (next >= lo && next <= hi) ? next : x
                }
                if next >= lo, next <= hi, abs(step) < previousStep / 2 {
                    previousStep = lastStep
                    lastStep = abs(step)
                    x = next
                    continue
                }
            }
            let mid = TimeMap.midpoint(lo, hi)
            if !(mid > lo && mid < hi) { return mid }   // lo and hi are neighbouring doubles
            previousStep = lastStep
            lastStep = abs(mid - x)
            x = mid
        }
        return x
    }

    /// The midpoint of a bracket; for a non-negative bracket spanning more than a factor of 4 (or
    /// starting at 0) the midpoint of the bit patterns, which halves the exponent range too, so
    /// that at most 64 bisections reach any double (e.g. roots near 1e-100 under `u^0.1`).
    static func midpoint(_ lo: Double, _ hi: Double) -> Double {
        if lo >= 0, lo.sign == .plus, hi > 4 * lo, hi.isFinite {
            let a = lo.bitPattern
            let b = hi.bitPattern
            return Double(bitPattern: a + (b - a) / 2)
        }
        return lo + (hi - lo) / 2
    }
}
