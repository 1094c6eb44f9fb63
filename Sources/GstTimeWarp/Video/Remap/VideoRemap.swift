import GStreamerBinding
import TimeWarpMap

/// `function=remap` with a curve that stops, jumps or goes back: output slot `k` at output time
/// `τ_k` shows the input around `p(τ_k)`. Frames arrive in input order and are kept while the rest
/// of the curve shows them again (`RemapFrame.keepUntil`); a slot is pushed as soon as the frame it
/// shows is known (one frame of latency). Fixed rate: every slot of the caps' rate (`nearest`: the
/// frame covering `p(τ)`, `blend`: the frames the slot's input span covers, in either direction);
/// variable rate: slots at the input rate, each frame once per stretch it is shown.
extension VideoState {
    /// Takes one input frame at input stream time `streamTime` (ns) and pushes the slots it
    /// decides.
    mutating func processRemap(_ buffer: consuming Buffer, streamTime: UInt64, _ remap: RemapSegment,
                               _ out: StreamOutput) throws(FlowError) {
        if let last = run.remap.frames.indices.last {
            run.remap.frames[last].close(at: streamTime, remap.curve)
        }
        let size = buffer.size
        run.remap.frames.append(RemapFrame(box: BlendFrame.Box(buffer), size: size, start: streamTime))
        run.remap.residentBytes += size
        let pushed = Result { () throws(FlowError) in try pushRemapSlots(remap, final: false, out) }
        releaseRemapFrames(remap, out)
        boundRemapHistory(remap, out)
        try pushed.get()
        // Every slot went out: the rest of the input is never shown, so upstream may stop (as
        // decoders do past a segment's stop).
        if let grid = remapGrid(remap), (grid.time(ofSlot: run.remap.nextSlot).map { $0 >= remap.endTimestamp } ?? true) {
            throw .eos
        }
    }

    /// Pushes the slots still to come (EOS, a new segment) and forgets the frames.
    mutating func drainRemap(_ remap: RemapSegment, _ out: StreamOutput) throws(FlowError) {
        let pushed = Result { () throws(FlowError) in try pushRemapSlots(remap, final: true, out) }
        for frame in run.remap.frames where !frame.shown { out.counters.bump(.dropped) }
        let store = run.remap.store
        store?.clear()
        run.remap = VideoRemapRun()
        run.remap.store = store  // the file stays open (emptied) for the next segment
        try pushed.get()
    }

    /// The output grid of a remapped segment: the caps' rate, or the input's in variable-rate
    /// mode (30 fps when the input does not say).
    func remapGrid(_ remap: RemapSegment) -> OutputFrameGrid? {
        switch format.mode {
        case .fixed(let n, let d): return OutputFrameGrid(origin: remap.outputStart, numerator: n, denominator: d)
        case .variable:
            let (n, d) = format.inputRate
            return OutputFrameGrid(origin: remap.outputStart, numerator: n > 0 && d > 0 ? n : 30, denominator: n > 0 && d > 0 ? d : 1)
        }
    }

    /// Pushes every slot whose frame is known: its input `p(τ)` lies before the newest frame's
    /// start (a later frame cannot cover it), or all of them when `final`.
    mutating func pushRemapSlots(_ remap: RemapSegment, final: Bool, _ out: StreamOutput) throws(FlowError) {
        guard let grid = remapGrid(remap), let newest = run.remap.frames.last?.start else { return }
        let end = remap.endTimestamp
        let period = ClockTime.seconds(grid.period)
        while let slotTime = grid.time(ofSlot: run.remap.nextSlot), slotTime < end {
            let τ = remap.tau(ofTimestamp: slotTime)
            let need = remap.inputStreamTime(at: τ)
            // The slot's input span reaches p(τ + Δ) for blending: wait for it as well.
            let reach = run.segment.frameMode == .nearest ? need : max(need, remap.inputStreamTime(at: τ + period))
            guard final || reach < newest else { return }
            let slotEnd = grid.time(ofSlot: run.remap.nextSlot &+ 1) ?? slotTime
            let pushed = Result { () throws(FlowError) in
                try pushRemapSlot(at: slotTime, duration: min(slotEnd, end) &- slotTime, τ: τ, showing: need,
                                  period: period, remap, out)
            }
            run.remap.nextSlot &+= 1
            try pushed.get()
            // Frames read back for this slot count against the bound too (a rewind at EOS reads
            // every frame back with no input arriving).
            if run.remap.residentBytes > run.remap.memoryLimit { boundRemapHistory(remap, out) }
        }
    }

    /// Pushes one slot: the frame covering `p(τ)` (`need`, ns), or in blend mode the mix of the frames its
    /// input span covers. Variable rate skips a slot that would show the frame the previous one
    /// showed.
    private mutating func pushRemapSlot(at slotTime: UInt64, duration: UInt64, τ: Double, showing need: UInt64,
                                        period: Double, _ remap: RemapSegment, _ out: StreamOutput) throws(FlowError) {
        guard let index = run.remap.frameIndex(covering: need) else { return }
        if case .variable = format.mode, run.remap.frames[index].pushedAsItself, run.remap.lastPushed == index {
            return
        }
        var frame: Buffer
        if let mixed = remapBlend(τ: τ, period: period, remap, out) {
            frame = mixed
        } else {
            guard let box = residentRemapFrame(index, out), let copy = box.buffer.shallowCopy() else { throw .error }
            frame = copy
            if run.remap.frames[index].pushedAsItself { out.counters.bump(.duplicated) }
            run.remap.frames[index].shown = true
            run.remap.frames[index].pushedAsItself = true
        }
        run.remap.lastPushed = index
        frame.stamp(pts: slotTime, duration: duration, offset: run.remap.nextSlot, offsetEnd: run.remap.nextSlot &+ 1,
                    discont: run.timeline.discontPending)
        run.timeline.discontPending = false
        out.counters.bump(.output)
        out.recordPosition(slotTime)
        try out.push(frame)
    }

    /// Forgets the frames no slot from the next one on shows, counting those never shown as
    /// dropped; the newest frame stays (its end is not known yet).
    mutating func releaseRemapFrames(_ remap: RemapSegment, _ out: StreamOutput) {
        guard let grid = remapGrid(remap), let next = grid.time(ofSlot: run.remap.nextSlot) else { return }
        let τ = remap.tau(ofTimestamp: next)
        let newest = run.remap.frames.count - 1
        var kept: [RemapFrame] = []
        kept.reserveCapacity(run.remap.frames.count)
        var lastPushed = run.remap.lastPushed
        for (i, frame) in run.remap.frames.enumerated() {
            if i == newest || (frame.keepUntil.map { $0 > τ } ?? false) {
                if lastPushed == i { lastPushed = kept.count }
                kept.append(frame)
            } else {
                if lastPushed == i { lastPushed = nil }
                if !frame.shown { out.counters.bump(.dropped) }
                if frame.box != nil { run.remap.residentBytes -= frame.size }
                if let stored = frame.stored { run.remap.store?.remove(stored) }
            }
        }
        run.remap.frames = kept
        run.remap.lastPushed = lastPushed
        if let first = kept.first, let last = kept.last {
            run.remap.peakHistory = max(run.remap.peakHistory, last.start &- first.start)
        }
    }
}
