import CShims
import GStreamerBinding
import TimeWarpAudioCore

/// `audiotimewarp`: resamples audio at variable control points so that it follows the same time
/// map as `videotimewarp`. Output timestamps are contiguous and derived from the sample index;
/// the format is passed through unchanged.
extension AudioState: WarpStream {
    typealias Kind = AudioElementKind

    /// A deviation of input timestamps beyond this starts a new run (ns), like audio sinks' 40 ms.
    static let discontinuityThreshold: UInt64 = 40 * 1_000_000

    // `_read`, not `get`: the element reads it for every buffer, and a getter would copy it.
    var timeline: Timeline {
        _read { yield run.timeline }
        _modify { yield &run.timeline }
    }

    mutating func flush() { run = AudioRun() }

    /// The run's engine keeps its phase and history and warps the samples still to come
    /// through the new map (which equals the old one up to the change: no click).
    mutating func mapDidChange(_ warp: TimestampWarp) {
        guard let reflected = run.active?.reflected else { return }
        run.active?.engine.replaceWarp(warpTimes: reflected ? Self.reflected(warp) : warp.map.inPlaceWarp())
    }

    mutating func segmentDidBegin(_ out: StreamOutput) {
        // A new timeline: nothing to continue from.
        run.nextStreamTime = nil
        run.partialFrame = []
    }

    /// Checks that caps came; the span, when the segment is known, is where a live change takes
    /// over: the next sample of the run (or this buffer's start). (Per buffer: the PTS is
    /// converted only without a run, the length only for a controller.)
    mutating func admit(_ buffer: borrowing Buffer, _ out: StreamOutput) -> BufferAdmission {
        guard let format else {
            out.postError(.core, code: ErrorCode.negotiation, "No caps were negotiated before the first buffer")
            return .failed(.notNegotiated)
        }
        guard let input = run.timeline.input else { return .proceed(nil) }
        let pts = buffer.pts
        guard let t = (run.isRunning ? run.nextStreamTime : nil)
            ?? (pts != ClockTime.none ? input.streamTime(of: max(pts, input.start)) : nil) ?? run.nextStreamTime
        else { return .proceed(nil) }
        let frames = UInt64((run.partialFrame.count &+ buffer.size) / format.bytesPerFrame)
        return .proceed(InputSpan(start: t, length: .frames(frames, rate: UInt64(format.rate))))
    }

    /// Passes the buffer through (identity map), plays it backwards (reverse segment), or feeds
    /// its whole frames to the run, starting one where the timestamps jump.
    mutating func process(_ buffer: consuming Buffer, at span: InputSpan?, _ out: StreamOutput) throws(FlowError) {
        guard let format, let pair = run.timeline.current else { throw .error }
        if let remap = run.timeline.remap { return try processRemap(buffer, remap, format, out) }
        if pair.warp.isIdentity, run.timeline.reversal == nil { return try passThrough(buffer, format, out) }

        if pair.input.rate < 0 { return try processReverse(buffer, format, pair, out) }
        let input = pair.input
        let rate = UInt64(format.rate)
        // Whole frames only: an incomplete frame at the end waits for the next buffer.
        let joining = !run.partialFrame.isEmpty
        var payload = (run.partialFrame.count &+ buffer.size) / format.bytesPerFrame
        var skipped = 0  // leading frames not taken (before the segment, or overlapping)
        var streamTime: UInt64?
        if buffer.pts != ClockTime.none, !joining {
            var pts = buffer.pts
            if input.rate > 0, pts < input.start {
                // A buffer straddling the segment start (after an accurate seek): keep its tail.
                let before = ClockTime.scale(input.start - pts, rate, ClockTime.second) ?? UInt64(payload)
                skipped = Int(min(UInt64(payload), before))
                pts &+= ClockTime.scale(UInt64(skipped), ClockTime.second, rate) ?? 0
            }
            streamTime = input.streamTime(of: max(pts, input.start))
            // (A buffer shorter than a frame is kept whole: it starts a frame.)
            guard streamTime != nil, skipped < payload || payload == 0 else {
                out.log(.debug, "audio buffer outside the segment: dropped")
                return
            }
        }
        if let st = streamTime, let expected = run.nextStreamTime {
            if st > expected, let d = pair.warp.map.mediaDuration, d > 0, st - expected > ClockTime.fromSeconds(d) {
                // A jump longer than the medium cannot be content (damaged timestamps): the audio
                // goes on where it was, as videotimewarp resumes after its last frame.
                out.postWarning(once: &run.warnedJump, .stream, code: ErrorCode.streamFormat,
                                "Audio timestamp jump of \(ClockTime.describe(st - expected)) in a medium of "
                                    + "\(ClockTime.describe(ClockTime.fromSeconds(d))): taken as a discontinuity, the audio continues",
                                debug: "buffer at \(ClockTime.describe(st)), expected \(ClockTime.describe(expected)); damaged timestamps?")
                streamTime = nil  // continues the run
            } else if st > expected, st - expected > Self.discontinuityThreshold {
                out.log(.info, "audio discontinuity at \(ClockTime.describe(st)): starting a new run")
                try drain(out)
            } else if expected > st, expected - st > Self.discontinuityThreshold {
                // Backwards or repeated: the samples before `expected` were played already.
                let overlap = ClockTime.scale(expected - st, rate, ClockTime.second) ?? UInt64(payload)
                out.postWarning(once: &run.warnedBackwards, .stream, code: ErrorCode.streamFormat,
                                "Audio timestamps went backwards: overlapping samples dropped",
                                debug: "buffer at \(ClockTime.describe(st)), expected \(ClockTime.describe(expected))")
                skipped = Int(min(UInt64(payload), UInt64(skipped) &+ overlap))
                guard skipped < payload else { return }
                streamTime = expected
            } else {
                streamTime = nil  // continues the run (jitter within the threshold)
            }
        }
        if !run.isRunning {
            // Buffers without timestamps follow the previous one (or start at the segment).
            let settings = out.settings
            startRun(at: streamTime ?? run.nextStreamTime ?? input.time, format: format,
                     pair: pair, settings: (settings.interpolation, settings.sincQuality), pitch: settings.pitch)
        }
        payload -= skipped
        run.active?.inputFrames &+= UInt64(payload)
        if let runStart = run.active?.start, let fed = run.active?.inputFrames {
            run.nextStreamTime = runStart &+ (ClockTime.scale(fed, ClockTime.second, rate) ?? 0)
        }
        let fed = buffer.withBytes { bytes -> Result<Void, FlowError> in
            guard joining || bytes.count % format.bytesPerFrame != 0 else {
                let start = min(skipped * format.bytesPerFrame, bytes.count)
                return Result { () throws(FlowError) in
                    try feed(UnsafeRawBufferPointer(rebasing: bytes[start...]), format: format, out)
                }
            }
            var joined = run.partialFrame
            joined.append(contentsOf: bytes)
            let whole = joined.count - joined.count % format.bytesPerFrame
            run.partialFrame = Array(joined[whole...])
            return joined.withUnsafeBytes { all in
                Result { () throws(FlowError) in
                    try feed(UnsafeRawBufferPointer(rebasing: all[min(skipped * format.bytesPerFrame, whole)..<whole]),
                             format: format, out)
                }
            }
        }
        guard let fed else {
            out.postError(.stream, code: ErrorCode.streamFailed, "Could not read an audio buffer")
            throw .error
        }
        try fed.get()
    }

