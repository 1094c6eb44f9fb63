import GStreamerBinding
import TimeWarpMap

/// When a time-map change made by the application takes effect (issue 21).
///
/// - A property set while the map is in use applies at the element's next input buffer (each
///   element at its own: audio and video elements run ahead of the clock by different amounts,
///   so two elements set one after the other change at slightly different input times).
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
            mapSettingsDidChange(&state, at: t == ClockTime.none ? nil : t)
            return .success(())
        }
        switch result {
        case .success:
            element.notify("output-duration")
            return true
        case .failure(let error):
            element.warnProperty("change-at \(structure.description): \(error)")
            return false
        }
    }

    /// Most changes waiting at once (a later one beyond that replaces the last).
    static var maxScheduledChanges: Int { 1024 }

    /// `current` with each of `changes` spliced in, in order, at its time (never before
    /// `notBefore` ns, the buffer about to play: what was output stays as it was).
    func splicing(_ changes: [ScheduledChange], into current: TimeMap, notBefore: UInt64) -> Result<TimeMap, MapFailure> {
        var map = current
        for change in changes {
            let at = ClockTime.seconds(max(change.at, notBefore))
            element.log(.debug, "time map change for \(ClockTime.describe(change.at)) applied at \(ClockTime.describe(max(change.at, notBefore)))")
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
