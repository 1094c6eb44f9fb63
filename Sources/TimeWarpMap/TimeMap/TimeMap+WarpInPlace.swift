/// The audio path maps every input sample through `T`; this does it a buffer at a time.
extension TimeMap {
    /// Replaces every time in `times` (seconds) by `warp(_:)` of it: the same values bit for bit,
    /// with the curve's type resolved once per call instead of once per time (and the common
    /// curve types specialised, so their `integral` inlines into the loop).
    func warp(inPlace times: UnsafeMutableBufferPointer<Double>) {
        inPlaceWarp()(times)
    }

    /// `warp(inPlace:)` with the curve's type resolved once, now: keep the function for every
    /// buffer of a run.
    public func inPlaceWarp() -> @Sendable (UnsafeMutableBufferPointer<Double>) -> Void {
        switch curve {
        case let c as ConstantScaleCurve: return TimeMap.inPlaceWarp(curve: c, unit: unit)
        case let c as BuiltinCurve: return TimeMap.inPlaceWarp(curve: c, unit: unit)
        default: return TimeMap.inPlaceWarp(curve: curve, unit: unit)
        }
    }

    /// `warp(_:)`'s formula with the curve's type known; with a unit of 1 (curves in seconds)
    /// without the division and multiplication by it, which are exact then.
    private static func inPlaceWarp<C: TimeScaleCurve>(curve: C, unit: Double)
        -> @Sendable (UnsafeMutableBufferPointer<Double>) -> Void {
        if unit == 1 {
            return { times in
                for k in times.indices { times[k] = curve.integral(to: times[k]) }
            }
        }
        return { times in
            for k in times.indices { times[k] = unit * curve.integral(to: times[k] / unit) }
        }
    }
}
