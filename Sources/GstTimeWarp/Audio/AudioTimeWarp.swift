import CGStreamer
import CShims
import Synchronization
import TimeWarpAudioCore
import TimeWarpMap

/// `audiotimewarp`: resamples audio at variable control points so that it follows the same time
/// map as `videotimewarp`. Output timestamps are contiguous and derived from the sample index;
/// the format is passed through unchanged.
final class AudioTimeWarp: WarpingElement, @unchecked Sendable {
    /// The `interpolation` property.
    let interpolationSetting = Mutex(AudioInterpolation.sinc)

    /// Negotiated format (streaming thread).
    var format: AudioStreamFormat?
    /// The resampler of the current contiguous run.
    var resampler: WarpResampler?
    /// Timestamps of the current run's output.
    var clock: AudioOutputClock?
    /// Input stream time of the current run's first sample (ns) and samples fed since.
    var runStart: UInt64 = 0
    var runInputFrames: UInt64 = 0
    /// Reused output arrays, one per sample type.
    var outS16: [Int16] = [], outS32: [Int32] = [], outF32: [Float] = [], outF64: [Double] = []
    /// A deviation of input timestamps beyond this starts a new run (ns), like audio sinks' 40 ms.
    static let discontinuityThreshold: UInt64 = 40 * 1_000_000

    // MARK: Buffers

    override func process(_ buffer: consuming Buffer) -> GstFlowReturn {
        guard let format else {
            element.postError(.core, code: ErrorCode.negotiation, "No caps were negotiated before the first buffer")
            return GST_FLOW_NOT_NEGOTIATED
        }
        guard let warp = ensureWarp() else { return GST_FLOW_ERROR }
        guard pushSegmentIfPending() else { return GST_FLOW_ERROR }
        if warp.isIdentity { return srcPad.push(buffer) }  // default settings: bit-exact

        var frames = UInt64(buffer.size / format.bytesPerFrame)
        var skipped: UInt64 = 0  // leading frames before the segment start (clipped)
        var streamTime: UInt64?
        if buffer.pts != ClockTime.none {
            var pts = buffer.pts
            if inputSegment.rate > 0, pts < inputSegment.start {
                // A buffer straddling the segment start (after an accurate seek): keep its tail.
                let before = ClockTime.scale(inputSegment.start - pts, UInt64(format.rate), ClockTime.second) ?? frames
                skipped = min(frames, before)
                guard skipped < frames else {
                    element.log(.debug, "audio buffer before the segment: dropped")
                    return GST_FLOW_OK
                }
                frames -= skipped
                pts &+= ClockTime.scale(skipped, ClockTime.second, UInt64(format.rate)) ?? 0
            }
            guard let st = inputSegment.streamTime(of: max(pts, inputSegment.start)) else {
                element.log(.debug, "audio buffer outside the segment: dropped")
                return GST_FLOW_OK
            }
            streamTime = st
        }
        if resampler != nil, let st = streamTime, isDiscontinuous(at: st) {
            element.log(.info, "audio discontinuity at \(ClockTime.describe(st)): starting a new run")
            let ret = drain()
            guard ret == GST_FLOW_OK else { return ret }
        }
        if resampler == nil {
            // Buffers without timestamps are placed after the previous one (or at the segment).
            startRun(at: streamTime ?? nextExpectedStreamTime(format) ?? inputSegment.time,
                     format: format, warp: warp)
        }
        runInputFrames &+= frames
        let offset = Int(skipped) * format.bytesPerFrame
        guard let ret = buffer.withBytes({ bytes in
            feed(UnsafeRawBufferPointer(rebasing: bytes[min(offset, bytes.count)...]), format: format)
        }) else {
            element.postError(.stream, code: ErrorCode.streamFailed, "Could not read an audio buffer")
            return GST_FLOW_ERROR
        }
        return ret
    }

    /// Whether a buffer at input stream time `st` does not continue the current run.
    func isDiscontinuous(at st: UInt64) -> Bool {
        guard let expected = nextExpectedStreamTime(format) else { return false }
        let deviation = st > expected ? st - expected : expected - st
        return deviation > Self.discontinuityThreshold
    }

    /// Input stream time right after the last fed sample.
    func nextExpectedStreamTime(_ format: AudioStreamFormat?) -> UInt64? {
        guard resampler != nil || runInputFrames > 0, let format else { return nil }
        return runStart &+ (ClockTime.scale(runInputFrames, ClockTime.second, UInt64(format.rate)) ?? 0)
    }

