import CGStreamer
import CShims

/// `videotimewarp`: rewrites frame timestamps through the time map; with a fixed output frame
/// rate it shows, in each output slot, the input frame whose warped time is nearest (ties go to
/// the later frame), dropping and duplicating frames; with `framerate=0/1` every frame passes
/// with its warped timestamp (variable frame rate).
final class VideoTimeWarp: WarpingElement, @unchecked Sendable {
    /// The output frame-rate mode negotiated with downstream.
    enum RateMode: Equatable {
        /// Every frame passes with warped timestamps.
        case variable
        /// Output at `numerator/denominator` frames per second.
        case fixed(numerator: Int32, denominator: Int32)
    }

    /// A frame held back until the next one shows which output slots it wins.
    struct HeldFrame: ~Copyable {
        var buffer: Buffer
        /// Warped timestamp on the output timeline (ns).
        var warpedTime: UInt64
        /// Warped end time: the warped stream time of `pts + duration` (ns).
        var warpedEnd: UInt64
        /// Whether it has been pushed at least once.
        var shown = false
    }

    let counters = VideoCounters()
    /// Current mode (streaming thread).
    var mode: RateMode = .variable
    /// Input frame rate from the sink caps (0/1 when unknown or variable).
    var inputRate: (numerator: Int32, denominator: Int32) = (0, 1)
    /// Output caps once negotiated.
    var negotiated = false
    /// The input caps, kept to renegotiate when downstream asks.
    var inputCaps: Caps?
    /// The held frame in fixed-rate mode.
    var held: HeldFrame?
    /// Output grid of the current segment (fixed-rate mode).
    var grid: OutputFrameGrid?
    /// The next output slot to fill.
    var nextSlot: UInt64?
    /// Last pushed output timestamp (variable-rate mode), to keep output strictly increasing.
    var lastOutputTime: UInt64?
    /// Last accepted input stream time, to detect timestamps going backwards.
    var lastInputStreamTime: UInt64?
    /// A warning about missing timestamps was posted already.
    var warnedNoTimestamp = false
    /// A warning about reverse playback in fixed-rate mode was posted already.
    var warnedReverse = false
    /// The last frame's end as (input stream time, warped time): contiguous frames start where
    /// the previous one ended, so `T` is evaluated once per frame instead of twice.
    var lastEnd: (streamTime: UInt64, warped: UInt64)?

    // MARK: Buffers

    override func process(_ buffer: consuming Buffer) -> GstFlowReturn {
        counters.bump(.input)
        guard negotiated, renegotiateIfAsked() else {
            element.postError(.core, code: ErrorCode.negotiation, "No caps could be negotiated with downstream")
            return GST_FLOW_NOT_NEGOTIATED
        }
        let pts = buffer.pts
        guard pts != ClockTime.none else {
            counters.bump(.dropped)
            if !warnedNoTimestamp {
                warnedNoTimestamp = true
                element.postWarning(.stream, code: ErrorCode.streamFormat,
                                    "Dropping video buffers without timestamps",
                                    debug: "videotimewarp needs a PTS on every frame to warp it")
            }
            return GST_FLOW_OK
        }
        guard let warp = ensureWarp() else { return GST_FLOW_ERROR }
        if warp.isIdentity && preservesRate {
            // The default settings: an exact pass-through, like videorate at rate 1.
            guard pushSegmentIfPending() else { return GST_FLOW_ERROR }
            counters.bump(.output)
            return srcPad.push(buffer)
        }
        guard let streamTime = inputSegment.streamTime(of: pts), pts >= inputSegment.start else {
            counters.bump(.dropped)
            element.log(.debug, "frame at \(ClockTime.describe(pts)) is outside the segment: dropped")
            return GST_FLOW_OK
        }
        // Reverse playback (negative rate) delivers frames in descending order.
        let reverse = inputSegment.rate < 0
        if let last = lastInputStreamTime, reverse ? streamTime >= last : streamTime <= last {
            counters.bump(.dropped)
            element.log(.warning, "timestamp went backwards (\(ClockTime.describe(streamTime)) after "
                        + "\(ClockTime.describe(last))): late frame dropped")
            return GST_FLOW_OK
        }
        lastInputStreamTime = streamTime
        if buffer.isDiscont { discontPending = true }
        guard pushSegmentIfPending() else { return GST_FLOW_ERROR }

        let warped = lastEnd?.streamTime == streamTime ? lastEnd?.warped ?? 0 : warp.outputTimestamp(streamTime: streamTime)
        let endStreamTime = streamTime &+ inputDuration(of: buffer)
        let warpedEnd = warp.outputTimestamp(streamTime: endStreamTime)
        lastEnd = (endStreamTime, warpedEnd)
        switch mode {
        case .variable:
            return pushVariable(buffer, warped: warped, warpedEnd: warpedEnd)
        case .fixed where reverse:
            if !warnedReverse {
                warnedReverse = true
                element.postWarning(.stream, code: ErrorCode.streamFormat,
                                    "Reverse playback: frames are retimed without frame-rate conversion")
            }
            return pushVariable(buffer, warped: warped, warpedEnd: warpedEnd)
        case .fixed:
            return pushFixed(HeldFrame(buffer: buffer, warpedTime: warped, warpedEnd: warpedEnd))
        }
    }

