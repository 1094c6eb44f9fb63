/// The per-call constants of the render loop.
struct WarpRenderJob {
    /// Frames must stay below this count (the final count if the stream ended now).
    let limit: Int64
    /// Highest absolute input frame the kernel may read.
    let maxFrame: Int64
    /// Control points are clamped to `0 ... maxPosition` (`N`).
    let maxPosition: Double
    /// End of stream: outputs past the last X are extrapolated.
    let final: Bool

    /// `position` clamped to `0 ... maxPosition` (NaN: 0, or `maxPosition` at the end).
    @inline(__always)
    func clamp(_ position: Double) -> Double {
        var pos = position
        if !(pos >= 0) { pos = final ? maxPosition : 0 }
        if pos > maxPosition { pos = maxPosition }
        return pos
    }

    /// Renders frames into `out` until `capacity` frames, the count limit, or missing input.
    ///
    /// Outputs certainly within the count go in runs through the kernel's `renderRun` (the fast
    /// path; `points` is scratch for it); everything else (the first points, skipped X values, the
    /// end of the stream, the count limit) one at a time through `peek()`. Both give the same
    /// points.
    ///
    /// An output that is fully determined but not yet certainly within the final count (the
    /// stream could still end before it) is rendered into `held` and released by a later call:
    /// at most one frame is ever in that state, and holding it lets the generator move on, so the
    /// window can drop the frames that output needed.
    ///
    /// Not inlined: each kernel's loop gets a function of its own, compact in the instruction
    /// cache.
    @inline(never)
    func run<K: WarpFrameKernel>(_ kernel: inout K, generator: inout ControlPointGenerator, view: WarpFrameView<K.W>,
                                 produced: inout Int64, held: UnsafeMutablePointer<K.W>, hasHeld: inout Bool,
                                 out: UnsafeMutablePointer<K.W>, capacity: Int,
                                 points: UnsafeMutableBufferPointer<Double>) -> Int {
        var filled = 0
        var count = produced
        let c = view.channels
        defer { produced = count }
        if hasHeld {
            if count < limit {
                out.update(from: held, count: c)
                hasHeld = false
                count &+= 1
                filled = 1
            } else if final {
                hasHeld = false                  // beyond the final count: dropped
                return 0
            } else {
                _ = generator.peek()             // keep consuming warped times
                return 0
            }
        }
        let maxFrame = self.maxFrame
        while filled < capacity {
            // Fast path: a run of outputs certainly within the count, at positions in
            // `0 ..< maxPosition` below the kernel's bound (see `WarpFrameKernel.renderRun`).
            let room = min(Int64(capacity &- filled), limit &- count)
            if room > 0 {
                let bound = min(kernel.positionBound(maxFrame: maxFrame), maxPosition)
                let rendered = kernel.renderRun(generator: &generator, limit: Int(room), bound: bound, view: view,
                                                maxFrame: maxFrame, out: out + filled &* c, points: points)
                filled &+= rendered
                count &+= Int64(rendered)
                if rendered > 0 { continue }
            }
            // One output the general way. Peek first so the generator consumes fed X values even
            // when output is capped.
            let point: WarpControlPoint
            if let p = generator.peek() {
                point = p
            } else if final {
                point = generator.extrapolated()
            } else {
                break
            }
            let within = count < limit
            if !within && final { break }
            guard kernel.render(position: clamp(point.position), scale: point.scale, view: view, maxFrame: maxFrame,
                                out: within ? out + filled &* c : held) else { break }
            generator.advance()
            if !within {
                hasHeld = true
                _ = generator.peek()
                break
            }
            count &+= 1
            filled &+= 1
        }
        return filled
    }
}
