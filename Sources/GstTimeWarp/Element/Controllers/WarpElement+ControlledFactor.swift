import GStreamerBinding
import TimeWarpMap

/// A `GstController` control source bound to `factor`, read as a curve (issue 21): ahead of time
/// over the whole stream when the map is built (interpolation, trigger and LFO sources know their
/// future values), so the duration is right in PAUSED and the same in both elements; and on past
/// the duration while the stream plays on. Where the source gives no value (a
/// `TriggerControlSource` between its points) the last value holds until the next one, as
/// `volume` steps with it.
extension WarpElement where S: ~Copyable {
    /// Most control values read ahead of time for one map (about 17 minutes at 1 ms; a longer
    /// stream is read at a coarser step).
    static var maxAheadReads: UInt64 { 1 << 20 }

    /// Whether `settings` make the map follow a bound `factor` (constant function, no custom
    /// curve, a control binding on `factor`).
    func followsController(_ settings: TimeMapSettings) -> Bool {
        settings.function == .constant && settings.customCurve == nil && element.isControlled("factor")
    }

    /// The map of the controlled `factor` over `[0, D]` and one step past it, read at
    /// `LiveMapState.controlStep` (coarser for very long streams). Nil when `factor` is not
    /// controlled or `D` is unknown.
    func controlledMap(_ settings: TimeMapSettings, mediaDuration: Double?) -> Result<TimeMap, MapFailure>? {
        guard let duration = mediaDuration, duration.isFinite, duration > 0, followsController(settings) else { return nil }
        let end = ClockTime.fromSeconds(duration)
        var step = LiveMapState.controlStep
        var reads = end / step + 1
        if reads > Self.maxAheadReads {
            step = end / Self.maxAheadReads + 1
            reads = end / step + 1
        }
        var curve = SampledScaleCurve(time: 0, value: firstControlledValue(at: 0, holding: settings.factor))
        let block = UInt64(LiveMapState.maxControlReads)
        var from: UInt64 = 0
        var left = reads
        while left > 0 {
            let count = min(left, block)
            if let failure = appendControlledFactor(to: &curve, from: from, step: step, count: Int(count)) {
                return .failure(failure)
            }
            from &+= count &* step
            left -= count
        }
        return Result { () throws(TimeMapError) in try TimeMap(curve: curve, mediaDuration: duration) }
            .mapError { MapFailure(description: "\($0)") }
            .flatMap(checkedRange)
    }

    /// The value of the bound `factor` at `at` (ns), or `held` where the source gives none.
    func firstControlledValue(at: UInt64, holding held: Double) -> Double {
        guard let value = element.controlledValues(of: "factor", from: at, step: 1, count: 1)?.first,
              value.isFinite, value >= 0 else { return held }
        return value
    }

    /// Appends the values of the bound `factor` at `from + k·step` (k = 1...count) to `curve`.
    /// A time without a value holds the last one; a value that follows such a time starts there
    /// as a step (1 ns wide), not as a ramp from the previous sample. Nil, or why a value is
    /// unusable (negative, infinite).
    func appendControlledFactor(to curve: inout SampledScaleCurve, from: UInt64, step: UInt64, count: Int) -> MapFailure? {
        guard count > 0 else { return nil }
        // One sample more, at `from` itself: whether the value before the first one was held.
        let values = element.controlledValues(of: "factor", from: from, step: step, count: count + 1)
            ?? [Double](repeating: .nan, count: count + 1)
        var previousHeld = values[0].isNaN
        for k in 1...count {
            let value = values[k]
            let t = ClockTime.seconds(from &+ UInt64(k) &* step)
            let held = curve.values[curve.values.count - 1]
            if value.isNaN {
                curve.append(time: t, value: held)
                previousHeld = true
                continue
            }
            guard value.isFinite, value >= 0 else {
                return MapFailure(description: "factor \(value) at \(ClockTime.describe(from &+ UInt64(k) &* step)) "
                                  + "is not a finite scale >= 0")
            }
            if previousHeld, value != held { curve.append(time: t - 1e-9, value: held) }
            curve.append(time: t, value: value)
            previousHeld = false
        }
        return nil
    }
}
