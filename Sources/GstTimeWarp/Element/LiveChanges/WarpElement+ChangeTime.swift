import GStreamerBinding
import CShims
import TimeWarpMap

/// When a time-map change made by the application takes effect (issue 21).
///
/// - A property set while PLAYING applies at the input instant that is played `playingChangeLead`
///   (0.5 s) after the moment it was set: the running time of the pipeline clock then, plus the
///   lead, mapped back through the element's output segment and the map in use. Elements of one
///   pipeline share the clock and their segments, so a slider that sets both videotimewarp and
///   audiotimewarp changes them at the same instant (within how far apart the two sets were made).
///   The lead keeps that instant ahead of what either element has processed: audio and video
///   elements run ahead of the clock by what their sinks buffer (an audio sink 0.2 s by default).
///   Without a clock, outside PLAYING, or once the element is past that instant (a pipeline that
///   does not synchronise runs far ahead of its clock), a change applies at the next buffer.
/// - `change-at` (an action signal) applies a structure of property values at an input stream
///   time the application gives: videotimewarp and audiotimewarp given the same time, ahead of
///   what either has processed, change at the same instant, however many changes follow.
///   A time either has already passed applies at its next buffer.
///
/// Changes wait in a queue and are spliced in, in order, by the buffer that reaches their time.
extension WarpElement where S: ~Copyable {
    /// The `change-at` action signal: the property values of `structure` (fields named like the
    /// time-map properties) take effect at input stream time `t` (ns). False, and nothing
    /// changed, for a structure it cannot use.
    func changeAt(_ structure: StructureView, streamTime t: UInt64) -> Bool {
        let result = shared.withLock { state -> Result<Void, PropertyStructureError> in
            do throws(PropertyStructureError) {
                state.settings.timeMap = try state.settings.timeMap.applying(structure)
            } catch {
                return .failure(error)
            }
            // The application's `t` is an input stream time; the queue counts from the origin.
            let origin = state.applicationOrigin
            mapSettingsDidChange(&state, at: t == ClockTime.none ? nil : (t > origin ? t - origin : 0))
            return .success(())
        }
        switch result {
        case .success:
            element.notify(.outputDuration)
            return true
        case .failure(let error):
            element.warnProperty("change-at \(structure.description): \(error)")
            return false
        }
    }

    /// How far after the moment it was set a property change made while PLAYING takes effect,
    /// in output running time (ns).
    static var playingChangeLead: UInt64 { 500_000_000 }

    /// The time-map properties: a change of one while playing is spliced into the map.
    static var timeMapProperties: [PropertyName] {
        [.function, .factor, .speed, .modifier, .keyframes, .expression, .duration, .remap]
    }

    /// Where a time-map property set now takes effect: the input stream time (counted from the
    /// origin, as the queue holds it) that is played `playingChangeLead` after now; nil (the next
    /// buffer) unless the map is in use, the element is PLAYING with a clock and a forward
    /// segment went out.
    func playingChangePoint() -> UInt64? {
        guard live.mapUsed.load(ordering: .relaxed), let now = element.playingRunningTime() else { return nil }
        let (timeline, applied, queued) = shared.withLock { ($0.timeline, $0.map, $0.scheduledChanges) }
        guard let pair = timeline, pair.input.rate > 0,
              let outTime = pair.output.streamTime(atRunningTime: now &+ Self.playingChangeLead) else { return nil }
        // Back through the map as it is once every change made so far is in (the applied map and
        // the queue): elements given the same changes agree on it, however far each has got.
        var map = applied ?? pair.warp.map
        let timed = queued.filter { $0.at > 0 }
        if !timed.isEmpty, case .success(let future) = splicing(timed, into: map, notBefore: 0, logging: false) {
            map = future
        }
        let point = ClockTime.fromSeconds(map.unwarp(ClockTime.seconds(outTime)))
        element.log(.debug, "change set at running time \(ClockTime.describe(now)) takes effect at output "
                    + "\(ClockTime.describe(outTime)), input \(ClockTime.describe(point))")
        return point
    }

    /// Most changes waiting at once (a later one beyond that replaces the last).
    static var maxScheduledChanges: Int { 1024 }

    /// `current` with each of `changes` spliced in, in order, at its time (never before
    /// `notBefore` ns, the buffer about to play: what was output stays as it was).
    func splicing(_ changes: [ScheduledChange], into current: TimeMap, notBefore: UInt64,
                  logging: Bool = true) -> Result<TimeMap, MapFailure> {
        var map = current
        for change in changes {
            let at = ClockTime.seconds(max(change.at, notBefore))
            if logging { element.log(.debug, "time map change for \(ClockTime.describe(change.at)) applied at \(ClockTime.describe(max(change.at, notBefore)))") }
            switch buildMap(change.timeMap) {
            case .failure(let failure): return .failure(failure)
            case .success(let new):
                do throws(TimeMapError) { map = try map.splicing(new, at: at) } catch {
                    return .failure(MapFailure(description: "\(error)"))
                }
            }
        }
        return checkedRange(map)
    }
}