    /// Starts a contiguous run whose first input sample is at stream time `start`.
    func startRun(at start: UInt64, format: AudioStreamFormat, warp: TimestampWarp) {
        let map = warp.map
        let interpolation = interpolationSetting.withLock { $0 }
        // The map in batches: one call per chunk of input times, not per sample.
        resampler = WarpResampler(channels: format.channels, rate: format.rate, interpolation: interpolation,
                                  startTime: ClockTime.seconds(start), warpTimes: map.inPlaceWarp())
        clock = AudioOutputClock(origin: warp.outputTimestamp(streamTime: start), rate: UInt64(format.rate))
        runStart = start
        runInputFrames = 0
        discontPending = true
    }

    /// Feeds raw interleaved bytes to the resampler (in place), typed by the negotiated format, and
    /// pushes what comes out.
    func feed(_ bytes: UnsafeRawBufferPointer, format: AudioStreamFormat) -> GstFlowReturn {
        switch format.sampleFormat {
        case .s16: return Self.typed(bytes, as: Int16.self) { resample($0, format) } ?? GST_FLOW_OK
        case .s32: return Self.typed(bytes, as: Int32.self) { resample($0, format) } ?? GST_FLOW_OK
        case .f32: return Self.typed(bytes, as: Float.self) { resample($0, format) } ?? GST_FLOW_OK
        case .f64: return Self.typed(bytes, as: Double.self) { resample($0, format) } ?? GST_FLOW_OK
        }
    }

    /// Appends `samples` a step at a time, rendering each step's output straight into a new
    /// buffer and pushing it (see `WarpResampler+Direct.swift`).
    func resample<S: WarpSampleCodec>(_ samples: UnsafeBufferPointer<S>, _ format: AudioStreamFormat) -> GstFlowReturn {
        var taken = 0
        while taken < samples.count {
            let n = resampler?.append(UnsafeBufferPointer(rebasing: samples[taken...])) ?? 0
            guard n > 0 else { break }
            taken += n
            let ret = pushRendered(S.self, format)
            guard ret == GST_FLOW_OK else { return ret }
        }
        return GST_FLOW_OK
    }

    /// Renders the resampler's ready frames into a new buffer and pushes it (nothing when none).
    func pushRendered<S: WarpSampleCodec>(_: S.Type, _ format: AudioStreamFormat) -> GstFlowReturn {
        guard let bound = resampler?.renderBound, let channels = resampler?.channels else { return GST_FLOW_OK }
        guard bound > 0 else {
            resampler?.renderNothing(S.self)
            return GST_FLOW_OK
        }
        let bytesPerFrame = channels * MemoryLayout<S>.stride
        guard var out = Buffer.allocate(size: (bound + 1) * bytesPerFrame) else { return GST_FLOW_ERROR }
        let written: Int = out.withMutableBytes { bytes in
            resampler?.render(into: bytes.bindMemory(to: S.self)) ?? 0
        } ?? 0
        guard written > 0 else { return GST_FLOW_OK }
        out.truncate(to: written * bytesPerFrame)
        return push(out, frames: written)
    }

    /// Calls `body` with `bytes` viewed as samples of `S` (copied when misaligned); nil when there
    /// is no whole sample.
    static func typed<S, R>(_ bytes: UnsafeRawBufferPointer, as: S.Type, _ body: (UnsafeBufferPointer<S>) -> R) -> R? {
        let count = bytes.count / MemoryLayout<S>.stride
        guard count > 0, let base = bytes.baseAddress else { return nil }
        if Int(bitPattern: base) % MemoryLayout<S>.alignment == 0 {
            return body(UnsafeBufferPointer(start: base.assumingMemoryBound(to: S.self), count: count))
        } else {
            let copy = (0..<count).map { bytes.loadUnaligned(fromByteOffset: $0 * MemoryLayout<S>.stride, as: S.self) }
            return copy.withUnsafeBufferPointer(body)
        }
    }

    /// Pushes whatever output the resampler produced.
    func pushPending(_ format: AudioStreamFormat) -> GstFlowReturn {
        switch format.sampleFormat {
        case .s16: return push(&outS16, format)
        case .s32: return push(&outS32, format)
        case .f32: return push(&outF32, format)
        case .f64: return push(&outF64, format)
        }
    }

