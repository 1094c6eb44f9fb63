import GStreamerBinding
import TimeWarpMap

/// A `GstController` control source bound to `factor`, read as a curve (issue 21): ahead of time
/// over the whole stream when the map is built (interpolation, trigger and LFO sources know their
/// future values), so the duration is right in PAUSED and the same in every element; and on past
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
        settings.function == .constant && settings.customCurve == nil && element.isControlled(.factor)
    }

    /// The map of the controlled `factor` over `[0, D]` and one step past it, read at
    /// `LiveMapState.controlStep` (coarser for very long streams). Nil when `factor` is not
    /// controlled or `D` is unknown.
    func controlledMap(_ settings: TimeMapSettings, mediaDuration: Double?) -> Result<TimeMap, MapFailure>? {
        guard let duration = mediaDuration, duration.isFinite, duration > 0, followsController(settings) else { return nil }
        return readAhead(from: 0, holding: settings.factor, through: ClockTime.fromSeconds(duration)).flatMap { curve in
            Result { () throws(TimeMapError) in try TimeMap(curve: curve, mediaDuration: duration) }
                .mapError { MapFailure(description: "\($0)") }
                .flatMap(checkedRange)
        }
    }

    /// The controlled `factor` read from `start` (ns) to one step past `end`, at
    /// `LiveMapState.controlStep` (coarser when that takes more than `maxAheadReads` reads);
    /// `held` where the source has no value at `start`.
    func readAhead(from start: UInt64, holding held: Double, through end: UInt64) -> Result<SampledScaleCurve, MapFailure> {
        let step = Self.aheadStep(from: start, through: end)
        let reads = (end > start ? end - start : 0) / step + 1
        var curve = SampledScaleCurve(time: ClockTime.seconds(start), value: firstControlledValue(at: start, holding: held))
        let block = UInt64(LiveMapState.maxControlReads)
        var from = start
        var left = reads
        while left > 0 {
            let count = min(left, block)
            if let failure = appendControlledFactor(to: &curve, from: from, step: step, count: Int(count)) {
                return .failure(failure)
            }
            from &+= count &* step
            left -= count
        }
        return .success(curve)
    }

    /// The step at which `readAhead` reads `[start, end]` (ns): `LiveMapState.controlStep`, or
    /// coarser when that would take more than `maxAheadReads` reads.
    static func aheadStep(from start: UInt64, through end: UInt64) -> UInt64 {
        let span = end > start ? end - start : 0
        let step = LiveMapState.controlStep
        return span / step + 1 > maxAheadReads ? span / maxAheadReads + 1 : step
    }

    /// For a controlled piece read ahead of time (`last` reaches past `end`): `.success(nil)` when
    /// the control source still gives the values the piece holds from `start` to `end` (ns, the
    /// buffer about to play: `current` stays), else `current` with the source read again from
    /// `start` to the end of the stream (the application changed its control points). Nil when
    /// `last` does not reach past `end` (the piece is extended as the stream plays instead).
    func checkedAhead(_ current: TimeMap, _ last: (start: Double, curve: SampledScaleCurve), from start: UInt64,
                      through end: UInt64) -> Result<TimeMap?, MapFailure>? {
        guard let duration = current.mediaDuration, end >= start,
              ClockTime.fromSeconds(last.curve.lastTime) >= end &+ LiveMapState.controlStep else { return nil }
        // Read on the piece's own grid, where its knots hold the source's values exactly (between
        // them it interpolates linearly, which a cubic or LFO source does not).
        let origin = ClockTime.fromSeconds(last.start)
        let step = Self.aheadStep(from: origin, through: ClockTime.fromSeconds(duration))
        let offset = start > origin ? start - origin : 0
        let first = origin &+ (offset / step + (offset % step == 0 ? 0 : 1)) &* step
        guard first <= end else { return .success(nil) }
        let count = Int(min((end - first) / step + 1, UInt64(LiveMapState.maxControlReads)))
        let values = element.controlledValues(of: .factor, from: first, step: step, count: count) ?? []
        let agrees = values.enumerated().allSatisfy { k, value in
            guard !value.isNaN else { return true }  // no value here: the last one holds, as in the piece
            let expected = last.curve.scale(at: ClockTime.seconds(first &+ UInt64(k) &* step))
            return abs(value - expected) <= 1e-9 * max(1, abs(value))
        }
        if agrees { return .success(nil) }
        element.log(.debug, "control source changed: reading it again from \(ClockTime.describe(start))")
        let startSeconds = ClockTime.seconds(start)
        return readAhead(from: start, holding: last.curve.scale(at: startSeconds), through: ClockTime.fromSeconds(duration))
            .flatMap { curve in
                Result { () throws(TimeMapError) in try current.splicing(curve, at: startSeconds) }
                    .mapError { MapFailure(description: "\($0)") }
                    .flatMap(checkedRange)
            }
            .map { $0 }
    }

    /// The value of the bound `factor` at `at` (ns), or `held` where the source gives none.
    func firstControlledValue(at: UInt64, holding held: Double) -> Double {
        guard let value = element.controlledValues(of: .factor, from: at, step: 1, count: 1)?.first,
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
        let values = element.controlledValues(of: .factor, from: from, step: step, count: count + 1)
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
