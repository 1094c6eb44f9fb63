import GStreamerBinding
import Synchronization
import WarpLaunchKit

/// `-ss`/`-to`/`-t`: lets through only the buffers of the part `start..<end` (ns of input
/// stream time), moved back by `start` so the warp sees the part from 0; raw audio is cut to
/// the sample where the part starts (`TrimRange.cut`).
final class TrimProbe: Sendable {
    private let start: UInt64, end: UInt64
    private struct State { var offset: Int64 = 0; var bpf: Int?; var rate: Int? }
    private let state = Mutex(State())

    /// The part `start..<end`, ns of input stream time.
    init(start: UInt64, end: UInt64) {
        self.start = start
        self.end = end
    }

    /// Trims what passes `pad` from now on.
    func attach(to pad: Pad) {
        pad.addProbe([.buffers, .downstreamEvents]) { [self] item in
            switch item {
            case .segment(let segment):
                state.withLock { $0.offset = segment.streamOffset }
            case .caps(let caps):
                if let audio = caps.audio { state.withLock { $0.rate = audio.rate; $0.bpf = audio.bytesPerFrame } }
            case .buffer(let buffer):
                guard buffer.pts != UInt64.max else { return .drop }
                let s = state.withLock { $0 }
                switch TrimRange.cut(pts: buffer.pts, duration: buffer.duration, streamOffset: s.offset, startNs: start,
                                     endNs: end, bytesPerFrame: s.bpf, rate: s.rate, size: buffer.size) {
                case .drop: return .drop
                case .keep(let pts): return .rewrite(trimStartBytes: 0, pts: pts, duration: buffer.duration)
                case .trimStart(let bytes, let pts, let duration):
                    return .rewrite(trimStartBytes: bytes, pts: pts, duration: duration)
                }
            default:
                break
            }
            return .pass
        }
    }
}
