import GStreamerBinding

/// Fixed-rate output in reverse playback (a negative-rate segment): frames arrive in descending
/// order and the output slots are filled from the highest down to the segment start, with the
/// forward rule (each slot shows the frame whose warped time is nearest, ties to the later one)
/// and the same counters.
extension VideoState {
    /// Holds `next` (earlier than the held frame) and pushes the held frame into the slots it
    /// wins, descending.
    mutating func pushFixedReverse(_ next: consuming HeldFrame, _ out: StreamOutput) throws(FlowError) {
        guard var current = run.held.take() else {
            startReverseGrid(below: next.warpedEnd)
            run.held = consume next
            return
        }
        guard next.warpedTime < current.warpedTime else {
            out.counters.bump(.dropped)
            run.held = consume current
            return
        }
        // A slot belongs to the later (held) frame unless it is nearer to the earlier one by more
        // than the tie tolerance: 2·slot + tolerance >= current + next.
        let twiceMid = current.warpedTime.addingReportingOverflow(next.warpedTime)
        let nextTime = next.warpedTime
        run.held = consume next
        defer { if !current.shown { out.counters.bump(.dropped) } }
        try fillReverse(with: &current, out) { slot in
            let lhs = slot.multipliedReportingOverflow(by: 2)
            guard !twiceMid.overflow, !lhs.overflow else { return slot > nextTime }
            let (withTolerance, o) = lhs.partialValue.addingReportingOverflow(Self.tieTolerance)
            return o || withTolerance >= twiceMid.partialValue
        }
    }

    /// Places the first slot: the highest one before `end` (the first frame's warped end) and
    /// before the segment stop, as forward playback fills up to the last frame's end.
    mutating func startReverseGrid(below end: UInt64) {
        guard run.segment.nextSlot == nil, !run.segment.slotsExhausted, let grid = run.segment.grid,
              let output = run.timeline.output else { return }
        let limit = output.stop == ClockTime.none ? end : min(end, output.stop)
        guard limit > grid.origin else {
            run.segment.slotsExhausted = true
            return
        }
        var slot = grid.nearestSlot(to: limit)
        while slot > 0, let t = grid.time(ofSlot: slot), t >= limit { slot -= 1 }
        run.segment.nextSlot = slot
    }

    /// Pushes `frame` into every pending slot, descending, whose time satisfies `belongs`, down
    /// to the segment start (slot 0).
    mutating func fillReverse(with frame: inout HeldFrame, _ out: StreamOutput,
                              while belongs: (UInt64) -> Bool) throws(FlowError) {
        guard !run.segment.slotsExhausted, let grid = run.segment.grid, var slot = run.segment.nextSlot
        else { return }
        defer { run.segment.nextSlot = slot }
        while let t = grid.time(ofSlot: slot), belongs(t) {
            guard t < ClockTime.end else {
                out.warnClockEnd(&run.warnedClockEnd)
                return
            }
            let pushed = slot
            if slot == 0 {
                run.segment.slotsExhausted = true
            } else {
                slot -= 1
            }
            try pushSlot(pushed, at: t, of: grid, showing: &frame, out)
            if pushed == 0 { return }
        }
    }

    /// Fills the remaining slots, down to the segment start, with the held (earliest) frame
    /// (EOS, new segment), as forward playback fills up to `T(end)`.
    mutating func drainReverse(_ out: StreamOutput) throws(FlowError) {
        guard var current = run.held.take() else { return }
        defer { if !current.shown { out.counters.bump(.dropped) } }
        try fillReverse(with: &current, out) { _ in true }
    }
}
