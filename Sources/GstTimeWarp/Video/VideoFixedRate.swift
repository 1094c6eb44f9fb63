import GStreamerBinding

/// Fixed-rate output: each slot of the output grid shows the frame whose warped time is
/// nearest; the held frame fills the slots nearer to it than to the next frame.
extension VideoState {
    /// Two frames' distances to a slot that differ by at most this much are a tie (ns), which
    /// goes to the later frame: container timestamps are rounded to µs or coarser.
    static let tieTolerance: UInt64 = 1_000

    /// Holds `next` and pushes the held frame into the slots it wins.
    mutating func pushFixed(_ next: consuming HeldFrame, _ out: StreamOutput) throws(FlowError) {
        guard var current = run.held.take() else {
            let time = next.warpedTime
            run.held = consume next
            return try startGrid(at: time, out)
        }
        if run.segment.nextSlot == nil {
            // The grid was restarted under a held frame (renegotiated rate).
            try startGrid(at: current.warpedTime, out)
        }
        guard next.warpedTime > current.warpedTime else {
            out.counters.bump(.dropped)
            run.held = consume current
            return
        }
        // A slot belongs to the current frame when it is nearer to it by more than the tie
        // tolerance: 2·slot + tolerance < current + next.
        let maxDuplication = run.segment.maxDuplicationTime
        if maxDuplication > 0, next.warpedTime - current.warpedTime > maxDuplication {
            // A gap longer than max-duplication-time: the frame shows over its own duration
            // only, and the rest of the gap is a GAP event.
            let (end, nextTime) = (current.warpedEnd, next.warpedTime)
            run.held = consume next
            defer { if !current.shown { out.counters.bump(.dropped) } }
            try fill(with: &current, out) { slot in slot < end }
            try skipGap(to: nextTime, out)
            return
        }
        let currentTime = current.warpedTime
        let twiceMid = currentTime.addingReportingOverflow(next.warpedTime)
        run.held = consume next
        defer { if !current.shown { out.counters.bump(.dropped) } }
        try fill(with: &current, out) { slot in
            let lhs = slot.multipliedReportingOverflow(by: 2)
            guard !twiceMid.overflow, !lhs.overflow else { return slot < currentTime }
            let (withTolerance, o) = lhs.partialValue.addingReportingOverflow(Self.tieTolerance)
            return !o && withTolerance < twiceMid.partialValue
        }
    }

    /// Starts the grid at its first slot, the output segment start, as videorate does (slot 0
    /// shows the nearest frame, which is the first one), unless the first frame is further than
    /// max-duplication-time from it: then the time before it is a GAP. A grid restarted within
    /// the segment (the rate was renegotiated) continues after the last slot pushed.
    mutating func startGrid(at firstTime: UInt64, _ out: StreamOutput) throws(FlowError) {
        guard run.segment.nextSlot == nil, let grid = run.segment.grid else { return }
        guard let last = run.segment.lastSlotTime else {
            run.segment.nextSlot = 0
            let maxDuplication = run.segment.maxDuplicationTime
            guard maxDuplication > 0, firstTime > grid.origin, firstTime - grid.origin > maxDuplication else {
                return
            }
            return try skipGap(to: firstTime, out)
        }
        var slot = grid.nearestSlot(to: last)
        while let t = grid.time(ofSlot: slot), t <= last { slot &+= 1 }
        run.segment.nextSlot = slot
        run.timeline.discontPending = true
    }

    /// Moves the next slot to the one nearest `time` (ties to the later), announcing the slots
    /// passed over with a GAP event instead of duplicates.
    mutating func skipGap(to time: UInt64, _ out: StreamOutput) throws(FlowError) {
        guard let grid = run.segment.grid, let from = run.segment.nextSlot else { return }
        let resume = grid.nearestSlot(to: time)
        guard resume > from, let start = grid.time(ofSlot: from), let end = grid.time(ofSlot: resume) else {
            return
        }
        run.segment.nextSlot = resume
        run.timeline.discontPending = true
        out.log(.debug, "gap of \(ClockTime.describe(end - start)) not filled (max-duplication-time)")
        guard let gap = Event.gap(timestamp: start, duration: end - start) else { return }
        _ = out.push(gap)
    }

    /// Pushes `frame` into every pending slot whose time satisfies `belongs`, up to the
    /// segment stop.
    mutating func fill(with frame: inout HeldFrame, _ out: StreamOutput,
                       while belongs: (UInt64) -> Bool) throws(FlowError) {
        guard let grid = run.segment.grid, var slot = run.segment.nextSlot,
              let output = run.timeline.output else { return }
        let stop = output.stop
        defer { run.segment.nextSlot = slot }
        while let t = grid.time(ofSlot: slot), belongs(t), stop == ClockTime.none || t < stop {
            guard t < ClockTime.end else {
                out.warnClockEnd(&run.warnedClockEnd)
                break
            }
            let pushed = slot
            slot &+= 1
            try pushSlot(pushed, at: t, of: grid, showing: &frame, out)
        }
    }

    /// Pushes a new reference to `frame` as output slot `slot` (at time `t` of `grid`), and
    /// counts it (a duplicate when the frame was shown before).
    mutating func pushSlot(_ slot: UInt64, at t: UInt64, of grid: OutputFrameGrid, showing frame: inout HeldFrame,
                           _ out: StreamOutput) throws(FlowError) {
        guard var copy = frame.buffer.shallowCopy() else { throw .error }
        let end = grid.time(ofSlot: slot &+ 1) ?? t
        copy.stamp(pts: t, duration: end &- t, offset: slot, offsetEnd: slot &+ 1,
                   discont: run.timeline.discontPending)
        run.timeline.discontPending = false
        run.segment.lastSlotTime = t
        out.counters.bump(.output)
        if frame.shown { out.counters.bump(.duplicated) }
        frame.shown = true
        try out.push(copy)
    }

    /// Fills up to the held frame's warped end time (EOS, new segment); in blend mode, renders
    /// the run's remaining slots.
    mutating func drain(_ out: StreamOutput) throws(FlowError) {
        if let remap = run.timeline.remap { return try drainRemap(remap, out) }
        if !run.blendFrames.isEmpty { return try closeBlendRun(nextWarpedTime: nil, out) }
        if (run.timeline.input?.rate ?? 1) < 0, run.timeline.reversal == nil { return try drainReverse(out) }
        guard var current = run.held.take() else { return }
        let end = current.warpedEnd
        defer { if !current.shown { out.counters.bump(.dropped) } }
        try fill(with: &current, out) { slot in slot < end }
    }

    /// The output grid for the current output segment and rate.
    func outputGrid() -> OutputFrameGrid? {
        guard case .fixed(let n, let d) = format.mode, let output = run.timeline.output else { return nil }
        return OutputFrameGrid(origin: output.start, numerator: n, denominator: d)
    }
}
