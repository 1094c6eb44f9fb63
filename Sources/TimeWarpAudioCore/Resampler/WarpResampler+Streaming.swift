/// The streaming machinery behind `WarpResampler`'s public API: appending input, feeding the
/// control point generator, and rendering output frames in scratch-sized batches, all in the
/// working precision of the sample type (`WarpCodec.Work`).
extension WarpResampler {
    /// Computes `warp(t0)`, the origin of output time, and feeds it as `X(0)`.
    mutating func start(at t0: Double) {
        var largest = -Double.infinity
        generator.feed(count: 1, largest: &largest) { x in
            x[0] = t0
            warpTimes(x)
        }
        origin = generator.origin
        if origin.isFinite { limitX = origin }
    }

    /// The store in precision `W`, taken out of `slot` (converted, or fresh); put it back after use.
    mutating func takeStore<W: WarpWorkSample>(_: W.Type) -> WarpSampleStore<W> {
        W.takeStore(&slot) ?? WarpSampleStore(channels: channels, pad: pad, chunkFrames: chunkFrames,
                                              scratchFrames: scratchFrames, sinc: interpolation == .sinc)
    }

    /// `process(_:into:)` in the working precision of `S`.
    mutating func typedProcess<S: WarpCodec>(_ input: UnsafeBufferPointer<S>, into output: inout [S]) {
        guard !isFinished, let src = input.baseAddress, input.count > 0 else { return }
        var store = takeStore(S.Work.self)
        var consumed = 0
        while consumed < input.count {
            let (taken, frames) = appendSome(src + consumed, count: input.count &- consumed, store: &store)
            consumed &+= taken
            if frames > 0 { produce(final: false, store: &store, into: &output) }
        }
        S.Work.putStore(consume store, into: &slot)
    }

    /// Appends what fits in one step from the `count` interleaved samples at `src`: the rest of a
    /// frame split across buffers, else up to `chunkFrames` whole frames (so the window stays
    /// small), else an incomplete trailing frame (kept for the next buffer). Returns the samples
    /// taken and the frames appended.
    mutating func appendSome<S: WarpCodec>(_ src: UnsafePointer<S>, count: Int,
                                                 store: inout WarpSampleStore<S.Work>) -> (taken: Int, frames: Int) {
        let c = channels
        if carryCount > 0 {
            // Complete a frame split across buffers.
            let take = min(c &- carryCount, count)
            let at = carryCount
            store.carry.withUnsafeMutableBufferPointer { buf in
                guard at &+ take <= buf.count, let p = buf.baseAddress else { return }
                for k in 0..<take { p[at &+ k] = S.decode(src[k]) }
            }
            carryCount &+= take
            guard carryCount == c else { return (take, 0) }
            carryCount = 0
            var frame: [S.Work] = []
            swap(&frame, &store.carry)
            frame.withUnsafeBufferPointer { f in
                guard let p = f.baseAddress, f.count >= c else { return }
                appendFrames(1, to: &store.window, from: p) { $0 }
            }
            swap(&frame, &store.carry)
            return (take, 1)
        }
        if count >= c {
            // Whole frames, a chunk at a time.
            let frames = min(count / c, chunkFrames)
            appendFrames(frames, to: &store.window, from: src) { S.decode($0) }
            return (frames &* c, frames)
        }
        // Keep an incomplete trailing frame for the next buffer.
        store.carry.withUnsafeMutableBufferPointer { buf in
            guard count <= buf.count, let p = buf.baseAddress else { return }
            for k in 0..<count { p[k] = S.decode(src[k]) }
        }
        carryCount = count
        return (count, 0)
    }

    /// `drain(into:)` in the working precision of `S`.
    mutating func typedDrain<S: WarpCodec>(into output: inout [S]) {
        guard !isFinished else { return }
        isFinished = true
        carryCount = 0
        guard slot.realFrames > 0 else { return }
        var store = takeStore(S.Work.self)
        store.window.appendTailPadding()
        produce(final: true, store: &store, into: &output)
        S.Work.putStore(consume store, into: &slot)
    }

    /// Adds `frames` interleaved frames from `source` (converted by `convert`) and feeds their
    /// successors' warped times: frame `k` arriving makes `X(k+1) = warp(t0 + (k+1)/rate)` known.
    mutating func appendFrames<S, W: WarpWorkSample>(_ frames: Int, to window: inout WarpSampleWindow<W>,
                                                     from source: UnsafePointer<S>, convert: (S) -> W) {
        window.discard(before: generator.positionLowerBound &- Int64(window.pad))
        let first = window.realFrames
        window.append(source, frames: frames, convert: convert)
        let t0 = startTime
        let period = generator.period
        var maxX = limitX
        let warpTimes = self.warpTimes
        generator.feed(count: frames, largest: &maxX) { xs in
            guard let base = xs.baseAddress else { return }
            // Double(first + k + 1) as Double(first) + Double(k + 1): both exact integers below
            // 2^53 (k < chunkFrames), so the same value, and the small one converts in vectors.
            let firstD = Double(first)
            var next: Int32 = 1
            for k in 0..<xs.count {
                base[k] = t0 + (firstD + Double(next)) * period
                next &+= 1
            }
            warpTimes(xs)
        }
        if origin.isFinite && maxX > limitX {
            limitX = maxX
            outputLimit = max(outputLimit, WarpNumerics.nonNegativeRoundedCount((maxX - origin) * rateD))
        }
    }

