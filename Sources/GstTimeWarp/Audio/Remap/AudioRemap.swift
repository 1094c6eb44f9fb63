import GStreamerBinding
import TimeWarpAudioCore
import TimeWarpMap

/// The remap curve, as the audio engine reads it.
extension RemapCurve: RemapAudioCurve {}

/// What audiotimewarp keeps for a remap curve that stops or goes back: the engine (the input the
/// curve still needs and the output rendered so far) and where the next input frame is expected.
struct AudioRemapRun {
    /// Renders the output along the curve.
    var engine: RemapAudioEngine
    /// The input frame (from the map's origin) the next buffer continues at.
    var nextInputFrame: Int?
}

/// `function=remap` with a curve that stops, jumps or goes back: the output sample at `τ` is the
/// input around `p(τ)` (`RemapAudioEngine`: resampled with `pitch=follow`, grains at the original
/// pitch with `pitch=preserve`: WSOLA-aligned, or the phase vocoder's with
/// `pitch-engine=spectral`), `round(τ_end · rate)` samples from the segment's start, stamped from
/// their index.
extension AudioState {
    /// Feeds one input buffer to the remap engine and pushes what it renders.
    mutating func processRemap(_ buffer: consuming Buffer, _ remap: RemapSegment, _ format: AudioStreamFormat,
                               _ out: StreamOutput) throws(FlowError) {
        if run.remap == nil {
            let mode: RemapAudioEngine.Mode = out.settings.pitch != .preserve ? .tape
                : out.settings.pitchEngine == .spectral ? .spectral : .grains
            run.remap = AudioRemapRun(engine: RemapAudioEngine(curve: remap.curve, channels: format.channels, rate: format.rate,
                                                               mode: mode, firstTau: remap.firstTau))
            run.timeline.discontPending = true
        }
        let rate = UInt64(format.rate)
        var start = run.remap?.nextInputFrame ?? 0
        if buffer.pts != ClockTime.none, let input = run.timeline.input, let st = input.streamTime(of: max(buffer.pts, input.start)) {
            let frame = Int(ClockTime.scale(st, rate, ClockTime.second) ?? 0)
            // Jitter within the discontinuity threshold continues the run as it was.
            if run.remap?.nextInputFrame == nil || abs(frame - start) > Int(rate) * 40 / 1000 { start = frame }
        }
        guard let samples = buffer.withBytes({ Self.decode($0, format) }) else {
            out.postError(.stream, code: ErrorCode.streamFailed, "Could not read an audio buffer")
            throw .error
        }
        let frames = samples.count / format.channels
        run.remap?.nextInputFrame = start + frames
        samples.withUnsafeBufferPointer { run.remap?.engine.append($0, at: start) }
        try pushRemapped(final: false, remap, format, out)
        // Every sample went out: the rest of the input is never heard, so upstream may stop.
        if let engine = run.remap?.engine, engine.renderedFrames >= engine.totalFrames { throw .eos }
    }

    /// Renders the rest of the curve (EOS, a new segment) and ends the run.
    mutating func drainRemap(_ remap: RemapSegment, _ out: StreamOutput) throws(FlowError) {
        guard let format, run.remap != nil else { return }
        defer { run.remap = nil }  // the run ends whatever downstream says
        try pushRemapped(final: true, remap, format, out)
    }

    /// Pushes what the engine renders now, stamped from the output frame index.
    private mutating func pushRemapped(final: Bool, _ remap: RemapSegment, _ format: AudioStreamFormat,
                                       _ out: StreamOutput) throws(FlowError) {
        guard var engine = run.remap?.engine else { return }
        var first = engine.renderedFrames
        let rendered = engine.render(final: final)
        run.remap?.engine = engine
        let total = rendered.count / format.channels
        var done = 0
        while done < total {
            let frames = min(Self.maxFramesPerBuffer, total - done)
            let slice = rendered[(done * format.channels)..<((done + frames) * format.channels)]
            try pushRemapped(Array(slice), frames: frames, firstFrame: first, remap, format, out)
            done += frames
            first += frames
        }
    }

    /// Pushes `frames` rendered frames starting at output frame `first`.
    private mutating func pushRemapped(_ samples: [Float], frames: Int, firstFrame first: Int, _ remap: RemapSegment,
                                       _ format: AudioStreamFormat, _ out: StreamOutput) throws(FlowError) {
        let rate = UInt64(format.rate)
        let from = remap.outputStart &+ (ClockTime.scale(UInt64(first), ClockTime.second, rate) ?? 0)
        let to = remap.outputStart &+ (ClockTime.scale(UInt64(first + frames), ClockTime.second, rate) ?? 0)
        guard var buffer = Buffer.allocate(size: frames * format.bytesPerFrame) else { throw .error }
        _ = buffer.withMutableBytes { Self.encode(samples, format, into: $0) }
        buffer.stamp(pts: from, duration: to &- from, offset: UInt64(first), offsetEnd: UInt64(first + frames),
                     discont: run.timeline.discontPending)
        run.timeline.discontPending = false
        out.recordPosition(from)
        try out.push(buffer)
    }

    /// Interleaved samples of `format` as `Float` in [-1, 1].
    static func decode(_ bytes: UnsafeRawBufferPointer, _ format: AudioStreamFormat) -> [Float] {
        switch format.sampleFormat {
        case .s16: return bytes.withMemoryRebound(to: Int16.self) { $0.map { Float($0) / 32768 } }
        case .s32: return bytes.withMemoryRebound(to: Int32.self) { $0.map { Float(Double($0) / 2_147_483_648) } }
        case .f32: return Array(bytes.withMemoryRebound(to: Float.self) { $0 })
        case .f64: return bytes.withMemoryRebound(to: Double.self) { $0.map { Float($0) } }
        }
    }

    /// Writes `samples` in `format` (integers rounded and clipped).
    static func encode(_ samples: [Float], _ format: AudioStreamFormat, into bytes: UnsafeMutableRawBufferPointer) {
        switch format.sampleFormat {
        case .s16:
            let out = bytes.bindMemory(to: Int16.self)
            for (i, s) in samples.prefix(out.count).enumerated() {
                let v = (Double(s) * 32768).rounded()
                out[i] = v.isNaN ? 0 : Int16(min(max(v, -32768), 32767))
            }
        case .s32:
            let out = bytes.bindMemory(to: Int32.self)
            for (i, s) in samples.prefix(out.count).enumerated() {
                let v = (Double(s) * 2_147_483_648).rounded()
                out[i] = v.isNaN ? 0 : Int32(min(max(v, -2_147_483_648), 2_147_483_647))
            }
        case .f32:
            let out = bytes.bindMemory(to: Float.self)
            for (i, s) in samples.prefix(out.count).enumerated() { out[i] = s }
        case .f64:
            let out = bytes.bindMemory(to: Double.self)
            for (i, s) in samples.prefix(out.count).enumerated() { out[i] = Double(s) }
        }
    }
}