    /// Whether the output frame rate equals the input's (or both are variable).
    var preservesRate: Bool {
        switch mode {
        case .variable: return true
        case .fixed(let n, let d): return Int64(n) * Int64(inputRate.denominator) == Int64(d) * Int64(inputRate.numerator)
        }
    }

    /// The input duration of a frame: its own, else one input frame period, else 0.
    func inputDuration(of buffer: borrowing Buffer) -> UInt64 {
        if buffer.duration != ClockTime.none { return buffer.duration }
        let (n, d) = inputRate
        guard n > 0, d > 0 else { return 0 }
        return ClockTime.scale(UInt64(d), ClockTime.second, UInt64(n)) ?? 0
    }

    /// Variable-rate mode: the frame passes with its warped timestamp and duration.
    func pushVariable(_ buffer: consuming Buffer, warped: UInt64, warpedEnd: UInt64) -> GstFlowReturn {
        var pts = warped
        if let last = lastOutputTime {  // rounding collision: keep the order strict
            if inputSegment.rate < 0 {
                if pts >= last { pts = last > 0 ? last - 1 : 0 }
            } else if pts <= last {
                pts = last &+ 1
            }
        }
        if let stop = outputSegment?.stop, stop != ClockTime.none, pts >= stop {
            counters.bump(.dropped)
            return GST_FLOW_OK
        }
        lastOutputTime = pts
        var out = buffer.writable()
        out.stamp(pts: pts, duration: warpedEnd > pts ? warpedEnd - pts : ClockTime.none,
                  discont: discontPending)
        discontPending = false
        counters.bump(.output)
        return srcPad.push(out)
    }

    /// Fixed-rate mode: the held frame fills the slots nearer to it than to `next`.
    func pushFixed(_ next: consuming HeldFrame) -> GstFlowReturn {
        guard var current = held.take() else {
            startGrid(at: next.warpedTime)
            held = consume next
            return GST_FLOW_OK
        }
        guard next.warpedTime > current.warpedTime else {
            counters.bump(.dropped)
            held = consume current
            return GST_FLOW_OK
        }
        let twiceMid = current.warpedTime &+ next.warpedTime
        let ret = fill(with: &current) { slot in slot &* 2 < twiceMid }
        if !current.shown { counters.bump(.dropped) }
        held = consume next
        return ret
    }

    /// Places the first output slot of a segment at the slot nearest to the first frame, so a
    /// first frame far after the segment start does not cause a flood of duplicates.
    func startGrid(at firstTime: UInt64) {
        guard nextSlot == nil, let grid else { return }
        let first = grid.nearestSlot(to: firstTime)
        nextSlot = first <= 1 && firstTime <= grid.time(ofSlot: 1) ?? 0 ? 0 : first
        if nextSlot != 0 { discontPending = true }
    }

