import TimeWarpAudioCore
/// What audiotimewarp keeps between buffers until a flush.
struct AudioRun {
    /// Segment bookkeeping.
    var timeline = Timeline()
    /// The contiguous run under way, if any: its engine, output clock and start.
    var active: ActiveRun?
    /// Reverse playback: the buffers of the chunk being gathered (ascending), played backwards
    /// when the next chunk starts below them.
    var reverseChunk: [ReverseChunkPart] = []
    /// Input stream time right after the last sample taken (ns), across runs within a segment:
    /// where the next buffer is expected.
    var nextStreamTime: UInt64?
    /// The bytes of an incomplete frame at the end of the last buffer, joined to the next one.
    var partialFrame: [UInt8] = []
    /// A warning about timestamps going backwards was posted already.
    var warnedBackwards = false
    /// A warning about a timestamp jump past the medium's end was posted already.
    var warnedJump = false
    /// Where the next input buffer is expected (ns), in the bit-exact pass-through.
    var passThroughNext: UInt64?
    /// A warning about the end of the clock range was posted already.
    var warnedClockEnd = false

    /// `function=remap` with a curve that stops or goes back: its engine, once the first buffer came.
    var remap: AudioRemapRun?

    /// A run is under way (its engine takes the input).
    var isRunning: Bool { active != nil }
}

/// The streaming state of audiotimewarp: the negotiated format (kept across flushes: caps are
/// sticky) and what lasts until a flush (among it the current run).
struct AudioState {
    /// Negotiated format.
    var format: AudioStreamFormat?
    /// What lasts until a flush.
    var run = AudioRun()

    /// A stream that has not started.
    static func fresh() -> sending AudioState { AudioState() }
}
