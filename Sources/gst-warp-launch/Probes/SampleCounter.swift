import GStreamerBinding
import Synchronization

/// Counts the audio frames that pass a pad (the encoder's input), with their sample rate: the
/// length of the warped audio, which the MP4 edit list plays.
final class SampleCounter: Sendable {
    private struct State {
        var frames = 0
        var rate = 0, bpf = 0
    }
    private let state = Mutex(State())

    /// The frames counted and their rate; nil before the caps.
    var total: (samples: Int, rate: Int)? {
        state.withLock { $0.rate > 0 ? ($0.frames, $0.rate) : nil }
    }

    /// Counts on `pad` from now on.
    func attach(to pad: Pad) {
        pad.addProbe([.buffers, .downstreamEvents]) { [self] item in
            switch item {
            case .caps(let caps):
                if let audio = caps.audio { state.withLock { $0.rate = audio.rate; $0.bpf = audio.bytesPerFrame } }
            case .buffer(let buffer):
                state.withLock { s in
                    if s.bpf > 0 { s.frames += buffer.size / s.bpf }
                }
            default:
                break
            }
            return .pass
        }
    }
}
