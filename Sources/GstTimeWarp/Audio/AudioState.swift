import TimeWarpAudioCore
/// What audiotimewarp keeps between buffers until a flush.
struct AudioRun {
    /// Segment bookkeeping.
    var timeline = Timeline()
    /// The resampler of the current contiguous run of input.
    var resampler: WarpResampler?
    /// The stretcher of the current run instead, with `pitch=preserve` (then `resampler` is nil).
    var stretcher: WarpStretcher?
    /// Timestamps of the current run's output.
    var clock: AudioOutputClock?
    /// Timestamps of the current run's output in reverse playback (instead of `clock`).
    var reverseClock: ReverseAudioClock?
    /// The resampler runs backwards (reverse playback): it warps through `x ↦ -T(-x)`.
    var reflected = false
    /// Reverse playback: the buffers of the chunk being gathered (ascending), played backwards
    /// when the next chunk starts below them.
    var reverseChunk: [ReverseChunkPart] = []
    /// Input stream time of the current run's first sample (ns).
    var runStart: UInt64 = 0
    /// Input samples fed since `runStart`.
    var runInputFrames: UInt64 = 0
    /// Input stream time right after the last sample taken (ns), across runs within a segment:
    /// where the next buffer is expected.
    var nextStreamTime: UInt64?
    /// The bytes of an incomplete frame at the end of the last buffer, joined to the next one.
    var partialFrame: [UInt8] = []
    /// A warning about timestamps going backwards was posted already.
    var warnedBackwards = false
    /// Where the next input buffer is expected (ns), in the bit-exact pass-through.
    var passThroughNext: UInt64?
    /// A warning about the end of the clock range was posted already.
    var warnedClockEnd = false

    /// A run is under way (a resampler or a stretcher takes the input).
    var isRunning: Bool { resampler != nil || stretcher != nil }
}

/// The streaming state of audiotimewarp: the negotiated format (kept across flushes: caps are
/// sticky) and the current run.
struct AudioState {
    /// Negotiated format.
    var format: AudioStreamFormat?
    /// The current run.
    var run = AudioRun()

    /// A stream that has not started.
    static func fresh() -> sending AudioState { AudioState() }
}