    /// Emits output frames while they are determined (or, when `final`, up to the final count).
    mutating func produce<S: WarpCodec>(final: Bool, store: inout WarpSampleStore<S.Work>,
                                              into output: inout [S]) {
        let c = channels
        guard store.window.frameCount > 0, store.scratch.count >= c else { return }
        let batch = store.scratch.count / c
        while true {
            let rendered = render(final: final, store: &store)
            if rendered > 0 {
                store.scratch.withUnsafeBufferPointer { buf in
                    S.store(UnsafeBufferPointer(rebasing: buf[0..<min(rendered * c, buf.count)]), appendingTo: &output)
                }
            }
            if rendered < batch { return }
        }
    }

    /// Renders up to one scratch buffer of output frames into `store.scratch` (fewer if
    /// `capacity` is positive and smaller), or up to `capacity` frames into `destination` when
    /// given; returns how many.
    mutating func render<W: WarpWorkSample>(final: Bool, store: inout WarpSampleStore<W>,
                                            into destination: UnsafeMutablePointer<W>? = nil,
                                            capacity destinationCapacity: Int = 0) -> Int {
        let c = channels
        let frames = store.window.frameCount
        guard frames > 0, store.window.storage.count >= store.window.capacity * c else { return 0 }
        let real = store.window.realFrames
        let base = store.window.base
        // Positions stay below 2^52 (3000 years at 48 kHz), where floor and fraction are exact and
        // index arithmetic around them cannot overflow.
        let job = WarpRenderJob(limit: outputLimit, maxFrame: final ? store.window.endIndex &- 1 : real &- 1,
                                maxPosition: min(Double(real), 4.0e15), final: final)
        // The buffers move into locals for the duration (no copies), so each is accessed alone.
        var input: [W] = [], scratch: [W] = [], held: [W] = [], weights: [W] = [], points: [Double] = []
        var plan: [Int] = []
        func exchange() {
            swap(&input, &store.window.storage)
            swap(&scratch, &store.scratch)
            swap(&held, &store.held)
            swap(&weights, &store.weights)
            swap(&points, &store.points)
            swap(&plan, &store.plan)
        }
        exchange()
        defer { exchange() }
        var produced = outputCount
        var holding = hasHeld
        let (channelStride, frameStride) = (store.window.channelStride, store.window.frameStride)
        let capacityFrames = store.window.capacity
        let n: Int = input.withUnsafeBufferPointer { sbuf in
            scratch.withUnsafeMutableBufferPointer { obuf in
            held.withUnsafeMutableBufferPointer { hbuf in
            points.withUnsafeMutableBufferPointer { pbuf in
                guard let sp = sbuf.baseAddress, let op = destination ?? obuf.baseAddress, let hp = hbuf.baseAddress,
                      hbuf.count >= c, frames <= capacityFrames, capacityFrames * c <= sbuf.count else { return 0 }
                let view = WarpFrameView(src: sp, channelStride: channelStride, frameStride: frameStride, base: base,
                                         frames: frames, channels: c)
                let capacity = destination != nil ? destinationCapacity
                    : destinationCapacity > 0 ? min(obuf.count / c, destinationCapacity) : obuf.count / c
                guard capacity > 0 else { return 0 }
                switch interpolation {
                case .linear:
                    var k = WarpLinearKernel<W>()
                    return job.run(&k, generator: &generator, view: view, produced: &produced, held: hp,
                                   hasHeld: &holding, out: op, capacity: capacity, points: pbuf)
                case .cubic:
                    var k = WarpCubicKernel<W>()
                    return job.run(&k, generator: &generator, view: view, produced: &produced, held: hp,
                                   hasHeld: &holding, out: op, capacity: capacity, points: pbuf)
                case .sinc:
                    guard let state = sinc else { return 0 }
                    return weights.withUnsafeMutableBufferPointer { wbuf in
                    plan.withUnsafeMutableBufferPointer { planBuf in
                        guard let wp = wbuf.baseAddress, let pp = planBuf.baseAddress else { return 0 }
                        let scratch = WarpSincScratch(weights: wp, weightCapacity: wbuf.count, plan: pp,
                                                      planCapacity: planBuf.count / 2)
                        sinc = nil
                        var k = WarpSincKernel(state: state, scratch: scratch)
                        defer { sinc = k.state }
                        return job.run(&k, generator: &generator, view: view, produced: &produced, held: hp,
                                       hasHeld: &holding, out: op, capacity: capacity, points: pbuf)
                    }
                    }
                }
            }
            }
            }
        }
        outputCount = produced
        hasHeld = holding
        return n
    }
}
