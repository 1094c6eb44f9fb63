/// `A[n]*(1-f) + A[n+1]*f` at `c = n + f` (see docs/mathematics.md#audio-interpolation),
/// evaluated in `Double` whatever the working precision; exactly `A[n]` when `f == 0`.
struct WarpLinearKernel<W: WarpWorkSample>: WarpFrameKernel {
    static var usesScale: Bool { false }
    /// `(1.0).bitPattern`.
    static var oneBits: UInt64 { 0x3FF0_0000_0000_0000 }

    /// Points below `maxFrame` need frames up to `maxFrame` at most.
    @inline(__always)
    func positionBound(maxFrame: Int64) -> Double { Double(maxFrame) }

    @inline(__always)
    mutating func render(position c: Double, scale: Double, view: WarpFrameView<W>, maxFrame: Int64,
                         out: UnsafeMutablePointer<W>) -> Bool {
        let n = WarpNumerics.floorIndex(c)
        let f = c - Double(n)
        if f == 0 {
            guard n <= maxFrame else { return false }
            view.copyFrame(n, to: out)
            return true
        }
        guard n < maxFrame else { return false }
        let o0: Int, o1: Int
        let o = n &- view.base
        if o >= 0 && o < Int64(view.frames &- 1) {
            o0 = Int(truncatingIfNeeded: o)
            o1 = o0 &+ 1
        } else {
            o0 = view.offset(n)
            o1 = view.offset(n &+ 1)
        }
        let g = 1 - f
        for k in 0..<view.channels {
            out[k] = W(warpDouble: view.sample(k, o0).warpDouble * g + view.sample(k, o1).warpDouble * f)
        }
        return true
    }

    /// In one pass: each control point is rendered as the generator reaches it; interleaved
    /// stereo points inline (stopping at a point with `f` outside `0 ..< 1`, which the caller
    /// renders the general way), everything else through `render(position:...)`.
    @inline(__always)
    mutating func renderRun(generator: inout ControlPointGenerator, limit: Int, bound: Double,
                            view: WarpFrameView<W>, maxFrame: Int64, out: UnsafeMutablePointer<W>,
                            points: UnsafeMutableBufferPointer<Double>) -> Int {
        let c = view.channels
        // Every point the stereo loop renders has its frames `left` and `left + 1` held: the
        // interval's left end starts at `leftIndex >= base`, only grows, and stays at most
        // `lastLeft` below.
        let base = view.base, lastHeld = view.base &+ Int64(view.frames &- 1)
        guard c == 2, view.frameStride == 2, view.channelStride == 1, generator.leftIndex >= base else {
            return generator.walk(limit: limit, bound: bound) { k, point in
                render(position: point.position, scale: 1, view: view, maxFrame: maxFrame, out: out + k &* c)
            }
        }
        // Positions below `bound`: with `left + 1 <= floor(bound)` every position `left + f`
        // (`0 <= f < 1`, all the loop renders) is below it; the rest go the general way. And
        // `left + 1` is at most `maxFrame` (input received) and `lastHeld`.
        let top = min(WarpNumerics.floorIndex(bound), maxFrame, lastHeld)
        let lastLeft = top > .min ? top &- 1 : top
        let plain = Self.plainStereoRun(generator: &generator, limit: limit, lastLeft: lastLeft, src: view.src,
                                        base: base, out: out)
        if plain > 0 { return plain }
        return Self.stereoRun(generator: &generator, limit: limit, lastLeft: lastLeft, src: view.src, base: base,
                              out: out)
    }

    /// `stereoRun` where every bend is 0 (`generator.walkPlain`): the same outputs, with less work
    /// per output. Returns the outputs rendered (0: `stereoRun` takes over).
    @inline(never)
    static func plainStereoRun(generator: inout ControlPointGenerator, limit: Int, lastLeft: Int64,
                               src: UnsafePointer<W>, base: Int64, out: UnsafeMutablePointer<W>) -> Int {
        generator.walkPlain(limit: limit, lastLeft: lastLeft) { k, left, lp, position, _ in
            stereoPoint(src + 2 &* Int(truncatingIfNeeded: left &- base), f: position - lp, to: out + 2 &* k)
        }
    }

    /// One interleaved stereo output from the frame pair at `p` (`p[0...1]`, `p[2...3]`) at
    /// fraction `f`, into `out[0...1]`; false (nothing written) unless `0 <= f < 1` (`f` rounded
    /// to 1 is left to the caller's general path: no call in the loops keeps every value in a
    /// register).
    @inline(__always)
    static func stereoPoint(_ p: UnsafePointer<W>, f: Double, to out: UnsafeMutablePointer<W>) -> Bool {
        // 0 < f < 1 in one compare: positive doubles order like their bit patterns.
        if f.bitPattern &- 1 < WarpLinearKernel.oneBits &- 1 {
            W.warpStorePair(W.warpLerpFrames(p, 1 - f, f), to: out)
            return true
        }
        if f == 0 {                                       // exactly A[left]
            out[0] = p[0]
            out[1] = p[1]
            return true
        }
        return false
    }

    /// The interleaved stereo loop of `renderRun`, a function of its own so that nothing else
    /// competes for its registers. `src` holds frame `base`; frames up to `lastLeft + 1` are held.
    @inline(never)
    static func stereoRun(generator: inout ControlPointGenerator, limit: Int, lastLeft: Int64,
                          src: UnsafePointer<W>, base: Int64, out: UnsafeMutablePointer<W>) -> Int {
        // `c = left + f` with `0 < f < 1` is the plain case: `floor(c)` is `left` and
        // `f = c - leftPosition` exactly what `render` computes.
        generator.walk(limit: limit, bound: .infinity, checksBound: false, lastLeft: lastLeft) { k, point in
            stereoPoint(src + 2 &* Int(truncatingIfNeeded: point.left &- base), f: point.position - point.leftPosition,
                        to: out + 2 &* k)
        }
    }
}
