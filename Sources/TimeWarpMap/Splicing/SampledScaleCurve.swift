/// A time-scale function known by its samples, linear between them: what a `GstController`
/// control source bound to `factor` gives, read at a fine step (docs/mathematics.md#live-changes).
/// Its integral is exact for the piecewise-linear function (trapezoids), so a linear ramp
/// between control points integrates without error.
///
/// Before the first knot the scale is the first value, after the last knot the last value.
/// Knots that lie on the line through their neighbours are merged as they arrive, so a constant
/// or linearly interpolated control source keeps a handful of knots however long it plays.
public struct SampledScaleCurve: TimeScaleCurve {
    /// Knot times (seconds, increasing).
    public private(set) var times: [Double]
    /// Scale at each knot.
    public private(set) var values: [Double]
    /// `F` at each knot.
    private var integrals: [Double]

    /// A curve whose first knot is `value` at `time` (seconds, at least 0).
    public init(time: Double, value: Double) {
        let t = max(time, 0)
        times = [t]
        values = [value]
        integrals = [value * t]
    }

    /// Relative tolerance below which a knot on the line through its neighbours is merged.
    static let collinearTolerance = 1e-12

    /// Appends the knot `value` at `time` (after the last knot; earlier or equal times are ignored).
    public mutating func append(time: Double, value: Double) {
        guard let lastT = times.last, let lastV = values.last, let lastF = integrals.last,
              time > lastT, time.isFinite, value.isFinite else { return }
        let n = times.count
        if n >= 2 {
            // Merge the last knot when it lies on the line from the one before to the new one.
            let t0 = times[n - 2], v0 = values[n - 2], f0 = integrals[n - 2]
            let onLine = v0 + (value - v0) * ((lastT - t0) / (time - t0))
            if abs(onLine - lastV) <= Self.collinearTolerance * max(abs(lastV), abs(value), 1) {
                times[n - 1] = time
                values[n - 1] = value
                integrals[n - 1] = f0 + (time - t0) * (v0 + value) / 2
                return
            }
        }
        times.append(time)
        values.append(value)
        integrals.append(lastF + (time - lastT) * (lastV + value) / 2)
    }

    /// The number of knots kept.
    public var knotCount: Int { times.count }

    /// Whether the knots from index `first` on are those of a valid time scale: finite values
    /// of at least 0 and finite, non-decreasing integrals (the checks of the map's validation,
    /// exact for a piecewise-linear scale).
    func knotsAreValid(from first: Int) -> Bool {
        var previous = first > 0 && first <= integrals.count ? integrals[first - 1] : -Double.infinity
        for i in max(first, 0)..<times.count {
            let v = values[i], f = integrals[i]
            guard v.isFinite, v >= 0, f.isFinite, f >= previous else { return false }
            previous = f
        }
        return true
    }

    /// Whether knot `index` is `(time, value)`.
    func hasKnot(_ index: Int, time: Double, value: Double) -> Bool {
        times.indices.contains(index) && times[index] == time && values[index] == value
    }

    /// Knot `index` as (time, value).
    func knot(_ index: Int) -> (time: Double, value: Double) { (times[index], values[index]) }

    /// The time of the last knot (seconds).
    public var lastTime: Double { times.last ?? 0 }

    public var domain: CurveDomain { .seconds }

    /// From 0 to the last knot.
    public var validationRange: ClosedRange<Double> { 0...lastTime }

    /// The index `i` with `times[i] <= x < times[i+1]`, for `times[0] <= x < lastTime`.
    private func interval(containing x: Double) -> Int {
        var lo = 0
        var hi = times.count - 1
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2
            if times[mid] <= x { lo = mid } else { hi = mid }
        }
        return lo
    }

    public func scale(at x: Double) -> Double {
        guard let first = times.first, let last = times.last else { return .nan }
        if !(x > first) { return values[0] }
        if x >= last { return values[values.count - 1] }
        let i = interval(containing: x)
        let w = (x - times[i]) / (times[i + 1] - times[i])
        return values[i] + (values[i + 1] - values[i]) * w
    }

    public func integral(to x: Double) -> Double {
        guard let first = times.first, let last = times.last else { return .nan }
        if x.isNaN { return .nan }
        if !(x > first) { return values[0] * x }
        if x >= last { return integrals[integrals.count - 1] + (x - last) * values[values.count - 1] }
        let i = interval(containing: x)
        let v = values[i] + (values[i + 1] - values[i]) * ((x - times[i]) / (times[i + 1] - times[i]))
        return integrals[i] + (x - times[i]) * (values[i] + v) / 2
    }
}

extension SampledScaleCurve: CustomStringConvertible {
    public var description: String { "the controlled factor (\(times.count) knots)" }
}
