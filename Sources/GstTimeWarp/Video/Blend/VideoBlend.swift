import GStreamerBinding

/// `frame-mode=blend` at a fixed output rate: the frames of the current run are held until the
/// slots they decide can be rendered; each slot's input interval `[T⁻¹(τ_k), T⁻¹(τ_k + Δ))`
/// decides what it shows (`BlendPlanner`). A DISCONT, a gap of more than half a frame, a new
/// segment, a caps change, EOS or a flush ends the run: frames of two runs are never mixed, and
/// the slots between two runs show the nearer frame, as in nearest mode.
extension VideoState {
    /// Whether frames are blended: `frame-mode=blend` and a format that can be mixed (else the
    /// fallback to nearest is announced once per caps).
    mutating func blends(_ out: StreamOutput) -> Bool {
        guard run.segment.frameMode != .nearest, let blend = format.blend else { return false }
        switch blend {
        case .success: return true
        case .failure(let unsupported):
            let mode = run.segment.frameMode.nick
            out.postWarning(once: &format.warnedUnblendable, .stream, code: ErrorCode.streamFormat,
                            "frame-mode=\(mode) cannot mix \(unsupported.name): showing the nearest frames",
                            debug: "blend and flow mix 8-bit planar and packed formats, P010_10LE, "
                                + "I420_10LE and GRAY16_LE in system memory")
            return false
        }
    }

    /// Sets what blending needs for newly negotiated caps: the layout, and a pool to set up.
    mutating func prepareBlending(for caps: borrowing Caps) {
        format.blend = VideoLayout.of(caps).flatMap { layout in
            guard let info = VideoInfo(caps) else { return .failure(VideoLayout.UnsupportedFormat(name: layout.formatName)) }
            // Mixing whole frames would mix fields of different instants and lose the buffers'
            // interlace flags: interlaced input shows the nearest frames, with their flags.
            if let mode = info.interlaceMode {
                return .failure(VideoLayout.UnsupportedFormat(name: "interlaced video (interlace-mode=\(mode))"))
            }
            return .success(BlendFormat(layout: layout, info: info))
        }
        format.pool = nil
        format.poolTried = false
        format.warnedUnblendable = false
        format.flow = nil
    }

    /// Adds `frame` to the run (after ending the run on a DISCONT or a gap) and renders every
    /// slot it completes.
    mutating func pushBlend(_ frame: BlendFrame, discont: Bool, _ out: StreamOutput) throws(FlowError) {
        if !run.blendFrames.isEmpty, let last = run.lastBlendSpan, discont || frame.span.start > last.end &+ last.period / 2 {
            try closeBlendRun(nextWarpedTime: frame.warpedTime, out)
        }
        run.lastBlendSpan = frame.span
        if run.segment.nextSlot == nil {
            try startGrid(at: frame.warpedTime, out)
        }
        if let (a, b) = pendingSlotInterval(),
           !BlendPlanner.keeps(frame.span, slotStart: a, slotEnd: b, maxFrames: run.segment.maxBlendFrames) {
            out.counters.bump(.dropped)  // a slot spanning more than max-blend-frames: not sampled
            return
        }
        run.blendFrames.append(frame)
        try renderSlots(closed: false, out) { _ in true }
    }

    /// Ends the run: renders the slots its frames decide (up to halfway to the next run's first
    /// frame, or to the last frame's end), then forgets them.
    mutating func closeBlendRun(nextWarpedTime next: UInt64?, _ out: StreamOutput) throws(FlowError) {
        guard let last = run.blendFrames.last else { return }
        let maxDuplication = run.segment.maxDuplicationTime
        defer {
            for frame in run.blendFrames where !frame.shown { out.counters.bump(.dropped) }
            run.blendFrames.removeAll()
            run.lastBlendSpan = nil
        }
        if let next, !(maxDuplication > 0 && next &- last.warpedTime > maxDuplication) {
            let twiceMid = last.warpedTime.addingReportingOverflow(next)
            try renderSlots(closed: true, out) { slot in
                let lhs = slot.multipliedReportingOverflow(by: 2)
                guard !twiceMid.overflow, !lhs.overflow else { return slot < last.warpedTime }
                let (withTolerance, o) = lhs.partialValue.addingReportingOverflow(Self.tieTolerance)
                return !o && withTolerance < twiceMid.partialValue
            }
        } else {
            try renderSlots(closed: true, out) { slot in slot < last.warpedEnd }
            if let next { try skipGap(to: next, out) }
        }
    }

