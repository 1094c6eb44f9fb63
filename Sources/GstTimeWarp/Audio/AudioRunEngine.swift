import TimeWarpAudioCore

/// An `AudioWarpEngine` bound to the stream's sample type, driven with raw interleaved bytes:
/// what a run (`ActiveRun`) holds, whichever way the pitch goes. `AudioSampleFormat.bind(_:)` is
/// the one place the sample type is chosen.
protocol AudioRunEngine {
    /// Appends one step's worth of the whole samples in `bytes` (aligned to the sample size);
    /// returns how many bytes it took (0 when it takes nothing more).
    mutating func append(_ bytes: UnsafeRawBufferPointer) -> Int
    /// Renders the next ready frames, at most `maxFrames`, into a new buffer.
    mutating func renderPiece(maxFrames: Int) -> RenderedPiece
    /// No more input comes: the pieces now deliver the rest of the run.
    mutating func finish()
    /// Warps the input still to come through `warpTimes` instead (a live change of the map).
    mutating func replaceWarp(warpTimes: @escaping @Sendable (UnsafeMutableBufferPointer<Double>) -> Void)
}

/// What `AudioRunEngine.renderPiece(maxFrames:)` gives.
enum RenderedPiece: ~Copyable {
    /// Nothing is ready (until more input comes, or ever after the end).
    case nothing
    /// A buffer holding `frames` frames, unstamped.
    case piece(Buffer, frames: Int)
    /// No buffer of `frames` frames could be allocated.
    case allocationFailed(frames: Int)
}

/// `engine` taking and giving samples of type `S`.
struct TypedAudioEngine<S: WarpSample, E: AudioWarpEngine>: AudioRunEngine {
    /// The resampler or the stretcher.
    var engine: E

    /// Appends one step of `bytes` viewed as samples of `S`.
    mutating func append(_ bytes: UnsafeRawBufferPointer) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let samples = UnsafeBufferPointer(start: base.assumingMemoryBound(to: S.self),
                                          count: bytes.count / MemoryLayout<S>.stride)
        return engine.append(samples) &* MemoryLayout<S>.stride
    }

    /// Asks the engine how many frames are ready, allocates a buffer for up to `maxFrames` of
    /// them and renders them into it.
    mutating func renderPiece(maxFrames: Int) -> RenderedPiece {
        let ready = engine.framesReady(upTo: maxFrames)
        guard ready > 0 else { return .nothing }
        let frames = min(ready, maxFrames)
        let frameSize = engine.channels &* MemoryLayout<S>.stride
        let (size, overflow) = frames.multipliedReportingOverflow(by: frameSize)
        guard !overflow, size > 0, var piece = Buffer.allocate(size: size) else {
            return .allocationFailed(frames: frames)
        }
        let written: Int = piece.withMutableBytes { bytes in engine.render(into: bytes.bindMemory(to: S.self)) } ?? 0
        guard written > 0 else { return .nothing }
        piece.truncate(to: written &* frameSize)
        return .piece(piece, frames: written)
    }

    /// Ends the engine's input.
    mutating func finish() { engine.finish() }

    /// Hands the new map to the engine.
    mutating func replaceWarp(warpTimes: @escaping @Sendable (UnsafeMutableBufferPointer<Double>) -> Void) {
        engine.replaceWarp(warpTimes: warpTimes)
    }
}

extension AudioSampleFormat {
    /// `engine` taking and giving this format's samples: the one switch over the sample format.
    func bind<E: AudioWarpEngine>(_ engine: E) -> any AudioRunEngine {
        switch self {
        case .s16: return TypedAudioEngine<Int16, E>(engine: engine)
        case .s32: return TypedAudioEngine<Int32, E>(engine: engine)
        case .f32: return TypedAudioEngine<Float, E>(engine: engine)
        case .f64: return TypedAudioEngine<Double, E>(engine: engine)
        }
    }
}

extension AudioStreamFormat {
    /// The engine of a run in this format whose first input sample sits at `startTime` (s),
    /// warped by `warpTimes`: resampling (`pitch=follow`, with `interpolation` and `quality`) or
    /// stretching (`pitch=preserve`: WSOLA or the phase vocoder, by `pitchEngine`).
    func makeEngine(pitch: AudioPitch, pitchEngine: AudioPitchEngine = .wsola, interpolation: AudioInterpolation, quality: WarpSincQuality,
                    startTime: Double,
                    warpTimes: @escaping @Sendable (UnsafeMutableBufferPointer<Double>) -> Void) -> any AudioRunEngine {
        if pitch == .preserve, pitchEngine == .spectral {
            return sampleFormat.bind(WarpSpectralStretcher(channels: channels, rate: rate, startTime: startTime,
                                                           warpTimes: warpTimes))
        }
        if pitch == .preserve {
            return sampleFormat.bind(WarpStretcher(channels: channels, rate: rate, startTime: startTime,
                                                   warpTimes: warpTimes))
        }
        return sampleFormat.bind(WarpResampler(channels: channels, rate: rate, interpolation: interpolation,
                                               sincQuality: quality, startTime: startTime, warpTimes: warpTimes))
    }
}
