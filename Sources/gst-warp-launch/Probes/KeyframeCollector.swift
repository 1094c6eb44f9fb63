import CGStreamer
import GStreamerBinding
import Synchronization

/// Records the stream time of each keyframe (a buffer without the DELTA_UNIT flag) passing a
/// pad, and how many frames lie (by timestamp) in each keyframe interval.
final class KeyframeCollector: Sendable {
    private struct State { var offset: Int64 = 0; var times: [UInt64] = []; var counts: [Int] = []; var untimed = false }
    private let state = Mutex(State())

    /// The keyframes seen, ns of stream time, ascending.
    var times: [UInt64] { state.withLock { $0.times } }

    /// The number of frames from each keyframe to the next; empty when some frame had no
    /// timestamp (a raw elementary stream), so that nothing is checked against it.
    var counts: [Int] { state.withLock { $0.untimed ? [] : $0.counts } }

    /// Records on `pad` from now on.
    func attach(to pad: Pad) {
        pad.addProbe([.buffers, .downstreamEvents]) { [self] item in
            switch item {
            case .segment(let segment):
                state.withLock { $0.offset = segment.streamOffset }
            case .buffer(let buffer):
                guard buffer.pts != UInt64.max else {
                    state.withLock { $0.untimed = true }
                    break
                }
                let key = buffer.flags.rawValue & GST_BUFFER_FLAG_DELTA_UNIT.rawValue == 0
                state.withLock { s in
                    let signed = Int64(clamping: buffer.pts) &- s.offset
                    guard signed >= 0 else { return }
                    let t = UInt64(signed)
                    if key, t > (s.times.last ?? 0) || s.times.isEmpty { s.times.append(t); s.counts.append(0) }
                    // The interval the frame's time falls in (open GOPs show frames before their keyframe).
                    if let i = s.times.lastIndex(where: { $0 <= t }) { s.counts[i] += 1 }
                }
            default:
                break
            }
            return .pass
        }
    }
}
