import CGStreamer
import TimeWarpAudioCore

/// Reverse playback (a negative-rate segment): buffers arrive in descending time order, each
/// with its samples in forward order. The resampler runs backwards across them without
/// restarting: it is fed each buffer's frames last first, in the reflected time `x = -t` where
/// the map is `x ↦ -T(-x)` (increasing), and what it renders is put back in forward order and
/// stamped downwards from `T` of the first buffer's end. So buffers go out in descending order,
/// each internally forward, contiguous, with the length of the forward output.
extension AudioState {
    /// Handles one buffer of a reverse segment (`pair.input.rate < 0`).
    mutating func processReverse(_ buffer: consuming Buffer, _ format: AudioStreamFormat, _ pair: SegmentPair,
                                 _ element: WarpElement<AudioState>) -> GstFlowReturn {
        let rate = UInt64(format.rate)
        let frames = buffer.size / format.bytesPerFrame
        guard frames > 0 else { return GST_FLOW_OK }
        let length = ClockTime.scale(UInt64(frames), ClockTime.second, rate) ?? 0
        var end = run.nextStreamTime  // where this buffer should end: the previous one's start
        if buffer.pts != ClockTime.none, let start = pair.input.streamTime(of: buffer.pts) {
            let bufferEnd = start &+ length
            if let expected = end, (bufferEnd > expected ? bufferEnd - expected : expected - bufferEnd) > Self.discontinuityThreshold {
                element.element.log(.info, "reverse audio discontinuity at \(ClockTime.describe(bufferEnd)): starting a new run")
                let ret = drain(element)
                guard ret == GST_FLOW_OK else { return ret }
                end = nil
            }
            if end == nil { end = bufferEnd }
        }
        guard let end else {
            element.element.log(.debug, "reverse audio buffer without a timestamp: dropped")
            return GST_FLOW_OK
        }
        if run.resampler == nil {
            startReverseRun(at: end, format: format, pair: pair,
                            interpolation: element.shared.withLock { $0.settings.interpolation })
        }
        run.runInputFrames &+= UInt64(frames)
        run.nextStreamTime = end >= length ? end - length : 0
        // The frames last first (each frame's channels stay in order).
        let bpf = format.bytesPerFrame
        let ret = buffer.withBytes { bytes -> GstFlowReturn in
            var reversed = [UInt8](repeating: 0, count: frames * bpf)
            reversed.withUnsafeMutableBytes { out in
                guard let src = bytes.baseAddress, let dst = out.baseAddress, frames * bpf <= bytes.count else { return }
                for f in 0..<frames {
                    (dst + f * bpf).copyMemory(from: src + (frames - 1 - f) * bpf, byteCount: bpf)
                }
            }
            return reversed.withUnsafeBytes { feed($0, format: format, element) }
        }
        return ret ?? GST_FLOW_ERROR
    }

    /// Starts a backwards run whose first (latest) input sample ends at stream time `end`.
    mutating func startReverseRun(at end: UInt64, format: AudioStreamFormat, pair: SegmentPair,
                                  interpolation: AudioInterpolation) {
        run.resampler = WarpResampler(channels: format.channels, rate: format.rate, interpolation: interpolation,
                                      startTime: -ClockTime.seconds(end), warpTimes: Self.reflected(pair.warp))
        run.reverseClock = ReverseAudioClock(end: pair.warp.outputTimestamp(streamTime: end), rate: UInt64(format.rate))
        run.clock = nil
        run.runStart = end
        run.runInputFrames = 0
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
    mutating func pushReversed(_ out: consuming Buffer, frames: Int, _ element: WarpElement<AudioState>) -> GstFlowReturn {
        guard var clock = run.reverseClock, let output = run.timeline.output, let format else { return GST_FLOW_OK }
        guard let stamp = clock.stamp(count: frames) else { return GST_FLOW_EOS }  // below 0
        run.reverseClock = clock
        // Past the segment's start nothing more is wanted.
        if stamp.pts &+ stamp.duration <= output.start, stamp.duration > 0 { return GST_FLOW_EOS }
        let bpf = format.bytesPerFrame
        _ = out.withMutableBytes { bytes in
            guard let base = bytes.baseAddress, frames * bpf <= bytes.count else { return }
            var scratch = [UInt8](repeating: 0, count: bpf)
            scratch.withUnsafeMutableBytes { tmp in
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
        out.stamp(pts: stamp.pts, duration: stamp.duration == 0 ? ClockTime.none : stamp.duration,
                  discont: run.timeline.discontPending)
        run.timeline.discontPending = false
        element.recordPosition(stamp.pts)
        return element.srcPad.push(out)
    }
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
