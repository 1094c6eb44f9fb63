import GStreamerBinding
import TimeWarpAudioCore

/// Reverse playback (a negative-rate segment): buffers arrive in descending time order, each
/// with its samples in forward order. The resampler runs backwards across them without
/// restarting: it is fed each buffer's frames last first, in the reflected time `x = -t` where
/// the map is `x ↦ -T(-x)` (increasing), and what it renders is put back in forward order and
/// stamped downwards from `T` of the first buffer's end. So buffers go out in descending order,
/// each internally forward, contiguous, with the length of the forward output.
extension AudioState {
    /// Handles one buffer of a reverse segment (`pair.input.rate < 0`). Buffers that continue the
    /// previous one upwards in time belong to the same chunk (a demuxer's cluster of raw audio);
    /// a chunk is played backwards when a buffer starts below it or the stream drains. Decoders
    /// deliver reverse chunks buffer by buffer, descending, so each buffer is a chunk then.
    mutating func processReverse(_ buffer: consuming Buffer, _ format: AudioStreamFormat, _ pair: SegmentPair,
                                 _ out: StreamOutput) throws(FlowError) {
        let frames = buffer.size / format.bytesPerFrame
        guard frames > 0 else { return }
        let length = ClockTime.scale(UInt64(frames), ClockTime.second, UInt64(format.rate)) ?? 0
        let start = buffer.pts == ClockTime.none ? nil : pair.input.streamTime(of: buffer.pts)
        if let start, let last = run.reverseChunk.last, let lastStart = last.start,
           start > lastStart, Self.near(start, lastStart &+ last.length) {
            // Continues the chunk upwards.
        } else {
            try flushReverseChunk(out)
        }
        guard let bytes = buffer.withBytes({ Array($0.prefix(frames * format.bytesPerFrame)) }) else {
            throw .error
        }
        run.reverseChunk.append(ReverseChunkPart(start: start, length: length, bytes: bytes))
    }

    /// Whether two stream times are within the discontinuity threshold of each other.
    static func near(_ a: UInt64, _ b: UInt64) -> Bool {
        (a > b ? a - b : b - a) <= discontinuityThreshold
    }

    /// Plays the pending chunk backwards: its buffers last first, each one's frames last first.
    mutating func flushReverseChunk(_ out: StreamOutput) throws(FlowError) {
        guard !run.reverseChunk.isEmpty, let format, let pair = run.timeline.current else {
            run.reverseChunk = []
            return
        }
        var parts = run.reverseChunk  // owned alone now: each part is reversed in place
        run.reverseChunk = []
        for i in parts.indices.reversed() {
            try feedReverse(&parts[i], format, pair, out)
        }
    }

    /// Feeds one buffer's frames, last first, to the backwards run (starting one if needed).
    mutating func feedReverse(_ part: inout ReverseChunkPart, _ format: AudioStreamFormat, _ pair: SegmentPair,
                              _ out: StreamOutput) throws(FlowError) {
        let bpf = format.bytesPerFrame
        var frames = part.bytes.count / bpf
        var length = part.length
        var end = run.nextStreamTime  // where this buffer should end: the previous one's start
        if let start = part.start {
            var bufferEnd = start &+ length
            if let expected = end, bufferEnd > expected &+ Self.discontinuityThreshold {
                // Overlaps what was played already (demuxers' reverse chunks may overlap): keep
                // only the frames before `expected`. Less than the threshold is timestamp
                // rounding (Matroska stores milliseconds) and continues the run, as forwards.
                guard expected > start else { return }
                let exact = ClockTime.scale(expected - start, UInt64(format.rate) * 2, ClockTime.second) ?? 0
                let keep = Int(min(UInt64(frames), (exact + 1) / 2))
                guard keep > 0 else { return }
                out.log(.debug, "reverse audio: \(frames - keep) overlapping frames of the buffer at "
                        + "\(ClockTime.describe(start)) dropped (played already)")
                frames = keep
                length = expected - start
                bufferEnd = expected
            }
            if let expected = end, !Self.near(bufferEnd, expected) {
                out.log(.info, "reverse audio discontinuity at \(ClockTime.describe(bufferEnd)): starting a new run")
                try drainRun(out)
                end = nil
            }
            if end == nil { end = bufferEnd }
        }
        guard let end else {
            out.log(.debug, "reverse audio buffer without a timestamp: dropped")
            return
        }
        if !run.isRunning {
            let settings = out.settings
            startReverseRun(at: end, format: format, pair: pair,
                            settings: (settings.interpolation, settings.sincQuality), pitch: settings.pitch)
        }
        run.active?.inputFrames &+= UInt64(frames)
        run.nextStreamTime = end >= length ? end - length : 0
        let fed = part.bytes.withUnsafeMutableBytes { bytes in
            Self.reverseFrames(bytes, frames: frames, bytesPerFrame: bpf)
            return Result { () throws(FlowError) in
                try feed(UnsafeRawBufferPointer(rebasing: bytes[0..<min(frames * bpf, bytes.count)]), format: format, out)
            }
        }
        try fed.get()
    }

