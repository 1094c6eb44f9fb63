/// The streaming machinery behind `WarpResampler`'s public API: appending input, feeding the
/// control point generator, and rendering output frames in scratch-sized batches.
extension WarpResampler {
    /// Computes `warp(t0)`, the origin of output time, and feeds it as `X(0)`.
    mutating func start(at t0: Double) {
        origin = warp(t0)
        generator.feed(origin)
        if origin.isFinite { limitX = origin }
    }

    /// Adds `frames` frames (written by `fill`) and feeds their successors' warped times:
    /// frame `k` arriving makes `X(k+1) = warp(t0 + (k+1)/rate)` known.
    mutating func appendFrames(_ frames: Int, fill: (UnsafeMutableBufferPointer<Double>) -> Void) {
        window.discard(before: generator.positionLowerBound &- Int64(window.pad))
        let first = window.realFrames
        window.append(frames: frames, fill: fill)
        if xScratch.count < frames { xScratch = [Double](repeating: 0, count: frames) }
        let t0 = startTime
        let period = generator.period
        var maxX = limitX
        let warp = self.warp
        xScratch.withUnsafeMutableBufferPointer { xs in
            for k in 0..<min(frames, xs.count) {
                let x = warp(t0 + Double(first &+ Int64(k &+ 1)) * period)
                xs[k] = x
                if x > maxX && x.isFinite { maxX = x }
            }
            generator.feed(contentsOf: UnsafeBufferPointer(rebasing: xs[0..<min(frames, xs.count)]))
        }
        if origin.isFinite && maxX > limitX {
            limitX = maxX
            outputLimit = max(outputLimit, WarpNumerics.nonNegativeRoundedCount((maxX - origin) * rateD))
        }
    }

    /// Emits output frames while they are determined (or, when `final`, up to the final count).
    mutating func produce<S: WarpSample>(final: Bool, into output: inout [S]) {
        guard window.frameCount > 0, outScratch.count >= channels else { return }
        while true {
            let rendered = render(final: final)
            if rendered > 0 {
                outScratch.withUnsafeBufferPointer { buf in
                    S.warpStore(UnsafeBufferPointer(rebasing: buf[0..<min(rendered * channels, buf.count)]),
                                appendingTo: &output)
                }
            }
            if rendered < outScratch.count / channels { return }
        }
    }

    /// Renders up to one scratch buffer of output frames; returns how many.
    mutating func render(final: Bool) -> Int {
        var store: [Double] = []
        var scratch: [Double] = []
        var gen = ControlPointGenerator(rate: 1)
        swap(&store, &window.storage)
        swap(&scratch, &outScratch)
        swap(&gen, &generator)
        defer {
            swap(&store, &window.storage)
            swap(&scratch, &outScratch)
            swap(&gen, &generator)
        }
        let c = channels
        let frames = window.frameCount
        guard frames > 0, store.count >= frames * c else { return 0 }
        let real = window.realFrames
        // Positions stay below 2^52 (3000 years at 48 kHz), where floor and fraction are exact and
        // index arithmetic around them cannot overflow.
        let job = WarpRenderJob(limit: outputLimit, maxFrame: final ? window.endIndex &- 1 : real &- 1,
                                maxPosition: min(Double(real), 4.0e15), final: final)
        var produced = outputCount
        var heldFrame: [Double] = []
        swap(&heldFrame, &held)
        defer { swap(&heldFrame, &held) }
        var holding = hasHeld
        defer { hasHeld = holding }
        let n: Int = store.withUnsafeBufferPointer { sbuf in
            scratch.withUnsafeMutableBufferPointer { obuf in
            heldFrame.withUnsafeMutableBufferPointer { hbuf in
                guard let sp = sbuf.baseAddress, let op = obuf.baseAddress, let hp = hbuf.baseAddress,
                      hbuf.count >= c else { return 0 }
                let view = WarpFrameView(src: sp, base: window.base, frames: frames, channels: c)
                let capacity = obuf.count / c
                switch interpolation {
                case .linear:
                    var k = WarpLinearKernel()
                    return job.run(&k, generator: &gen, view: view, produced: &produced, held: hp,
                                   hasHeld: &holding, out: op, capacity: capacity)
                case .cubic:
                    var k = WarpCubicKernel()
                    return job.run(&k, generator: &gen, view: view, produced: &produced, held: hp,
                                   hasHeld: &holding, out: op, capacity: capacity)
                case .sinc:
                    guard let state = sinc else { return 0 }
                    sinc = nil
                    return withUnsafeTemporaryAllocation(of: Double.self, capacity: WarpSincState.weightCapacity) { wbuf in
                        guard let wp = wbuf.baseAddress else { return 0 }
                        var k = WarpSincKernel(state: state, weights: wp, weightCapacity: wbuf.count)
                        defer { sinc = k.state }
                        return job.run(&k, generator: &gen, view: view, produced: &produced, held: hp,
                                       hasHeld: &holding, out: op, capacity: capacity)
                    }
                }
            }
            }
        }
        outputCount = produced
        return n
    }
}
