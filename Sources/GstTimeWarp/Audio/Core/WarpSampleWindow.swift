/// The bounded window of input frames (interleaved `Double`) the resampler interpolates from.
///
/// Frames are addressed by absolute index (0 = first input frame of the segment). The window keeps
/// `pad` frames of edge padding before frame 0 (copies of frame 0) and, after `appendTailPadding()`
/// at end of stream, `pad` copies of the last frame after it, so kernels near either edge read
/// replicated edge samples. Old frames are discarded with `discard(before:)`.
struct WarpSampleWindow {
    let channels: Int
    let pad: Int
    /// Interleaved storage; `storage.count / channels` frames of capacity.
    var storage: [Double]
    /// Absolute index of the frame at storage offset 0.
    private(set) var base: Int64
    /// Frames held (from `base`), including padding.
    private(set) var frameCount: Int
    /// Real input frames received so far (`N`).
    private(set) var realFrames: Int64 = 0

    init(channels: Int, pad: Int, initialFrames: Int) {
        self.channels = channels
        self.pad = pad
        self.base = -Int64(pad)
        self.frameCount = pad
        self.storage = [Double](repeating: 0, count: max(pad + initialFrames, 1) * channels)
    }

    /// One past the absolute index of the last held frame.
    var endIndex: Int64 { base &+ Int64(frameCount) }

    /// Drops frames below absolute index `index` when that frees a worthwhile amount of space.
    mutating func discard(before index: Int64, force: Bool = false) {
        let drop64 = min(index &- base, Int64(frameCount))
        guard drop64 > 0 else { return }
        let drop = Int(drop64)
        guard force || drop >= 1024 || drop * 2 >= frameCount else { return }
        let keep = frameCount - drop
        let c = channels
        storage.withUnsafeMutableBufferPointer { buf in
            guard let p = buf.baseAddress, (drop + keep) * c <= buf.count else { return }
            if keep > 0 { p.update(from: p + drop * c, count: keep * c) }
        }
        base &+= drop64
        frameCount = keep
    }

    /// Appends `frames` frames; `fill` writes them into the (uninitialised-as-far-as-meaning) tail.
    mutating func append(frames: Int, fill: (UnsafeMutableBufferPointer<Double>) -> Void) {
        guard frames > 0 else { return }
        reserve(frames: frames)
        let c = channels
        let start = frameCount * c
        storage.withUnsafeMutableBufferPointer { buf in
            guard start + frames * c <= buf.count, let p = buf.baseAddress else { return }
            fill(UnsafeMutableBufferPointer(start: p + start, count: frames * c))
        }
        let wasEmpty = realFrames == 0
        frameCount += frames
        realFrames &+= Int64(frames)
        if wasEmpty { fillHeadPadding() }
    }

    /// Appends `pad` copies of the last real frame (end of stream). No-op without input.
    mutating func appendTailPadding() {
        guard realFrames > 0, pad > 0 else { return }
        reserve(frames: pad)
        let c = channels
        let last = frameCount - 1
        storage.withUnsafeMutableBufferPointer { buf in
            guard last >= 0, (frameCount + pad) * c <= buf.count, let p = buf.baseAddress else { return }
            let src = p + last * c
            for k in 0..<pad { (p + (frameCount + k) * c).update(from: src, count: c) }
        }
        frameCount += pad
    }

    /// Copies frame 0 over the head padding still held.
    private mutating func fillHeadPadding() {
        let firstOffset64 = 0 &- base
        guard firstOffset64 > 0, firstOffset64 < Int64(frameCount) else { return }
        let firstOffset = Int(firstOffset64)
        let c = channels
        storage.withUnsafeMutableBufferPointer { buf in
            guard let p = buf.baseAddress, (firstOffset + 1) * c <= buf.count else { return }
            let src = p + firstOffset * c
            for k in 0..<firstOffset { (p + k * c).update(from: src, count: c) }
        }
    }

    /// Makes room for `frames` more frames, growing geometrically.
    private mutating func reserve(frames: Int) {
        let needed = (frameCount + frames) * channels
        guard needed > storage.count else { return }
        let grown = max(needed, storage.count * 2)
        storage.append(contentsOf: repeatElement(0, count: grown - storage.count))
    }
}
