import CShims
import GStreamerBinding
import TimeWarpMap

/// `videotimewarp`: rewrites frame timestamps through the time map; with a fixed output frame
/// rate it shows, in each output slot, the input frame whose warped time is nearest (ties go to
/// the later frame), dropping and duplicating frames; with `framerate=0/1` every frame passes
/// with its warped timestamp (variable frame rate).
extension VideoState: WarpStream {
    typealias Kind = VideoElementKind

    // `_read`, not `get`: the element reads it for every buffer, and a getter would copy it.
    var timeline: Timeline {
        _read { yield run.timeline }
        _modify { yield &run.timeline }
    }

    mutating func flush() { run = VideoRun() }

    /// `frame-mode=blend`: the row workers start with the stream.
    mutating func willStart(_ settings: ElementSettings) {
        if settings.frameMode == .blend { startWorkers() }
    }

    /// Frames are warped one by one through the segment's warp: nothing to carry over.
    mutating func mapDidChange(_ warp: TimestampWarp) {}

    mutating func segmentDidBegin(_ out: StreamOutput) {
        let settings = out.settings
        let maxRate = settings.maxRate
        let spacing = maxRate < Int32.max ? ClockTime.scale(1, ClockTime.second, UInt64(max(maxRate, 1))) ?? 0 : 0
        run.segment = VideoSegmentRun(maxDuplicationTime: settings.maxDuplicationTime, minSpacing: spacing,
                                      grid: outputGrid(), frameMode: settings.frameMode,
                                      maxBlendFrames: Int(settings.maxBlendFrames), flowQuality: settings.flowQuality,
                                      shutterAngle: settings.shutterAngle)
        republishLatency(out)
    }

    /// Counts the frame, checks the caps (renegotiating when downstream asked) and the
    /// timestamp; the span is the frame's, when the segment places it. (The segments are read in
    /// place: this runs for every frame.)
    mutating func admit(_ buffer: borrowing Buffer, _ out: StreamOutput) -> BufferAdmission {
        out.counters.bump(.input)
        guard format.negotiated, renegotiateIfAsked(out) else {
            out.postError(.core, code: ErrorCode.negotiation, "No caps could be negotiated with downstream")
            return .failed(.notNegotiated)
        }
        let pts = buffer.pts
        guard pts != ClockTime.none else {
            out.counters.bump(.dropped)
            out.postWarning(once: &run.warnedNoTimestamp, .stream, code: ErrorCode.streamFormat,
                            "Dropping video buffers without timestamps",
                            debug: "videotimewarp needs a PTS on every frame to warp it")
            return .dropped
        }
        // Nil before any segment (one is made up when the first goes out) or outside the segment.
        guard let streamTime = run.timeline.input?.streamTime(of: pts) else { return .proceed(nil) }
        return .proceed(InputSpan(start: streamTime, length: .time(inputDuration(of: buffer))))
    }

    /// Warps the frame's timestamps and hands it to the rate mode (variable, fixed, reverse,
    /// blend).
    mutating func process(_ buffer: consuming Buffer, at span: InputSpan?, _ out: StreamOutput) throws(FlowError) {
        let pts = buffer.pts
        guard let warp = run.timeline.warp, let inputRate = run.timeline.input?.rate else { throw .error }
        guard var streamTime = span?.start ?? run.timeline.input?.streamTime(of: pts) else {
            out.counters.bump(.dropped)
            out.log(.debug, "frame at \(ClockTime.describe(pts)) is outside the segment: dropped")
            return
        }
        if inputRate > 0, run.timeline.reversal == nil {
            streamTime = resynchronised(streamTime, frame: inputDuration(of: buffer),
                                        mediaDuration: warp.map.mediaDuration, out)
        }
        // Reverse playback (negative rate) delivers frames in descending order; they go out
        // descending too, unless `reverse=true` plays them into a forward stream.
        let descendingInput = inputRate < 0
        let reversal = run.timeline.reversal
        let reverse = descendingInput && reversal == nil
        if let last = run.segment.lastInputStreamTime, descendingInput ? streamTime >= last : streamTime <= last {
            out.counters.bump(.dropped)
            out.log(.warning, "timestamp went backwards (\(ClockTime.describe(streamTime)) after "
                    + "\(ClockTime.describe(last))): late frame dropped")
            return
        }
        run.segment.lastInputStreamTime = streamTime
        let inputDiscont = buffer.isDiscont
        if inputDiscont { run.timeline.discontPending = true }
        if let remap = run.timeline.remap { return try processRemap(buffer, streamTime: streamTime, remap, out) }

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
            out.counters.bump(.dropped)
            out.warnClockEnd(&run.warnedClockEnd)
            return
        }
        // The position is that of the newest frame, in output time (as videorate answers it).
        out.recordPosition(warped)
        switch format.mode {
        case .variable:
            return try pushVariable(buffer, warped: warped, warpedEnd: warpedEnd, out)
        case .fixed where reverse:
            return try pushFixedReverse(HeldFrame(buffer: buffer, warpedTime: warped, warpedEnd: warpedEnd), out)
        case .fixed where !descendingInput && blends(out):
            // Blending follows ascending input (reverse playback shows the nearest frames).
            let span = FrameSpan(start: streamTime, end: endStreamTime)
            return try pushBlend(BlendFrame(buffer, span: span, warpedTime: warped, warpedEnd: warpedEnd),
                             discont: inputDiscont, out)
        case .fixed:
            return try pushFixed(HeldFrame(buffer: buffer, warpedTime: warped, warpedEnd: warpedEnd), out)
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
                               _ out: StreamOutput) throws(FlowError) {
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
            out.counters.bump(.dropped)
            return
        }
        // max-rate: a frame closer than 1/max-rate to the previous one is dropped.
        if run.segment.minSpacing > 0, let last = run.segment.lastOutputTime,
           (reverse ? last &- pts : pts &- last) < run.segment.minSpacing {
            out.counters.bump(.dropped)
            return
        }
        run.segment.lastOutputTime = pts
        let duration = warpedEnd > pts ? warpedEnd - pts : ClockTime.none
        var stamped = buffer.writable()
        stamped.stamp(pts: pts, duration: duration, discont: run.timeline.discontPending)
        run.timeline.discontPending = false
        out.counters.bump(.output)
        try out.push(stamped)
    }
}
