import CGStreamer
import GStreamerBinding
import Synchronization

/// For an audio track that starts after the start of its segment (as audio often does: AAC
/// priming, a stream start offset, a late microphone): before its first buffer, silence from the
/// segment's start up to it, so the track written starts at 0. matroskamux (GStreamer 1.22)
/// counts each track's length from its first block, so without it the file's duration falls
/// short by the audio's start when the audio ends last (53.514 s for 53.605 s of audio).
///
/// The samples keep their times: the silence is whole frames of zeros (audiotimewarp's formats
/// are signed or float), counted from the segment's start and stamped from their index, in
/// buffers of at most a second, pushed from this probe on this pad ahead of the first buffer.
/// `audiorate` would do the filling, but within its tolerance (40 ms) it moves the first buffer
/// back to the segment's start instead: audio up to 40 ms early.
final class LeadingSilence: Sendable {
    private struct State {
        var start: UInt64 = 0
        var rate = 0
        var bytesPerFrame = 0
        var done = false
    }
    private let state = Mutex(State())

    /// Fills the gap before the first buffer that passes `pad` (the audio warp's source pad).
    func attach(to pad: Pad) {
        pad.addProbe([.buffers, .downstreamEvents]) { [self] item in
            switch item {
            case .segment(let segment):
                state.withLock { $0.start = segment.start }
            case .caps(let caps):
                if let audio = caps.audio { state.withLock { ($0.rate, $0.bytesPerFrame) = (audio.rate, audio.bytesPerFrame) } }
            case .buffer(let buffer):
                let gap: (start: UInt64, frames: UInt64, rate: UInt64, bytesPerFrame: Int)? = state.withLock { s in
                    defer { s.done = true }
                    guard !s.done, buffer.pts != ClockTime.none, buffer.pts > s.start, s.rate > 0,
                          s.bytesPerFrame > 0 else { return nil }
                    let rate = UInt64(s.rate)
                    // Whole frames, rounded down: the silence ends within a frame before the audio.
                    guard let frames = ClockTime.scale(buffer.pts - s.start, rate, ClockTime.second), frames > 0 else {
                        return nil
                    }
                    return (s.start, frames, rate, s.bytesPerFrame)
                }
                if let gap { Self.push(gap, on: pad) }
            default:
                break
            }
            return .pass
        }
    }

    /// Pushes `gap.frames` frames of silence from `gap.start` on `pad`, a second at most per buffer.
    private static func push(_ gap: (start: UInt64, frames: UInt64, rate: UInt64, bytesPerFrame: Int), on pad: Pad) {
        var done: UInt64 = 0
        while done < gap.frames {
            let count = min(gap.frames - done, gap.rate)
            guard var silence = Buffer.allocate(size: Int(count) * gap.bytesPerFrame) else { return }
            _ = silence.withMutableBytes { $0.initializeMemory(as: UInt8.self, repeating: 0) }
            guard let from = ClockTime.scale(done, ClockTime.second, gap.rate),
                  let to = ClockTime.scale(done + count, ClockTime.second, gap.rate) else { return }
            let pts = gap.start + from, end = gap.start + to
            silence.stamp(pts: pts, duration: end - pts, discont: done == 0)
            guard pad.push(silence) == GST_FLOW_OK else { return }
            done += count
        }
    }
}
