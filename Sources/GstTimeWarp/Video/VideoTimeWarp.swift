import CGStreamer
import CShims
import TimeWarpMap

/// `videotimewarp`: rewrites frame timestamps through the time map; with a fixed output frame
/// rate it shows, in each output slot, the input frame whose warped time is nearest (ties go to
/// the later frame), dropping and duplicating frames; with `framerate=0/1` every frame passes
/// with its warped timestamp (variable frame rate).
extension VideoState: WarpStream {
    var timeline: Timeline {
        get { run.timeline }
        _modify { yield &run.timeline }
    }

    mutating func flush() { run = VideoRun() }

    /// Frames are warped one by one through the segment's warp: nothing to carry over.
    mutating func mapDidChange(_ warp: TimestampWarp) {}

    mutating func segmentDidBegin(_ element: WarpElement<VideoState>) {
        let settings = element.shared.withLock { $0.settings }
        let maxRate = settings.maxRate
        let spacing = maxRate < Int32.max ? ClockTime.scale(1, ClockTime.second, UInt64(max(maxRate, 1))) ?? 0 : 0
        run.segment = VideoSegmentRun(maxDuplicationTime: settings.maxDuplicationTime, minSpacing: spacing,
                                      grid: outputGrid(), frameMode: settings.frameMode,
                                      maxBlendFrames: Int(settings.maxBlendFrames))
    }

    mutating func process(_ buffer: consuming Buffer, _ element: WarpElement<VideoState>) -> GstFlowReturn {
        element.counters.bump(.input)
        guard format.negotiated, renegotiateIfAsked(element) else {
            element.element.postError(.core, code: ErrorCode.negotiation, "No caps could be negotiated with downstream")
            return GST_FLOW_NOT_NEGOTIATED
        }
        let pts = buffer.pts
        guard pts != ClockTime.none else {
            element.counters.bump(.dropped)
            if !run.warnedNoTimestamp {
                run.warnedNoTimestamp = true
                element.element.postWarning(.stream, code: ErrorCode.streamFormat,
                                            "Dropping video buffers without timestamps",
                                            debug: "videotimewarp needs a PTS on every frame to warp it")
            }
            return GST_FLOW_OK
        }
        // (The segments are read in place: this runs for every frame.) Nil before any segment
        // (one is made up when the first goes out) or outside the segment.
        let knownStreamTime = run.timeline.input?.streamTime(of: pts)
        if let streamTime = knownStreamTime {
            let duration = inputDuration(of: buffer)
            element.applyLiveChanges(at: streamTime, through: streamTime &+ duration, &self)
        }
        guard element.pushSegmentIfPending(&self), let warp = run.timeline.warp, run.timeline.output != nil,
              let inputRate = run.timeline.input?.rate else { return GST_FLOW_ERROR }
        if element.requestReversePlayback(run.timeline) {
            element.counters.bump(.dropped)  // forward frames while reverse playback is asked for
            return GST_FLOW_OK
        }
        guard let streamTime = knownStreamTime ?? run.timeline.input?.streamTime(of: pts) else {
            element.counters.bump(.dropped)
            element.element.log(.debug, "frame at \(ClockTime.describe(pts)) is outside the segment: dropped")
            return GST_FLOW_OK
        }
        // Reverse playback (negative rate) delivers frames in descending order; they go out
        // descending too, unless `reverse=true` plays them into a forward stream.
        let descendingInput = inputRate < 0
        let reversal = run.timeline.reversal
        let reverse = descendingInput && reversal == nil
        if let last = run.segment.lastInputStreamTime, descendingInput ? streamTime >= last : streamTime <= last {
            element.counters.bump(.dropped)
            element.element.log(.warning, "timestamp went backwards (\(ClockTime.describe(streamTime)) after "
                                + "\(ClockTime.describe(last))): late frame dropped")
            return GST_FLOW_OK
        }
        run.segment.lastInputStreamTime = streamTime
        let inputDiscont = buffer.isDiscont
        if inputDiscont { run.timeline.discontPending = true }

        let endStreamTime = streamTime &+ inputDuration(of: buffer)
        let warped: UInt64, warpedEnd: UInt64
        if let reversal {
            // Played backwards: the frame's end comes first, at T(end) - T(t + duration).
            warped = reversal.outputTime(ofStreamTime: endStreamTime, warp)
            warpedEnd = reversal.outputTime(ofStreamTime: streamTime, warp)
        } else {
            warped = run.segment.lastEnd?.streamTime == streamTime
                ? run.segment.lastEnd?.warped ?? 0 : warp.outputTimestamp(streamTime: streamTime)
            warpedEnd = warp.outputTimestamp(streamTime: endStreamTime)
            run.segment.lastEnd = (endStreamTime, warpedEnd)
        }
        guard warped < ClockTime.end else {
            element.counters.bump(.dropped)
            element.warnClockEnd(&run.warnedClockEnd)
            return GST_FLOW_OK
        }
        // The position is that of the newest frame, in output time (as videorate answers it).
        element.recordPosition(warped)
        switch format.mode {
        case .variable:
            return pushVariable(buffer, warped: warped, warpedEnd: warpedEnd, element)
        case .fixed where reverse:
            return pushFixedReverse(HeldFrame(buffer: buffer, warpedTime: warped, warpedEnd: warpedEnd), element)
        case .fixed where !descendingInput && blends(element):
            // Blending follows ascending input (reverse playback shows the nearest frames).
            let span = FrameSpan(start: streamTime, end: endStreamTime)
            return pushBlend(BlendFrame(buffer, span: span, warpedTime: warped, warpedEnd: warpedEnd),
                             discont: inputDiscont, element)
        case .fixed:
            return pushFixed(HeldFrame(buffer: buffer, warpedTime: warped, warpedEnd: warpedEnd), element)
        }
    }

