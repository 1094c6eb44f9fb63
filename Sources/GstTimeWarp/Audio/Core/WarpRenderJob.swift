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

    /// Renders frames into `out` until `capacity` frames, the count limit, or missing input.
    ///
    /// An output that is fully determined but not yet certainly within the final count (the
    /// stream could still end before it) is rendered into `held` and released by a later call:
    /// at most one frame is ever in that state, and holding it lets the generator move on, so the
    /// window can drop the frames that output needed.
    @inline(__always)
    func run<K: WarpFrameKernel>(_ kernel: inout K, generator: inout ControlPointGenerator, view: WarpFrameView,
                                 produced: inout Int64, held: UnsafeMutablePointer<Double>, hasHeld: inout Bool,
                                 out: UnsafeMutablePointer<Double>, capacity: Int) -> Int {
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
        while filled < capacity {
            // Peek first so the generator consumes fed X values even when output is capped.
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
            var pos = point.position
            if !(pos >= 0) { pos = final ? maxPosition : 0 }
            if pos > maxPosition { pos = maxPosition }
            guard kernel.render(position: pos, scale: point.scale, view: view, maxFrame: maxFrame,
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
