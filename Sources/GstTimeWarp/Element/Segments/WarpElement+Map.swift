import GStreamerBinding
import TimeWarpMap
/// The time map of the current stream: built once (from the settings and, when `duration` is
/// NONE, upstream's duration), published in `shared`, and kept across seeks until a time-map
/// property changes or the element goes back to READY.
extension WarpElement where S: ~Copyable {
    /// Why a map could not be built.
    struct MapFailure: Error, CustomStringConvertible {
        /// The readable reason.
        let description: String
    }

    /// The stream's map, building and publishing it if none is published yet. Safe from any
    /// thread: the duration query runs outside the lock, and the first map published wins.
    func streamMap() -> Result<TimeMap, MapFailure> {
        let (published, settings) = shared.withLock { ($0.map, $0.settings.timeMap) }
        if let published { return .success(published) }
        let built: TimeMap
        switch buildMap(settings) {
        case .success(let map): built = map
        case .failure(let failure): return .failure(failure)
        }
        let (map, isNew) = shared.withLock { state -> (TimeMap, Bool) in
            if let map = state.map { return (map, false) }
            state.map = built
            return (built, true)
        }
        if isNew {
            element.notify(.outputDuration)
            element.log(.info, "time map ready: D=\(map.mediaDuration.map { "\($0) s" } ?? "unknown"), "
                        + "output duration \(map.outputDuration.map { "\($0) s" } ?? "unknown")")
        }
        return .success(map)
    }

    /// Builds and checks the map `settings` describe, asking upstream for the duration when the
    /// `duration` property is NONE (outside any lock). Publishes nothing.
    func buildMap(_ settings: TimeMapSettings) -> Result<TimeMap, MapFailure> {
        var mediaDuration = settings.durationSeconds
        if mediaDuration == nil, let d = sinkPad.peerDuration(), d > 0 { mediaDuration = ClockTime.seconds(d) }
        if let controlled = controlledMap(settings, mediaDuration: mediaDuration) { return controlled }
        let built: TimeMap
        do { built = try settings.makeMap(mediaDuration: mediaDuration) } catch {
            return .failure(MapFailure(description: "\(error)"))
        }
        return checkedRange(built)
    }

    /// `map` if its output stays within GStreamer's clock range.
    func checkedRange(_ map: TimeMap) -> Result<TimeMap, MapFailure> {
        if let out = map.outputDuration, !(out < ClockTime.seconds(ClockTime.end)) {
            return .failure(MapFailure(description: "the output would last \(out) s, beyond the end of "
                                       + "GStreamer's clock range (2^63 ns, about 292 years)"))
        }
        return .success(map)
    }

    /// The stream's map for queries and seeks, nil when it cannot be built.
    func currentMap() -> TimeMap? {
        if case .success(let map) = streamMap() { return map }
        return nil
    }
}