    /// The input duration of a frame: its own, else one input frame period, else 0.
    func inputDuration(of buffer: borrowing Buffer) -> UInt64 {
        if buffer.duration != ClockTime.none { return buffer.duration }
        let (n, d) = format.inputRate
        guard n > 0, d > 0 else { return 0 }
        return ClockTime.scale(UInt64(d), ClockTime.second, UInt64(n)) ?? 0
    }

    /// Variable-rate mode: the frame passes with its warped timestamp and duration.
    mutating func pushVariable(_ buffer: consuming Buffer, warped: UInt64, warpedEnd: UInt64,
                               _ element: WarpElement<VideoState>) -> GstFlowReturn {
        var pts = warped
        let reverse = (run.timeline.input?.rate ?? 1) < 0 && run.timeline.reversal == nil
        if let last = run.segment.lastOutputTime {  // rounding collision: keep the order strict
            if reverse {
                if pts >= last { pts = last > 0 ? last - 1 : 0 }
            } else if pts <= last {
                pts = last &+ 1
            }
        }
        let stop = run.timeline.output?.stop ?? ClockTime.none
        if stop != ClockTime.none, pts >= stop {
            element.counters.bump(.dropped)
            return GST_FLOW_OK
        }
        // max-rate: a frame closer than 1/max-rate to the previous one is dropped.
        if run.segment.minSpacing > 0, let last = run.segment.lastOutputTime,
           (reverse ? last &- pts : pts &- last) < run.segment.minSpacing {
            element.counters.bump(.dropped)
            return GST_FLOW_OK
        }
        run.segment.lastOutputTime = pts
        let duration = warpedEnd > pts ? warpedEnd - pts : ClockTime.none
        var out = buffer.writable()
        out.stamp(pts: pts, duration: duration, discont: run.timeline.discontPending)
        run.timeline.discontPending = false
        element.counters.bump(.output)
        return element.srcPad.push(out)
    }

    static func getProperty(_ id: UInt32, _ value: PropertyValue, _ element: WarpElement<VideoState>) -> Bool {
        let counters = element.counters
        switch TimeWarpPropertyId(rawValue: id) {
        case TIMEWARP_PROP_IN: value.set(counters.value(.input))
        case TIMEWARP_PROP_OUT: value.set(counters.value(.output))
        case TIMEWARP_PROP_DROP: value.set(counters.value(.dropped))
        case TIMEWARP_PROP_DUPLICATE: value.set(counters.value(.duplicated))
        case TIMEWARP_PROP_MAX_DUPLICATION_TIME: value.set(element.shared.withLock { $0.settings.maxDuplicationTime })
        case TIMEWARP_PROP_MAX_RATE: value.set(int: element.shared.withLock { $0.settings.maxRate })
        case TIMEWARP_PROP_FRAME_MODE: value.set(enumValue: element.shared.withLock { $0.settings.frameMode.rawValue })
        case TIMEWARP_PROP_MAX_BLEND_FRAMES: value.set(int: element.shared.withLock { $0.settings.maxBlendFrames })
        default: return false
        }
        return true
    }

    static func setProperty(_ id: UInt32, _ value: PropertyValue, _ settings: inout ElementSettings) -> Bool {
        switch TimeWarpPropertyId(rawValue: id) {
        case TIMEWARP_PROP_MAX_DUPLICATION_TIME: settings.maxDuplicationTime = value.uint64
        case TIMEWARP_PROP_MAX_RATE: settings.maxRate = max(1, value.int)
        case TIMEWARP_PROP_FRAME_MODE: settings.frameMode = FrameMode(gEnumValue: value.enumValue)
        case TIMEWARP_PROP_MAX_BLEND_FRAMES: settings.maxBlendFrames = max(2, value.int)
        default: return false
        }
        return true
    }
}
