import GStreamerBinding
import Synchronization

/// The largest output stream time (end of a buffer: PTS + duration, in stream time, ns) seen
/// on the pad it is attached to.
final class PositionTracker: Sendable {
    private let value = Atomic<UInt64>(0)
    /// `segment.start - segment.time` of the current segment (stream time = PTS - offset).
    private let offset = Atomic<Int64>(0)

    /// The largest output stream time seen, ns.
    var position: UInt64 { value.load(ordering: .relaxed) }

    /// Tracks `pad` from now on.
    func attach(to pad: Pad) {
        pad.addProbe([.buffers, .downstreamEvents]) { [self] item in
            switch item {
            case .segment(let segment):
                let start = Int64(clamping: segment.start)
                let time = Int64(clamping: segment.time)
                offset.store(start &- time, ordering: .relaxed)
            case .buffer(let buffer):
                let pts = buffer.pts, dur = buffer.duration
                guard pts != UInt64.max else { return .pass }
                let (sum, overflow) = pts.addingReportingOverflow(dur == UInt64.max ? 0 : dur)
                let (end, under) = Int64(clamping: overflow ? UInt64.max : sum)
                    .subtractingReportingOverflow(offset.load(ordering: .relaxed))
                let streamEnd = under ? 0 : UInt64(max(end, 0))
                var current = value.load(ordering: .relaxed)
                while streamEnd > current {
                    let (exchanged, original) = value.compareExchange(expected: current, desired: streamEnd, ordering: .relaxed)
                    if exchanged { break }
                    current = original
                }
            default:
                break
            }
            return .pass
        }
    }
}