    /// Wraps `samples` in a buffer and pushes it (the end of a run).
    func push<S>(_ samples: inout [S], _ format: AudioStreamFormat) -> GstFlowReturn {
        let frames = samples.count / max(format.channels, 1)
        guard frames > 0 else { samples.removeAll(keepingCapacity: true); return GST_FLOW_OK }
        let bytes = frames * format.bytesPerFrame
        guard var out = Buffer.allocate(size: bytes) else { return GST_FLOW_ERROR }
        _ = out.withMutableBytes { dst in
            samples.withUnsafeBytes { src in dst.copyMemory(from: UnsafeRawBufferPointer(rebasing: src.prefix(bytes))) }
        }
        samples.removeAll(keepingCapacity: true)
        return push(out, frames: frames)
    }

    /// Stamps `out` (`frames` frames) from the sample index and pushes it.
    func push(_ out: consuming Buffer, frames: Int) -> GstFlowReturn {
        guard var stamp = clock?.stamp(count: frames) else { return GST_FLOW_OK }
        if let stop = outputSegment?.stop, stop != ClockTime.none, stamp.pts >= stop { return GST_FLOW_OK }
        if stamp.duration == 0 { stamp.duration = ClockTime.none }
        out.stamp(pts: stamp.pts, duration: stamp.duration, offset: stamp.offset, offsetEnd: stamp.offsetEnd,
                  discont: discontPending)
        discontPending = false
        return srcPad.push(out)
    }

    /// Emits the tail of the current run (EOS, new segment, discontinuity).
    override func drain() -> GstFlowReturn {
        guard var r = resampler.take(), let format else { return GST_FLOW_OK }
        switch format.sampleFormat {
        case .s16: r.drain(into: &outS16)
        case .s32: r.drain(into: &outS32)
        case .f32: r.drain(into: &outF32)
        case .f64: r.drain(into: &outF64)
        }
        let ret = pushPending(format)
        clock = nil
        runInputFrames = 0
        return ret
    }

    override func resetStream() {
        resampler = nil
        clock = nil
        runInputFrames = 0
        outS16.removeAll(); outS32.removeAll(); outF32.removeAll(); outF64.removeAll()
    }

    /// The lookahead of the interpolation kernel, in time.
    override func addedLatency() -> UInt64 {
        guard let format else { return 0 }
        let interpolation = interpolationSetting.withLock { $0 }
        return ClockTime.scale(UInt64(interpolation.nominalLookahead), ClockTime.second, UInt64(format.rate)) ?? 0
    }

    // MARK: Caps

    override func handleCaps(_ event: consuming Event) -> Bool {
        guard let caps = event.parseCaps(), let newFormat = AudioStreamFormat(caps: caps) else {
            element.postError(.core, code: ErrorCode.negotiation, "Unsupported audio caps")
            return false
        }
        if let format, format != newFormat {
            element.postWarning(.stream, code: ErrorCode.streamFormat,
                                "Audio caps changed mid-stream; continuing with the new format",
                                debug: caps.description)
            _ = drain()
        }
        format = newFormat
        return srcPad.push(event)
    }

    /// Caps pass through unchanged: what one side's peer accepts is what the other side may use.
    override func handleCapsQuery(_ query: Query, on pad: Pad) -> Bool {
        let other = pad.isSame(as: sinkPad.raw) ? srcPad : sinkPad
        guard let template = pad.templateCaps() else { return false }
        let filter = query.capsFilter
        let peer = other.peerCaps(filter: filter)
        var result: Caps
        if let peer {
            result = peer.intersect(template)
        } else if case .some(let f) = filter {
            result = f.intersect(template)
        } else {
            result = template
        }
        query.setCapsResult(result)
        return true
    }

    // MARK: Properties

    override func setOwnProperty(_ id: UInt32, _ value: PropertyValue) -> Bool {
        guard TimeWarpPropertyId(rawValue: id) == TIMEWARP_PROP_INTERPOLATION else { return false }
        let all: [AudioInterpolation] = [.linear, .cubic, .sinc]
        let index = Int(value.enumValue)
        interpolationSetting.withLock { $0 = all.indices.contains(index) ? all[index] : .sinc }
        return true
    }

    override func getOwnProperty(_ id: UInt32, _ value: PropertyValue) -> Bool {
        guard TimeWarpPropertyId(rawValue: id) == TIMEWARP_PROP_INTERPOLATION else { return false }
        let current = interpolationSetting.withLock { $0 }
        value.set(enumValue: current == .linear ? 0 : current == .cubic ? 1 : 2)
        return true
    }
}
