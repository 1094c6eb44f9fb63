import GStreamerBinding
import TimeWarpMap

/// `T` and `T⁻¹` for applications (the `output-time` and `input-time` action signals, their
/// `-with` variants and `TimeWarpPlugin.outputTime/inputTime`): stream times in ns through the
/// element's map, or through the map other property values describe. Nothing is published: the
/// element's own settings and map are untouched.
extension WarpElement where S: ~Copyable {
    /// The map for time queries: with no `settings`, the map the element applies (including
    /// changes spliced in while playing), else the one its properties describe; with
    /// `settings`, the map they describe. The media duration comes from `duration` or upstream.
    func queryMap(_ settings: TimeMapSettings?) -> Result<TimeMap, MapFailure> {
        if let settings { return buildMap(settings) }
        let (published, own) = shared.withLock { ($0.map, $0.settings.timeMap) }
        if let published { return .success(published) }
        return buildMap(own)
    }

    /// The origin of the map for time queries (ns): the one in use, else `start-time`, else 0
    /// (before the stream starts, the medium's start is not known yet).
    var queryOrigin: UInt64 { shared.withLock { $0.applicationOrigin } }

    /// The element's time-map settings.
    var timeMapSettings: TimeMapSettings { shared.withLock { $0.settings.timeMap } }

    /// `T(t)` (or `T⁻¹(t)` when `inverse`) for the stream time `t` in ns; `ClockTime.none` for
    /// `t == none`, or when the map is not defined (a curve in fractions of `D` with no duration
    /// known, or settings that give no valid map; the reason is logged).
    func mapTime(_ t: UInt64, inverse: Bool, settings: TimeMapSettings?) -> UInt64 {
        guard t != ClockTime.none else { return ClockTime.none }
        switch queryMap(settings) {
        case .success(let map):
            let own = settings ?? timeMapSettings
            if let remap = own.nonForwardRemap(mediaDuration: map.mediaDuration) {
                return remapTime(t, inverse: inverse, remap)
            }
            // The map runs on time since the origin, and output stream time starts at 0 there:
            // output = T(t − origin), input = origin + T⁻¹(y). (Input before the origin is
            // outside the map and goes out at 0.)
            let origin = queryOrigin
            if inverse {
                let since = map.isIdentity ? t : ClockTime.fromSeconds(map.unwarp(ClockTime.seconds(t)))
                let (input, overflow) = since.addingReportingOverflow(origin)
                return overflow ? ClockTime.end : min(input, ClockTime.end)
            }
            let since = t > origin ? t - origin : 0
            if map.isIdentity { return since }
            return min(ClockTime.fromSeconds(map.warp(ClockTime.seconds(since))), ClockTime.end)
        case .failure(let failure):
            element.log(.info, "\(inverse ? "input-time" : "output-time"): no map (\(failure))")
            return ClockTime.none
        }
    }

    /// `output-time` and `input-time` along a remap curve that stops or goes back, as GES and seek
    /// bars need them: the input a seek to output `τ` must start from (`earliestInput(from:)`),
    /// and the output time until which only input before `t` is shown (where the curve first
    /// reaches `t`; the curve's end once `t` is past all the input it shows), so a clip's
    /// duration-limit is the curve's last `τ`.
    func remapTime(_ t: UInt64, inverse: Bool, _ remap: RemapCurve) -> UInt64 {
        let origin = queryOrigin
        if inverse {
            let since = ClockTime.fromSeconds(remap.earliestInput(from: ClockTime.seconds(t)))
            let (input, overflow) = since.addingReportingOverflow(origin)
            return overflow ? ClockTime.end : min(input, ClockTime.end)
        }
        let since = ClockTime.seconds(t > origin ? t - origin : 0)
        let τ = since >= remap.latestInputTime ? remap.outputDuration
            : remap.firstOutputTime(reachingInput: since) ?? remap.outputDuration
        return min(ClockTime.fromSeconds(τ), ClockTime.end)
    }

    /// `mapTime` for the element's settings overridden by the fields of `structure`;
    /// `ClockTime.none` (and a logged reason) for a field it cannot use.
    func mapTime(_ t: UInt64, inverse: Bool, structure: StructureView) -> UInt64 {
        do {
            return mapTime(t, inverse: inverse, settings: try timeMapSettings.applying(structure))
        } catch {
            element.log(.warning, "\(inverse ? "input-time-with" : "output-time-with") \(structure.description): \(error)")
            return ClockTime.none
        }
    }
}
