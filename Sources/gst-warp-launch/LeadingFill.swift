import CGStreamer
import GStreamerBinding
import Synchronization

/// Fills the time from the segment's start up to the first buffer that passes a pad, with
/// buffers pushed from the probe on that pad ahead of it: for tracks that start late, so that
/// the muxers of GStreamer 1.22 count them from 0.
///
/// - `emptyCue()`: for a text track written by mp4mux/qtmux, one empty cue. qtmux counts the last
///   sample's end from the track's first timestamp but its start from 0, so without it the last
///   cue of a track whose first cue is at 1 s ends 1 s early (4.751 s instead of 5.751 s).
/// - `silence()`: for an audio track (AAC priming, a stream start offset, a late microphone),
///   whole frames of zeros (audiotimewarp's formats are signed or float), stamped from their
///   index, a second at most per buffer; the samples after keep their times. matroskamux counts
///   each track's length from its first block, so without it the file's duration falls short by
///   the audio's start when the audio ends last (53.514 s for 53.605 s of audio). `audiorate`
///   would fill too, but within its tolerance (40 ms) it moves the first buffer back instead:
///   audio up to 40 ms early.
final class LeadingFill: Sendable {
    /// What `fill` gets: the gap `[from, to)` (ns), the raw audio format when the caps are raw
    /// audio, and the pad to push on.
    typealias Fill = @Sendable (_ from: UInt64, _ to: UInt64, _ audio: (rate: Int, bytesPerFrame: Int)?, _ pad: Pad) -> Void

    private struct State {
        var start: UInt64 = 0
        var audio: (rate: Int, bytesPerFrame: Int)?
        var done = false
    }
    private let state = Mutex(State())
    private let fill: Fill

    private init(_ fill: @escaping Fill) { self.fill = fill }

    /// One empty text cue over the gap.
    static func emptyCue() -> LeadingFill {
        LeadingFill { from, to, _, pad in
            if let empty = Buffer.empty(pts: from, duration: to - from) { _ = try? pad.push(empty) }
        }
    }

    /// Silence over the gap, in whole frames (rounded down: it ends within a frame before the
    /// audio); nothing unless the caps are raw audio.
    static func silence() -> LeadingFill {
        LeadingFill { from, to, audio, pad in
            guard let audio, audio.rate > 0, audio.bytesPerFrame > 0 else { return }
            let rate = UInt64(audio.rate)
            guard let frames = ClockTime.scale(to - from, rate, ClockTime.second) else { return }
            var done: UInt64 = 0
            while done < frames {
                let count = min(frames - done, rate)
                guard var silence = Buffer.allocate(size: Int(count) * audio.bytesPerFrame),
                      let start = ClockTime.scale(done, ClockTime.second, rate),
                      let end = ClockTime.scale(done + count, ClockTime.second, rate) else { return }
                _ = silence.withMutableBytes { $0.initializeMemory(as: UInt8.self, repeating: 0) }
                silence.stamp(pts: from + start, duration: end - start, discont: done == 0)
                guard (try? pad.push(silence)) == .ok else { return }
                done += count
            }
        }
    }

    /// Fills the gap before the first buffer that passes `pad`.
    func attach(to pad: Pad) {
        pad.addProbe([.buffers, .downstreamEvents]) { [self] item in
            switch item {
            case .segment(let segment):
                state.withLock { $0.start = segment.start }
            case .caps(let caps):
                state.withLock { $0.audio = caps.audio }
            case .buffer(let buffer):
                guard buffer.pts != ClockTime.none else { return .pass }
                let gap: (from: UInt64, audio: (rate: Int, bytesPerFrame: Int)?)? = state.withLock { s in
                    defer { s.done = true }
                    return s.done || buffer.pts <= s.start ? nil : (s.start, s.audio)
                }
                // Pushed from this probe, on this pad, ahead of the buffer (done is set first).
                if let gap { fill(gap.from, buffer.pts, gap.audio, pad) }
            default:
                break
            }
            return .pass
        }
    }
}