    /// The identity map (default settings): the buffer passes bit for bit, with DISCONT set
    /// where its timestamp does not continue the previous buffer.
    mutating func passThrough(_ buffer: consuming Buffer, _ format: AudioStreamFormat,
                              _ out: StreamOutput) throws(FlowError) {
        let pts = buffer.pts
        var gap = run.timeline.discontPending
        run.timeline.discontPending = false
        if pts != ClockTime.none, let expected = run.passThroughNext {
            gap = gap || (pts > expected ? pts - expected : expected - pts) > Self.discontinuityThreshold
        }
        let frames = UInt64(buffer.size / format.bytesPerFrame)
        let length = buffer.duration != ClockTime.none
            ? buffer.duration : ClockTime.scale(frames, ClockTime.second, UInt64(format.rate)) ?? 0
        run.passThroughNext = pts == ClockTime.none ? run.passThroughNext.map { $0 &+ length } : pts &+ length
        guard gap, !buffer.isDiscont else { return try out.push(buffer) }
        var marked = buffer.writable()
        marked.markDiscont()
        try out.push(marked)
    }

    /// Starts a contiguous run whose first input sample is at stream time `start`: resampling
    /// (`pitch=follow`) or stretching (`pitch=preserve`).
    mutating func startRun(at start: UInt64, format: AudioStreamFormat, pair: SegmentPair,
                           settings: (interpolation: AudioInterpolation, quality: WarpSincQuality),
                           pitch: AudioPitch = .follow) {
        let warp = pair.warp
        // The map in batches: one call per chunk of input times, not per sample.
        let engine = format.makeEngine(pitch: pitch, interpolation: settings.interpolation, quality: settings.quality,
                                       startTime: ClockTime.seconds(start), warpTimes: warp.map.inPlaceWarp())
        // A run from the segment start begins exactly at the output segment's start (which holds
        // an accurate seek's requested position).
        let origin = start == pair.input.time ? pair.output.start : warp.outputTimestamp(streamTime: start)
        let clock = AudioOutputClock(origin: origin, rate: UInt64(format.rate))
        run.active = ActiveRun(engine: engine, clock: .forward(clock), start: start, reflected: false)
        run.timeline.discontPending = true
    }

    /// Emits the tail of the current run (EOS, new segment, discontinuity).
    mutating func drain(_ out: StreamOutput) throws(FlowError) {
        if let remap = run.timeline.remap { return try drainRemap(remap, out) }
        try flushReverseChunk(out)
        try drainRun(out)
    }

    /// Emits the tail of the current run and ends it.
    mutating func drainRun(_ out: StreamOutput) throws(FlowError) {
        guard run.isRunning else { return }
        run.active?.engine.finish()
        defer { run.active = nil }  // the run ends whatever downstream says
        try pushReady(out)
    }
}
