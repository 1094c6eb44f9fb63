/// The bounded window of input frames the resampler interpolates from, in the working precision
/// `W`, in one of two layouts: planar (each channel's samples contiguous, so a sinc kernel's taps
/// are one contiguous run per channel) or interleaved like the input (so a linear or cubic kernel
/// reads a frame, or two, with one load).
///
/// Frames are addressed by absolute index (0 = first input frame of the segment). The window keeps
/// `pad` frames of edge padding before frame 0 (copies of frame 0) and, after `appendTailPadding()`
/// at end of stream, `pad` copies of the last frame after it, so kernels near either edge read
/// replicated edge samples. Old frames are discarded with `discard(before:)`.
struct WarpSampleWindow<W: WarpWorkSample> {
    let channels: Int
    let pad: Int
    /// Planar or interleaved (see the type).
    let planar: Bool
    /// Channel `k` of the frame at offset `i` (absolute frame `base + i`) is at
    /// `storage[k * channelStride + i * frameStride]`.
    var storage: [W]
    /// Frames of room.
    private(set) var capacity: Int
    /// Absolute index of the frame at offset 0.
    private(set) var base: Int64
    /// Frames held (from `base`), including padding.
    private(set) var frameCount: Int
    /// Real input frames received so far (`N`).
    private(set) var realFrames: Int64 = 0

    /// Distance between channels of a frame: `capacity` when planar, 1 when interleaved.
    var channelStride: Int { planar ? capacity : 1 }
    /// Distance between frames of a channel: 1 when planar, `channels` when interleaved.
    var frameStride: Int { planar ? 1 : channels }

    init(channels: Int, pad: Int, initialFrames: Int, planar: Bool) {
        self.channels = channels
        self.pad = pad
        self.planar = planar
        self.base = -Int64(pad)
        self.frameCount = pad
        self.capacity = max(pad + initialFrames, 1)
        self.storage = [W](repeating: 0, count: capacity * channels)
    }

    /// The same window with every sample converted to `W` (when the sample type changes
    /// mid-stream).
    init<V>(converting other: WarpSampleWindow<V>) {
        channels = other.channels
        pad = other.pad
        planar = other.planar
        capacity = other.capacity
        base = other.base
        frameCount = other.frameCount
        realFrames = other.realFrames
        storage = other.storage.map { W(warpDouble: $0.warpDouble) }
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
        let (c, cap, planar) = (channels, capacity, planar)
        storage.withUnsafeMutableBufferPointer { buf in
            guard let p = buf.baseAddress, keep > 0, cap * c <= buf.count, drop + keep <= cap else { return }
            if planar {
                for k in 0..<c { (p + k * cap).update(from: p + k * cap + drop, count: keep) }
            } else {
                p.update(from: p + drop * c, count: keep * c)
            }
        }
        base &+= drop64
        frameCount = keep
    }

    /// Appends `frames` interleaved frames from `source` (`frames * channels` values), converted
    /// by `convert`.
    mutating func append<S>(_ source: UnsafePointer<S>, frames: Int, convert: (S) -> W) {
        guard frames > 0 else { return }
        reserve(frames: frames)
        let (c, cap, start, planar) = (channels, capacity, frameCount, planar)
        storage.withUnsafeMutableBufferPointer { buf in
            guard let p = buf.baseAddress, start + frames <= cap, cap * c <= buf.count else { return }
            if !planar || c == 1 {
                let d = p + start * c
                for i in 0..<(frames * c) { d[i] = convert(source[i]) }
            } else if c == 2 {
                let l = p + start, r = p + cap + start
                for i in 0..<frames {
                    l[i] = convert(source[2 &* i])
                    r[i] = convert(source[2 &* i &+ 1])
                }
            } else {
                for k in 0..<c {
                    let d = p + k * cap + start
                    for i in 0..<frames { d[i] = convert(source[i &* c &+ k]) }
                }
            }
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
        let last = frameCount - 1
        copyFrame(last, over: (last + 1)..<(last + 1 + pad))
        frameCount += pad
    }

    /// Copies frame 0 over the head padding still held.
    private mutating func fillHeadPadding() {
        let firstOffset64 = 0 &- base
        guard firstOffset64 > 0, firstOffset64 < Int64(frameCount) else { return }
        let first = Int(firstOffset64)
        copyFrame(first, over: 0..<first)
    }

    /// Copies the frame at offset `source` over the frames at `targets` (all within capacity).
    private mutating func copyFrame(_ source: Int, over targets: Range<Int>) {
        let (c, cs, fs, cap) = (channels, channelStride, frameStride, capacity)
        storage.withUnsafeMutableBufferPointer { buf in
            guard let p = buf.baseAddress, source >= 0, source < cap, targets.lowerBound >= 0,
                  targets.upperBound <= cap, cap * c <= buf.count else { return }
            for k in 0..<c {
                let v = p[k * cs + source * fs]
                for i in targets { p[k * cs + i * fs] = v }
            }
        }
    }

    /// Makes room for `frames` more frames, growing geometrically.
    private mutating func reserve(frames: Int) {
        let needed = frameCount + frames
        guard needed > capacity else { return }
        let grown = max(needed, capacity * 2)
        let (c, cap, held) = (channels, capacity, frameCount)
        if !planar {
            storage.append(contentsOf: repeatElement(0, count: grown * c - storage.count))
            capacity = grown
            return
        }
        var bigger = [W](repeating: 0, count: grown * c)
        storage.withUnsafeBufferPointer { old in
            bigger.withUnsafeMutableBufferPointer { new in
                guard let s = old.baseAddress, let d = new.baseAddress, held <= cap,
                      cap * c <= old.count, grown * c <= new.count else { return }
                for k in 0..<c { (d + k * grown).update(from: s + k * cap, count: held) }
            }
        }
        storage = bigger
        capacity = grown
    }
}
