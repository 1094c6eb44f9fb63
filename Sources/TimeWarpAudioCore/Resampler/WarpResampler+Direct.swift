/// A second way to drive `WarpResampler`, for callers that write output straight into memory of
/// their own (the element renders into the outgoing `GstBuffer`, with no intermediate array):
///
///     while taken < input.count {
///         taken += r.append(input[taken...])
///         let bound = r.renderBound                  // frames that can come out now, at most
///         if bound > 0 {
///             n = r.render(into: memory for bound + 1 frames)
///         } else {
///             r.renderNothing(S.self)
///         }
///     }
///
/// It yields exactly the frames `process(_:into:)` would, in the same order, and moves through
/// the same states (the extra frame of room lets a frame beyond the count be held, as there).
extension WarpResampler {
    /// Appends one step's worth of interleaved `input` (see `appendSome`: the rest of a split
    /// frame, up to `chunkFrames` whole frames, or a trailing partial frame) without rendering;
    /// returns how many samples it took (0 once finished or for empty input).
    @inlinable
    public mutating func append<S: WarpSample>(_ input: UnsafeBufferPointer<S>) -> Int {
        S.warpRun(.append(input), on: &self)
    }

    /// An upper bound on the frames `render(into:)` writes now: those still certainly within the
    /// final count.
    public var renderBound: Int {
        guard !isFinished else { return 0 }
        return Int(clamping: max(0, outputLimit &- outputCount))
    }

    /// Renders the frames that are ready into `output` (room for `output.count / channels`
    /// frames: any room works, at most `renderBound` are written); returns how many frames it
    /// wrote. Once the end has begun (`finish()` or `drainStep(into:)`), it renders the end of
    /// the stream as `drainStep(into:)` does.
    @inlinable
    public mutating func render<S: WarpSample>(into output: UnsafeMutableBufferPointer<S>) -> Int {
        S.warpRun(.render(output, final: isDraining), on: &self)
    }

    /// The end of the stream a piece at a time, into memory of the caller's (`drain(into:)`
    /// renders all of it into one array): each call writes up to `output.count / channels`
    /// frames; call until it returns 0, after which the resampler is finished. The same frames
    /// as `drain(into:)`, in the same order.
    @inlinable
    public mutating func drainStep<S: WarpSample>(into output: UnsafeMutableBufferPointer<S>) -> Int {
        S.warpRun(.render(output, final: true), on: &self)
    }

    /// What `render(into:)` does when `renderBound` is 0: no frame comes out, but the generator
    /// moves on (a frame beyond the count may be held), so the window can let go of old input.
    @inlinable
    public mutating func renderNothing<S: WarpSample>(_: S.Type) {
        _ = S.warpRun(.renderNothing, on: &self)
    }

    /// `append(_:)` in the working precision of `S` (nothing once the end has begun).
    mutating func typedAppend<S: WarpCodec>(_ input: UnsafeBufferPointer<S>) -> Int {
        guard !isFinished, !isDraining, let src = input.baseAddress, input.count > 0 else { return 0 }
        var store = takeStore(S.Work.self)
        let (taken, _) = appendSome(src, count: input.count, store: &store)
        S.Work.putStore(consume store, into: &slot)
        return taken
    }

    /// `render(into:)` and `drainStep(into:)` in the working precision of `S`.
    mutating func typedRender<S: WarpCodec>(into output: UnsafeMutableBufferPointer<S>, final: Bool) -> Int {
        let c = channels
        let room = output.count / c
        guard !isFinished, final || !isDraining, room > 0, let base = output.baseAddress else { return 0 }
        if final && !isDraining {
            beginDrain()
            if isFinished { return 0 }
        }
        var store = takeStore(S.Work.self)
        var written = 0
        if S.self == S.Work.self {
            // Same type: render in place.
            let out = UnsafeMutableRawPointer(base).assumingMemoryBound(to: S.Work.self)
            written = render(final: final, store: &store, into: out, capacity: room)
        } else {
            // Through the scratch buffer, converted batch by batch.
            let batch = store.scratch.count / c
            while written < room {
                let want = min(batch, room &- written)
                let n = render(final: final, store: &store, into: nil, capacity: want)
                store.scratch.withUnsafeBufferPointer { buf in
                    S.convert(UnsafeBufferPointer(rebasing: buf[0..<min(n &* c, buf.count)]), into: base + written &* c)
                }
                written &+= n
                if n < want { break }
            }
        }
        S.Work.putStore(consume store, into: &slot)
        if final && written == 0 { isFinished = true }
        return written
    }

    /// `renderNothing(_:)` in the working precision of `S`.
    mutating func typedRenderNothing<S: WarpCodec>(_: S.Type) {
        guard !isFinished else { return }
        var store = takeStore(S.Work.self)
        var none: [S] = []
        produce(final: false, store: &store, into: &none)
        S.Work.putStore(consume store, into: &slot)
    }
}

/// The steps of the end and of a render with nothing due that need no sample type: they work on
/// the store in whichever precision it already has.
extension WarpResampler {
    /// Starts the end of the stream (what `drain(into:)` does before rendering): no more input,
    /// an incomplete trailing frame is dropped, and the window gets its tail padding. Finished at
    /// once when no frame arrived.
    mutating func beginDrain() {
        guard !isFinished, !isDraining else { return }
        isDraining = true
        carryCount = 0
        guard slot.realFrames > 0 else {
            isFinished = true
            return
        }
        switch slot.precision {
        case .float: withStore(Float.self) { $0.window.appendTailPadding() }
        case .double: withStore(Double.self) { $0.window.appendTailPadding() }
        case nil: break
        }
    }

    /// `renderNothing(_:)` in the store's own precision (nothing to do without a store).
    mutating func advanceWithoutOutput() {
        switch slot.precision {
        case .float: typedRenderNothing(Float.self)
        case .double: typedRenderNothing(Double.self)
        case nil: break
        }
    }

    /// Calls `body` with the store in precision `W`, taken out of `slot` and put back after.
    mutating func withStore<W: WarpWorkSample>(_: W.Type, _ body: (inout WarpSampleStore<W>) -> Void) {
        var store = takeStore(W.self)
        body(&store)
        W.putStore(consume store, into: &slot)
    }
}
