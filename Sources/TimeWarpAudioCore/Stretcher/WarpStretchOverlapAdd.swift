/// The output side of `WarpStretcher`: weighted windows of input summed into an interleaved
/// `Float` accumulator indexed by absolute output frame; frames are handed out from the front
/// once no later window can reach them.
struct WarpStretchOverlapAdd {
    /// Interleaved channels per frame.
    let channels: Int
    /// Sums, interleaved; absolute output frame `j` at `(j - firstFrame + consumed) * channels`.
    private var sums: [Float] = []
    /// Frames at the front of `sums` already handed out but not yet removed.
    private var consumed = 0
    /// Absolute output frame of the first frame not yet handed out.
    private(set) var firstFrame: Int64 = 0

    /// An empty accumulator for `channels` channels.
    init(channels: Int) { self.channels = channels }

    /// Adds `weights.count` frames of `input` from absolute input frame `start`, each scaled by
    /// its weight (1 instead for the first `flat` frames), at absolute output frame `at`.
    /// Frames beyond the input's end read as its last frame.
    mutating func add(_ input: WarpStretchInput, start: Int, at: Int64, weights: UnsafeBufferPointer<Float>, flat: Int) {
        let c = channels
        let length = weights.count
        guard length > 0, input.count > input.firstFrame, at >= firstFrame, let w = weights.baseAddress else { return }
        let first = Int(at &- firstFrame) &+ consumed
        let needed = (first &+ length) &* c
        if sums.count < needed { sums.append(contentsOf: repeatElement(0, count: needed &- sums.count)) }
        let lastFrame = input.count &- 1
        let direct = start &+ length &- 1 <= lastFrame && start >= input.firstFrame
        input.samples.withUnsafeBufferPointer { sbuf in
            sums.withUnsafeMutableBufferPointer { obuf in
                guard let sp = sbuf.baseAddress, let op = obuf.baseAddress else { return }
                let out = op + first &* c
                if direct {
                    let src = sp + input.slot(start) &* c
                    for n in 0..<length {
                        let weight: Float = n < flat ? 1 : w[n]
                        let o = n &* c
                        for ch in 0..<c { out[o &+ ch] += weight * src[o &+ ch] }
                    }
                } else {
                    for n in 0..<length {
                        let weight: Float = n < flat ? 1 : w[n]
                        let frame = min(max(start &+ n, input.firstFrame), lastFrame)
                        let src = sp + input.slot(frame) &* c
                        let o = n &* c
                        for ch in 0..<c { out[o &+ ch] += weight * src[ch] }
                    }
                }
            }
        }
    }

    /// Adds `grain` (interleaved whole frames) at absolute output frame `at`; the frames before
    /// the first not yet handed out are skipped.
    mutating func add(grain: UnsafeBufferPointer<Float>, at: Int64) {
        let c = channels
        let length = grain.count / c
        let skip64 = max(0, firstFrame &- at)
        guard length > 0, skip64 < Int64(length), let g = grain.baseAddress else { return }
        let skip = Int(skip64)
        let first = Int(at &+ skip64 &- firstFrame) &+ consumed
        let needed = (first &+ length &- skip) &* c
        if sums.count < needed { sums.append(contentsOf: repeatElement(0, count: needed &- sums.count)) }
        sums.withUnsafeMutableBufferPointer { obuf in
            guard let op = obuf.baseAddress else { return }
            let out = op + first &* c
            let src = g + skip &* c
            for i in 0..<((length &- skip) &* c) { out[i] += src[i] }
        }
    }

    /// Passes the next `frames` frames (which must have been summed) to `body` and lets them go.
    mutating func take<R>(_ frames: Int, _ body: (UnsafeBufferPointer<Float>) -> R) -> R {
        let c = channels
        let from = consumed &* c
        let to = min(from &+ frames &* c, sums.count)
        let result = sums.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[min(from, to)..<to])) }
        consumed &+= frames
        firstFrame &+= Int64(frames)
        if consumed >= 4096 && consumed &* c &* 2 >= sums.count {
            sums.removeSubrange(0..<min(consumed &* c, sums.count))
            consumed = 0
        }
        return result
    }
}