    /// Pushes `frame` into every pending slot whose time satisfies `belongs`, up to the
    /// segment stop.
    func fill(with frame: inout HeldFrame, while belongs: (UInt64) -> Bool) -> GstFlowReturn {
        guard let grid, var slot = nextSlot else { return GST_FLOW_OK }
        let stop = outputSegment?.stop ?? ClockTime.none
        defer { nextSlot = slot }
        while let t = grid.time(ofSlot: slot), belongs(t), stop == ClockTime.none || t < stop {
            guard var copy = frame.buffer.shallowCopy() else { return GST_FLOW_ERROR }
            let end = grid.time(ofSlot: slot &+ 1) ?? t
            copy.stamp(pts: t, duration: end &- t, offset: slot, offsetEnd: slot &+ 1,
                       discont: discontPending)
            discontPending = false
            counters.bump(.output)
            if frame.shown { counters.bump(.duplicated) }
            frame.shown = true
            slot &+= 1
            let ret = srcPad.push(copy)
            guard ret == GST_FLOW_OK else { return ret }
        }
        return GST_FLOW_OK
    }

    /// Fills up to the held frame's warped end time (EOS, new segment).
    override func drain() -> GstFlowReturn {
        guard var current = held.take() else { return GST_FLOW_OK }
        let end = current.warpedEnd
        let ret = fill(with: &current) { slot in slot < end }
        if !current.shown { counters.bump(.dropped) }
        return ret
    }

    override func resetStream() {
        _ = held.take()
        nextSlot = nil
        lastOutputTime = nil
        lastInputStreamTime = nil
        lastEnd = nil
        warnedNoTimestamp = false
        warnedReverse = false
        updateGrid()
    }

    /// Rebuilds the output grid for the current output segment and rate.
    func updateGrid() {
        guard case .fixed(let n, let d) = mode, let seg = outputSegment else { grid = nil; return }
        grid = OutputFrameGrid(origin: seg.start, numerator: n, denominator: d)
    }

    override func pushSegmentIfPending() -> Bool {
        guard segmentPending else { return true }
        let ok = super.pushSegmentIfPending()
        nextSlot = nil
        lastEnd = nil  // a new segment may come with a new map
        lastOutputTime = nil
        updateGrid()
        return ok
    }

    /// One input frame of latency in fixed-rate mode (the frame held for the next one).
    override func addedLatency() -> UInt64 {
        guard case .fixed = mode else { return 0 }
        let (n, d) = inputRate
        guard n > 0, d > 0 else { return grid?.period ?? 0 }
        return ClockTime.scale(UInt64(d), ClockTime.second, UInt64(n)) ?? 0
    }

    override func stateDidChange(_ transition: GstStateChange) {
        super.stateDidChange(transition)
        if transition == GST_STATE_CHANGE_PAUSED_TO_READY {
            counters.reset()
            negotiated = false
            inputCaps = nil
            mode = .variable
        }
    }

    override func handleCaps(_ event: consuming Event) -> Bool { negotiate(event) }

    override func handleCapsQuery(_ query: Query, on pad: Pad) -> Bool { answerCapsQuery(query, on: pad) }

    // MARK: Properties

    override func getOwnProperty(_ id: UInt32, _ value: PropertyValue) -> Bool {
        switch TimeWarpPropertyId(rawValue: id) {
        case TIMEWARP_PROP_IN: value.set(counters.value(.input))
        case TIMEWARP_PROP_OUT: value.set(counters.value(.output))
        case TIMEWARP_PROP_DROP: value.set(counters.value(.dropped))
        case TIMEWARP_PROP_DUPLICATE: value.set(counters.value(.duplicated))
        default: return false
        }
        return true
    }
}
