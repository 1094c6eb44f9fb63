import CGStreamer

/// Fixed-rate output: each slot of the output grid shows the frame whose warped time is
/// nearest; the held frame fills the slots nearer to it than to the next frame.
extension VideoState {
    /// Two frames' distances to a slot that differ by at most this much are a tie (ns), which
    /// goes to the later frame: container timestamps are rounded to µs or coarser.
    static let tieTolerance: UInt64 = 1_000

    /// Holds `next` and pushes the held frame into the slots it wins.
    mutating func pushFixed(_ next: consuming HeldFrame, _ element: WarpElement<VideoState>) -> GstFlowReturn {
        guard var current = run.held.take() else {
            startGrid(at: next.warpedTime)
            run.held = consume next
            return GST_FLOW_OK
        }
        guard next.warpedTime > current.warpedTime else {
            element.counters.bump(.dropped)
            run.held = consume current
            return GST_FLOW_OK
        }
        // A slot belongs to the current frame when it is nearer to it by more than the tie
        // tolerance: 2·slot + tolerance < current + next.
        let currentTime = current.warpedTime
        let twiceMid = currentTime.addingReportingOverflow(next.warpedTime)
        let ret = fill(with: &current, element) { slot in
            let lhs = slot.multipliedReportingOverflow(by: 2)
            guard !twiceMid.overflow, !lhs.overflow else { return slot < currentTime }
            let (withTolerance, o) = lhs.partialValue.addingReportingOverflow(Self.tieTolerance)
            return !o && withTolerance < twiceMid.partialValue
        }
        if !current.shown { element.counters.bump(.dropped) }
        run.held = consume next
        return ret
    }

    /// Starts the grid at its first slot, the output segment start, as videorate does (slot 0
    /// shows the nearest frame, which is the first one). A grid restarted within the segment
    /// (the rate was renegotiated) continues after the last slot pushed.
    mutating func startGrid(at firstTime: UInt64) {
        guard run.segment.nextSlot == nil, let grid = run.segment.grid else { return }
        guard let last = run.segment.lastSlotTime else {
            run.segment.nextSlot = 0
            return
        }
        var slot = grid.nearestSlot(to: last)
        while let t = grid.time(ofSlot: slot), t <= last { slot &+= 1 }
        run.segment.nextSlot = slot
        run.timeline.discontPending = true
    }

    /// Pushes `frame` into every pending slot whose time satisfies `belongs`, up to the
    /// segment stop.
    mutating func fill(with frame: inout HeldFrame, _ element: WarpElement<VideoState>,
                       while belongs: (UInt64) -> Bool) -> GstFlowReturn {
        guard let grid = run.segment.grid, var slot = run.segment.nextSlot,
              let output = run.timeline.output else { return GST_FLOW_OK }
        let stop = output.stop
        defer { run.segment.nextSlot = slot }
        while let t = grid.time(ofSlot: slot), belongs(t), stop == ClockTime.none || t < stop {
            guard var copy = frame.buffer.shallowCopy() else { return GST_FLOW_ERROR }
            let end = grid.time(ofSlot: slot &+ 1) ?? t
            copy.stamp(pts: t, duration: end &- t, offset: slot, offsetEnd: slot &+ 1,
                       discont: run.timeline.discontPending)
            run.timeline.discontPending = false
            run.segment.lastSlotTime = t
            element.counters.bump(.output)
            if frame.shown { element.counters.bump(.duplicated) }
            frame.shown = true
            slot &+= 1
            let ret = element.srcPad.push(copy)
            guard ret == GST_FLOW_OK else { return ret }
        }
        return GST_FLOW_OK
    }

    /// Fills up to the held frame's warped end time (EOS, new segment).
    mutating func drain(_ element: WarpElement<VideoState>) -> GstFlowReturn {
        guard var current = run.held.take() else { return GST_FLOW_OK }
        let end = current.warpedEnd
        let ret = fill(with: &current, element) { slot in slot < end }
        if !current.shown { element.counters.bump(.dropped) }
        return ret
    }

    /// The output grid for the current output segment and rate.
    func outputGrid() -> OutputFrameGrid? {
        guard case .fixed(let n, let d) = format.mode, let output = run.timeline.output else { return nil }
        return OutputFrameGrid(origin: output.start, numerator: n, denominator: d)
    }
}