    /// Renders pending slots while `belongs` accepts their time and their frames are there.
    mutating func renderSlots(closed: Bool, _ out: StreamOutput,
                              while belongs: (UInt64) -> Bool) throws(FlowError) {
        guard let grid = run.segment.grid, var slot = run.segment.nextSlot,
              let output = run.timeline.output, let warp = run.timeline.warp else { return }
        let stop = output.stop
        var failure: FlowError?
        while let t = grid.time(ofSlot: slot), belongs(t), stop == ClockTime.none || t < stop {
            guard t < ClockTime.end else {
                out.warnClockEnd(&run.warnedClockEnd)
                break
            }
            let end = grid.time(ofSlot: slot &+ 1) ?? t
            let plan = BlendPlanner.plan(slotStart: Self.inputTime(of: t, warp), slotEnd: Self.inputTime(of: end, warp),
                                         frames: run.blendFrames.map(\.span), closed: closed,
                                         maxFrames: run.segment.maxBlendFrames)
            if plan == .notReady { break }
            let pushed = Result { () throws(FlowError) in try pushSlot(plan, pts: t, duration: end &- t, slot: slot, out) }
            slot &+= 1
            if case .failure(let error) = pushed {
                failure = error
                break
            }
        }
        run.segment.nextSlot = slot
        dropFramesBefore(slot: slot, grid: grid, warp: warp, out)
        if let failure { throw failure }
    }

    /// Forgets the frames no later slot can use: those followed by a frame starting at or before
    /// the next slot's input time.
    private mutating func dropFramesBefore(slot: UInt64, grid: OutputFrameGrid, warp: TimestampWarp,
                                           _ out: StreamOutput) {
        guard let t = grid.time(ofSlot: slot) else { return }
        let a = Self.inputTime(of: t, warp)
        var drop = 0
        while drop + 1 < run.blendFrames.count, run.blendFrames[drop + 1].span.start <= a {
            if !run.blendFrames[drop].shown { out.counters.bump(.dropped) }
            drop += 1
        }
        if drop > 0 { run.blendFrames.removeFirst(drop) }
    }

    /// The input interval of the next slot to render, if the grid is placed.
    private func pendingSlotInterval() -> (UInt64, UInt64)? {
        guard let grid = run.segment.grid, let slot = run.segment.nextSlot, let warp = run.timeline.warp,
              let t = grid.time(ofSlot: slot), let end = grid.time(ofSlot: slot &+ 1) else { return nil }
        return (Self.inputTime(of: t, warp), Self.inputTime(of: end, warp))
    }

    /// `T⁻¹` of an output timestamp: the input stream time shown at it.
    static func inputTime(of timestamp: UInt64, _ warp: TimestampWarp) -> UInt64 {
        let (streamTime, overflow) = Int64(clamping: timestamp).subtractingReportingOverflow(warp.offset)
        let outputStreamTime = overflow || streamTime < 0 ? 0 : UInt64(streamTime)
        return warp.isIdentity ? outputStreamTime : warp.unwarpStreamTime(outputStreamTime)
    }

    /// Pushes one slot: a held frame as it is, or a new frame mixed from several.
    private mutating func pushSlot(_ plan: SlotPlan, pts: UInt64, duration: UInt64, slot: UInt64,
                                   _ out: StreamOutput) throws(FlowError) {
        guard case .success(let blendFormat) = format.blend else { throw .error }
        var indices: [Int] = [], weights: [UInt32] = []
        switch plan {
        case .notReady: return
        case .frame(let i):
            indices = [i]
            weights = [1]
        case .mix(let mixIndices, let mixWeights):
            let scale = blendFormat.layout.sampleBytes == 1 ? PixelMix.scale8 : PixelMix.scale16
            for (i, w) in zip(mixIndices, BlendPlanner.quantize(mixWeights, scale: scale)) where w > 0 {
                indices.append(i)
                weights.append(w)
            }
        }
        guard !indices.isEmpty, indices.allSatisfy({ run.blendFrames.indices.contains($0) }) else { throw .error }
        var mixed: Buffer? = nil
        if indices.count > 1, run.segment.frameMode == .flow,
           let sharp = renderShutter(slotTime: pts, duration: duration, blendFormat, out, image: &mixed) {
            indices = [sharp]
        }
        if mixed == nil, indices.count == 2, run.segment.frameMode == .flow {
            mixed = renderFlow(indices: (indices[0], indices[1]), slotTime: pts, duration: duration, blendFormat, out)
        }
        if mixed == nil, indices.count > 1 {
            mixed = render(indices: indices, weights: weights, slotEnd: pts &+ duration, blendFormat, out)
            if mixed == nil, let heaviest = zip(indices, weights).max(by: { ($0.1, $0.0) < ($1.1, $1.0) })?.0 {
                indices = [heaviest]  // not mappable as video: the heaviest frame (ties: the later) instead
            }
        }
        var frame: Buffer
        if let mixed = mixed.take() {
            frame = mixed
        } else {
            // Weight 0 or 1: the frame itself, no copy.
            let i = indices[0]
            guard let copy = run.blendFrames[i].box.buffer.shallowCopy() else { throw .error }
            frame = copy
            if run.blendFrames[i].pushedAsItself { out.counters.bump(.duplicated) }
            run.blendFrames[i].pushedAsItself = true
        }
        for i in indices { run.blendFrames[i].shown = true }
        frame.stamp(pts: pts, duration: duration, offset: slot, offsetEnd: slot &+ 1, discont: run.timeline.discontPending)
        run.timeline.discontPending = false
        run.segment.lastSlotTime = pts
        out.counters.bump(.output)
        try out.push(frame)
    }

