/// The input `WarpStretcher` keeps: interleaved frames in `Float` from absolute frame index
/// `firstFrame` up to `count`, and beside them the mono mix (sum of the channels) the offset
/// search compares, so every channel takes the same offset.
struct WarpStretchInput {
    /// Interleaved channels per frame.
    let channels: Int
    /// Samples, interleaved; frame `i` (absolute) starts at `(i - firstFrame + dropped) * channels`.
    private(set) var samples: [Float] = []
    /// The mono mix, one value per kept frame (same indexing as `samples`).
    private(set) var mono: [Float] = []
    /// Frames at the front of the arrays that were let go but not yet removed.
    private(set) var dropped = 0
    /// Absolute index of the first frame kept.
    private(set) var firstFrame = 0
    /// Frames appended in total (absolute index one past the last).
    private(set) var count = 0
    /// Samples of an incomplete trailing frame, kept for the next call.
    private var carry: [Float] = []

    /// Input for `channels` interleaved channels.
    init(channels: Int) { self.channels = channels }

    /// Appends `values` (interleaved, in `Float`); returns how many whole frames were added.
    mutating func append(_ values: UnsafeBufferPointer<Float>) -> Int {
        let c = channels
        var source = values[...]
        var added = 0
        if !carry.isEmpty {
            let take = min(c &- carry.count, source.count)
            carry.append(contentsOf: source.prefix(take))
            source = source.dropFirst(take)
            guard carry.count == c else { return 0 }
            appendWhole(carry[...])
            carry.removeAll(keepingCapacity: true)
            added = 1
        }
        let whole = source.count / c
        appendWhole(source.prefix(whole &* c))
        carry.append(contentsOf: source.dropFirst(whole &* c))
        return added &+ whole
    }

    /// Appends whole interleaved frames and their mono mix.
    private mutating func appendWhole<C: RandomAccessCollection>(_ values: C) where C.Element == Float, C.Index == Int {
        let c = channels
        let frames = values.count / c
        guard frames > 0 else { return }
        samples.append(contentsOf: values)
        let start = mono.count
        mono.append(contentsOf: repeatElement(0, count: frames))
        let base = values.startIndex
        mono.withUnsafeMutableBufferPointer { m in
            guard let mp = m.baseAddress else { return }
            for f in 0..<frames {
                var s: Float = 0
                for ch in 0..<c { s += values[base &+ f &* c &+ ch] }
                mp[start &+ f] = s
            }
        }
        count &+= frames
    }

    /// Lets go of the frames before absolute index `frame` (removing them from memory once
    /// enough have gathered).
    mutating func discard(before frame: Int) {
        let target = min(frame, count)
        guard target > firstFrame else { return }
        dropped &+= target &- firstFrame
        firstFrame = target
        if dropped >= 4096 && dropped &* 2 >= mono.count {
            samples.removeSubrange(0..<(dropped &* channels))
            mono.removeSubrange(0..<dropped)
            dropped = 0
        }
    }

    /// The array index of absolute frame `frame` (which must be kept).
    @inline(__always)
    func slot(_ frame: Int) -> Int { frame &- firstFrame &+ dropped }
}
