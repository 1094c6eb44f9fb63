import GStreamerBinding

/// The streaming `State` of `texttimewarp`: each buffer is one cue (a subtitle line, an SSA
/// event, a subpicture), its PTS the cue's start and its duration the cue's length. A cue goes
/// out at once with its start and end mapped through `T`: start `T(t0)`, duration
/// `T(t1) - T(t0)`, so it stays on the frames and sounds it belongs to. Nothing is held back.
struct TextState: WarpStream {
    typealias Kind = TextElementKind

    /// The segment bookkeeping.
    var timeline = Timeline()
    /// `function=remap`: cue appearances waiting for their turn in output order.
    var pendingCues: [RemapCue] = []

    /// A stream that has not started.
    static func fresh() -> sending TextState { TextState() }

    mutating func flush() {
        timeline = Timeline()
        pendingCues = []
    }

    /// The cue's span when the segment places it (a cue that began before the segment's start
    /// but reaches into it starts at the segment's start).
    mutating func admit(_ buffer: borrowing Buffer, _ out: StreamOutput) -> BufferAdmission {
        guard let input = timeline.input, buffer.pts != ClockTime.none,
              let span = Self.span(pts: buffer.pts, duration: buffer.duration, in: input) else { return .proceed(nil) }
        return .proceed(span)
    }

    mutating func process(_ buffer: consuming Buffer, at span: InputSpan?, _ out: StreamOutput) throws(FlowError) {
        guard let warp = timeline.warp, timeline.input != nil else { throw .error }
        if buffer.pts == ClockTime.none { return try out.push(buffer) }  // untimed: as it came
        guard let span else {
            out.log(.debug, "cue at \(ClockTime.describe(buffer.pts)) is outside the segment: dropped")
            return
        }
        if let remap = timeline.remap { return try processRemap(buffer, span: span, remap, out) }
        let start = warp.outputTimestamp(streamTime: span.start)
        guard start < ClockTime.end else { return }
        var duration = ClockTime.none
        if buffer.duration != ClockTime.none {
            let end = min(warp.outputTimestamp(streamTime: span.end), ClockTime.end)
            duration = end > start ? end - start : 0
        }
        let discont = timeline.discontPending || buffer.isDiscont
        timeline.discontPending = false
        var cue = buffer.writable()
        cue.stamp(pts: start, duration: duration, discont: discont)
        out.recordPosition(start)
        try out.push(cue)
    }

    /// Cues go out as they come (nothing to emit), except along a remap curve.
    mutating func drain(_ out: StreamOutput) throws(FlowError) {
        if timeline.remap != nil { try drainRemap(out) }
    }

    /// Cues are mapped one by one through the segment's warp: nothing to carry over.
    mutating func mapDidChange(_ warp: TimestampWarp) {}

    mutating func segmentDidBegin(_ out: StreamOutput) {}

    /// Caps pass through: the cues' format is not changed.
    mutating func handleCaps(_ event: consuming Event, _ out: StreamOutput) -> Bool { out.push(event) }

    /// The input stream-time span of a cue at `pts` lasting `duration` (NONE: an instant) in
    /// `segment`, clipped to it; nil when it lies wholly outside.
    static func span(pts: UInt64, duration: UInt64, in segment: Segment) -> InputSpan? {
        let length = duration == ClockTime.none ? 0 : duration
        let (end, overflow) = pts.addingReportingOverflow(length)
        let stop = segment.stop == ClockTime.none ? ClockTime.end : segment.stop
        let clippedEnd = min(overflow ? ClockTime.end : end, stop)
        let clippedStart = max(pts, segment.start)
        guard clippedStart <= clippedEnd, clippedStart < stop || length == 0,
              let startTime = segment.streamTime(of: clippedStart),
              let endTime = segment.streamTime(of: clippedEnd) else { return nil }
        return InputSpan(start: startTime, length: .time(endTime >= startTime ? endTime - startTime : 0))
    }
}
