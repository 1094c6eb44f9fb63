/// One contiguous run of audio: the engine that makes it follow the map, where its output lies
/// in time, and where its input started. A run ends whole (`run.active = nil`).
struct ActiveRun {
    /// The engine, bound to the stream's sample type (`AudioRunEngine.swift`).
    var engine: any AudioRunEngine
    /// Timestamps of the run's output.
    var clock: AudioRunClock
    /// Input stream time where the run starts (ns): of its first sample forwards, of the end of
    /// its first (latest) sample backwards.
    let start: UInt64
    /// Input frames fed since `start`.
    var inputFrames: UInt64 = 0
    /// The engine runs backwards (reverse playback): it warps through `x ↦ -T(-x)`.
    let reflected: Bool
}

/// How a run's output is stamped: upwards from its first sample, or (reverse playback, without
/// `reverse=true`) downwards from its end.
enum AudioRunClock {
    /// Sample `j` at `origin + j / rate` (`AudioOutputClock`).
    case forward(AudioOutputClock)
    /// Sample `j` counted back from the end (`ReverseAudioClock`).
    case backward(ReverseAudioClock)
}

extension AudioRun {
    /// The active run's next piece of output (`AudioRunEngine.renderPiece`); nothing without a
    /// run.
    mutating func renderPiece(maxFrames: Int) -> RenderedPiece {
        guard var running = active.take() else { return .nothing }
        defer { active = running }
        return running.engine.renderPiece(maxFrames: maxFrames)
    }
}