    /// Starts a backwards run whose first (latest) input sample ends at stream time `end`, with
    /// the segment's interpolation and sinc quality, as a forward run.
    mutating func startReverseRun(at end: UInt64, format: AudioStreamFormat, pair: SegmentPair,
                                  settings: (interpolation: AudioInterpolation, quality: WarpSincQuality),
                                  pitch: AudioPitch = .follow) {
        // The engine runs over the reversed samples through the reflected map.
        let engine = format.makeEngine(pitch: pitch, interpolation: settings.interpolation, quality: settings.quality,
                                       startTime: -ClockTime.seconds(end), warpTimes: Self.reflected(pair.warp))
        let rate = UInt64(format.rate)
        let clock: AudioRunClock
        if let reversal = run.timeline.reversal {
            // reverse=true: what the engine renders is already backwards, in a forward stream.
            clock = .forward(AudioOutputClock(origin: reversal.outputTime(ofStreamTime: end, pair.warp), rate: rate))
        } else {
            clock = .backward(ReverseAudioClock(end: pair.warp.outputTimestamp(streamTime: end), rate: rate))
        }
        run.active = ActiveRun(engine: engine, clock: clock, start: end, reflected: true)
        run.timeline.discontPending = true
    }

    /// The map in reflected time, `x ↦ -T(-x)`, in batches.
    static func reflected(_ warp: TimestampWarp) -> @Sendable (UnsafeMutableBufferPointer<Double>) -> Void {
        let forward = warp.map.inPlaceWarp()
        return { times in
            for k in times.indices { times[k] = -times[k] }
            forward(times)
            for k in times.indices { times[k] = -times[k] }
        }
    }

    /// Puts `frames` rendered frames (reflected time order) back in forward order, stamps them
    /// below the previous output and pushes them.
    mutating func pushReversed(_ piece: consuming Buffer, frames: Int, _ out: StreamOutput) throws(FlowError) {
        guard case .backward(var clock)? = run.active?.clock, let output = run.timeline.output, let format else {
            return
        }
        guard let stamp = clock.stamp(count: frames) else { throw .eos }  // below 0
        run.active?.clock = .backward(clock)
        // Past the segment's start nothing more is wanted.
        if stamp.pts &+ stamp.duration <= output.start, stamp.duration > 0 { throw .eos }
        let bpf = format.bytesPerFrame
        _ = piece.withMutableBytes { Self.reverseFrames($0, frames: frames, bytesPerFrame: bpf) }
        piece.stamp(pts: stamp.pts, duration: stamp.duration == 0 ? ClockTime.none : stamp.duration,
                    discont: run.timeline.discontPending)
        run.timeline.discontPending = false
        out.recordPosition(stamp.pts)
        try out.push(piece)
    }
}

extension AudioState {
    /// Reverses the order of the first `frames` frames of `bytes` in place; each frame's bytes
    /// (its channels) stay in order. Nothing happens when `bytes` holds fewer frames.
    static func reverseFrames(_ bytes: UnsafeMutableRawBufferPointer, frames: Int, bytesPerFrame bpf: Int) {
        guard let base = bytes.baseAddress, bpf > 0, frames > 1, frames * bpf <= bytes.count else { return }
        withUnsafeTemporaryAllocation(byteCount: bpf, alignment: 16) { tmp in
            guard let t = tmp.baseAddress else { return }
            var (a, b) = (0, frames - 1)
            while a < b {
                t.copyMemory(from: base + a * bpf, byteCount: bpf)
                (base + a * bpf).copyMemory(from: base + b * bpf, byteCount: bpf)
                (base + b * bpf).copyMemory(from: t, byteCount: bpf)
                a += 1
                b -= 1
            }
        }
    }
}

/// One buffer of a reverse chunk, kept until the chunk is played backwards.
struct ReverseChunkPart {
    /// Input stream time of its first frame (nil without a timestamp).
    var start: UInt64?
    /// Its duration from the frame count (ns).
    var length: UInt64
    /// Its whole frames.
    var bytes: [UInt8]
}

/// Output timestamps of one backwards run: the run's first rendered sample ends at `end`, and
/// sample `j` (counted backwards) occupies `[end - (j+1)/rate, end - j/rate)`, from the index.
struct ReverseAudioClock {
    /// Output time where the run's output ends (ns).
    let end: UInt64
    /// Sample rate (Hz).
    let rate: UInt64
    /// Samples emitted so far, backwards.
    var emitted: UInt64 = 0

    /// Time `j` samples before `end` (ns); nil below 0.
    func time(samplesBeforeEnd j: UInt64) -> UInt64? {
        guard let offset = ClockTime.scale(j, ClockTime.second, rate), offset <= end else { return nil }
        return end - offset
    }

    /// Timestamp and duration of the next `count` samples (going down); advances the clock. Nil
    /// when they would reach below 0.
    mutating func stamp(count: Int) -> (pts: UInt64, duration: UInt64)? {
        let upper = time(samplesBeforeEnd: emitted) ?? 0
        emitted &+= UInt64(max(count, 0))
        guard let lower = time(samplesBeforeEnd: emitted) else { return nil }
        return (lower, upper - lower)
    }
}
