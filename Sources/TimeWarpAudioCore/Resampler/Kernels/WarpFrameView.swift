/// A read-only view of the input window: channel `k` of absolute frame `m` is at
/// `src[k * channelStride + (m - base) * frameStride]` for `base <= m < base + frames`
/// (`frames >= 1`); see `WarpSampleWindow` for the two layouts.
struct WarpFrameView<W: WarpWorkSample> {
    let src: UnsafePointer<W>
    let channelStride: Int
    let frameStride: Int
    let base: Int64
    let frames: Int
    let channels: Int

    /// Offset of absolute frame `m` (in frames from `base`), clamped into the held range (never
    /// out of bounds).
    @inline(__always)
    func offset(_ m: Int64) -> Int {
        let o = m &- base
        if o < 0 { return 0 }
        if o >= Int64(frames) { return frames &- 1 }
        return Int(truncatingIfNeeded: o)
    }

    /// Channel `k`'s sample at frame offset `o` (from `offset(_:)`).
    @inline(__always)
    func sample(_ k: Int, _ o: Int) -> W { src[k &* channelStride &+ o &* frameStride] }

    /// True when absolute frames `lo ... hi` are all held.
    @inline(__always)
    func holds(_ lo: Int64, _ hi: Int64) -> Bool {
        lo >= base && hi >= lo && hi &- base < Int64(frames)
    }

    /// Copies frame `m` (clamped) into `out`, interleaved.
    @inline(__always)
    func copyFrame(_ m: Int64, to out: UnsafeMutablePointer<W>) {
        let o = offset(m)
        for k in 0..<channels { out[k] = sample(k, o) }
    }
}
