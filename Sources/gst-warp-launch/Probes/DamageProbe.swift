import GStreamerBinding
import Synchronization
import WarpLaunchKit

/// Counts the decoded video's timestamp gaps (`DamageTally`) on the pad it is attached to.
final class DamageProbe: Sendable {
    private let tally: Mutex<DamageTally>
    /// `segment.start - segment.time` of the current segment (stream time = PTS - offset).
    private let offset = Atomic<Int64>(0)

    /// A tally for frames of `frameDuration` seconds over a medium of `mediumSeconds`, of which
    /// the map reads `neededSeconds`.
    init(frameDuration: Double, mediumSeconds: Double, neededSeconds: Double) {
        tally = Mutex(DamageTally(frameDuration: frameDuration, mediumSeconds: mediumSeconds,
                                  neededSeconds: neededSeconds))
    }

    /// The report line, nil when nothing was damaged.
    var line: String? { tally.withLock { $0.line } }

    /// Counts on `pad` from now on.
    func attach(to pad: Pad) {
        pad.addProbe([.buffers, .downstreamEvents]) { [self] item in
            switch item {
            case .segment(let segment):
                let new = Int64(clamping: segment.start) &- Int64(clamping: segment.time)
                if offset.exchange(new, ordering: .relaxed) != new { tally.withLock { $0.restartSpacing() } }
            case .buffer(let buffer):
                guard buffer.pts != UInt64.max else { return .pass }
                let pts = Double(Int64(clamping: buffer.pts) &- offset.load(ordering: .relaxed)) / 1e9
                let duration = buffer.duration == UInt64.max ? nil : Double(buffer.duration) / 1e9
                tally.withLock { $0.add(pts: pts, duration: duration) }
            default:
                break
            }
            return .pass
        }
    }
}
