import GStreamerBinding
import TimeWarpMap

/// Timed metadata through the same map as the buffers: TOC entries (chapters, editions) start
/// and stop at `T(t - origin)`, and a duration tag becomes the warped duration `T(D)`.
extension WarpElement where S: ~Copyable {
    /// The TOC or TAG `event` with its times mapped; nil when it holds none or the map cannot
    /// be built yet (it then goes on as it came).
    func mappingTimedMetadata(_ event: borrowing Event) -> Event? {
        guard let map = currentMap() else { return nil }
        let origin = currentOrigin
        let remap = currentRemap()
        // Along a remap curve a chapter goes where the curve first reaches it.
        let warp = { (seconds: Double) in
            ClockTime.fromSeconds(remap.map { $0.firstOutputTime(reachingInput: seconds) ?? $0.outputDuration } ?? map.warp(seconds))
        }
        switch event.kind {
        case .toc:
            return event.mappingTocTimes { ns in
                Int64(clamping: warp(ClockTime.seconds(signed: origin.sinceOrigin(ns))))
            }
        case .tag:
            return event.mappingTagDuration { d in
                remap.map { ClockTime.fromSeconds($0.outputDuration) } ?? warp(ClockTime.seconds(d))
            }
        default:
            return nil
        }
    }
}