    /// The mix of the run's frames `indices` with `weights`: written over one of them when no
    /// later slot needs it (`overwritable`), else in a new output buffer; nil (after one
    /// warning) when a frame cannot be mapped as video of the negotiated format.
    private mutating func render(indices: [Int], weights: [UInt32], slotEnd: UInt64, _ blendFormat: BlendFormat,
                                 _ out: StreamOutput) -> Buffer? {
        startWorkers()
        if run.segment.frameMode == .blend, let target = overwritable(indices, slotEnd: slotEnd) {
            let sources = indices.map { run.blendFrames[$0].box }
            if BlendRenderer.render(over: target, sources: sources, weights: weights, format: blendFormat,
                                    workers: workers) {
                return sources[target].buffer.shallowCopy()
            }
        }
        guard var buffer = outputBuffer(blendFormat, out),
              BlendRenderer.render(into: &buffer, sources: indices.map { run.blendFrames[$0].box }, weights: weights,
                                   format: blendFormat, workers: workers) else {
            out.postWarning(once: &run.warnedUnmappable, .stream, code: ErrorCode.streamFormat,
                            "A frame could not be mapped as \(blendFormat.layout.formatName) video: "
                                + "showing the nearest frame instead of a blend",
                            debug: "buffers smaller than the caps say, or no output buffer")
            return nil
        }
        return buffer
    }

    /// The position in `indices` of a frame the mix may be written over in place (no output
    /// buffer to fetch; the rows written are the ones just read, still in the cache): one that no
    /// later slot can use, with a buffer writable in place (no one else holds it or shares its
    /// memory: not while a copy pushed as itself is still held downstream).
    ///
    /// No later slot uses frame `i` when the next frame starts, and frame `i` ends (within the
    /// planner's tolerance of that start), at or before the next slot's input time
    /// `T⁻¹(slotEnd)`: from there on the planner picks frame `i + 1` or later (the frame at an
    /// instant, or the frames overlapping a span). A live change splices the map at a later
    /// buffer's start, after both, so it cannot move a later slot's input time back before them.
    private func overwritable(_ indices: [Int], slotEnd: UInt64) -> Int? {
        guard let warp = run.timeline.warp else { return nil }
        let next = Self.inputTime(of: slotEnd, warp)
        for (j, i) in indices.enumerated() where i + 1 < run.blendFrames.count {
            let frame = run.blendFrames[i], following = run.blendFrames[i + 1].span.start
            if following <= next, frame.span.end <= next, frame.span.end <= following &+ BlendPlanner.tolerance,
               frame.box.buffer.isWritableInPlace {
                return j
            }
        }
        return nil
    }

    /// Starts the row workers once per stream (when going to PAUSED did not).
    mutating func startWorkers() {
        guard !workersTried else { return }
        workersTried = true
        workers = FrameWorkers.forThisMachine()
    }

    /// A buffer for a blended frame: from the pool agreed with downstream (set up at the first
    /// blended frame after each CAPS), else newly allocated.
    mutating func outputBuffer(_ blendFormat: BlendFormat, _ out: StreamOutput) -> Buffer? {
        if !format.poolTried {
            format.poolTried = true
            if let caps = out.srcPad.currentCaps() {
                format.pool = BufferPool(negotiatingOn: out.srcPad, caps: caps, info: blendFormat.info)
            }
            if format.pool == nil {
                out.log(.warning, "no buffer pool for blended frames: allocating each")
            }
        }
        if let buffer = format.pool?.acquire() { return buffer }
        return Buffer.allocate(size: blendFormat.info.size)
    }
}
