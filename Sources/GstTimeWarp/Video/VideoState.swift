import CShims
import GStreamerBinding
import TimeWarpMap

/// The output frame-rate mode negotiated with downstream.
enum VideoRateMode: Equatable, Sendable {
    /// Every frame passes with warped timestamps.
    case variable
    /// Output at `numerator/denominator` frames per second.
    case fixed(numerator: Int32, denominator: Int32)
}

/// A frame held back (fixed rate) until the next one shows which output slots it wins.
struct HeldFrame: ~Copyable {
    /// The frame.
    var buffer: Buffer
    /// Warped timestamp on the output timeline (ns).
    var warpedTime: UInt64
    /// Warped end time: the warped stream time of `pts + duration` (ns).
    var warpedEnd: UInt64
    /// Whether it has been pushed at least once.
    var shown = false
}

/// What videotimewarp negotiated: it outlives flushes and segments (caps are sticky), and is
/// replaced only by a new CAPS event or at stop.
struct VideoFormat: ~Copyable {
    /// Output caps were negotiated.
    var negotiated = false
    /// The output rate mode.
    var mode = VideoRateMode.variable
    /// Input frame rate from the sink caps (0/1 when unknown or variable).
    var inputRate: (numerator: Int32, denominator: Int32) = (0, 1)
    /// The input caps, kept to renegotiate when downstream asks.
    var inputCaps: Caps?
    /// How frames of the negotiated format are mixed (`frame-mode=blend`), or why they cannot be.
    var blend: Result<BlendFormat, VideoLayout.UnsupportedFormat>?
    /// The output buffer pool for blended frames, set up at the first one after each CAPS.
    var pool: BufferPool?
    /// Setting up `pool` was tried for the current caps.
    var poolTried = false
    /// The fallback to nearest for the current caps was announced.
    var warnedUnblendable = false
    /// How `frame-mode=flow` reads the negotiated format (made at the first flowed frame).
    var flow: FlowFormat?
}

/// What videotimewarp keeps within one output segment; a new segment starts a fresh one.
struct VideoSegmentRun {
    /// `max-duplication-time` (ns, 0: no limit), read when the segment begins.
    var maxDuplicationTime: UInt64 = 0
    /// The least spacing of output frames in variable-rate mode (ns, from `max-rate`; 0: none).
    var minSpacing: UInt64 = 0
    /// Output grid of the segment (fixed-rate mode).
    var grid: OutputFrameGrid?
    /// The next output slot to fill; nil until the first frame places the grid.
    var nextSlot: UInt64?
    /// Reverse playback reached slot 0: no slot is left to fill in this segment.
    var slotsExhausted = false
    /// Time of the last slot pushed (fixed rate): a grid restarted by renegotiation continues
    /// after it.
    var lastSlotTime: UInt64?
    /// Last pushed output timestamp (variable rate), to keep output strictly increasing.
    var lastOutputTime: UInt64?
    /// Last accepted input stream time, to drop frames whose timestamps go backwards.
    var lastInputStreamTime: UInt64?
    /// How far later frames move back after timestamp jumps the medium cannot contain (ns,
    /// `VideoResync.swift`).
    var jumpCorrection: UInt64 = 0
    /// The last frame's end as (input stream time, warped time): contiguous frames start where
    /// the previous one ended, so `T` is evaluated once per frame instead of twice.
    var lastEnd: (streamTime: UInt64, warped: UInt64)?
    /// `frame-mode`, read when the segment begins.
    var frameMode = FrameMode.propertyDefault
    /// `max-blend-frames`, read when the segment begins.
    var maxBlendFrames = Int(TIMEWARP_DEFAULT_MAX_BLEND_FRAMES)
    /// `flow-quality`, read when the segment begins.
    var flowQuality = FlowQuality.propertyDefault
    /// `shutter-angle`, read when the segment begins.
    var shutterAngle = TIMEWARP_DEFAULT_SHUTTER_ANGLE
}

/// What videotimewarp keeps between buffers until a flush.
struct VideoRun: ~Copyable {
    /// Segment bookkeeping.
    var timeline = Timeline()
    /// The frame held back in fixed-rate mode.
    var held: HeldFrame?
    /// The frames of the current run held for blending (`frame-mode=blend`).
    var blendFrames: [BlendFrame] = []
    /// The last frame the blending run received, held or not (gaps are found against it).
    var lastBlendSpan: FrameSpan?
    /// Per-segment state.
    var segment = VideoSegmentRun()
    /// A warning about missing timestamps was posted already.
    var warnedNoTimestamp = false
    /// A warning about the end of the clock range was posted already.
    var warnedClockEnd = false
    /// A warning about a frame that could not be mapped for blending was posted already.
    var warnedUnmappable = false
    /// `frame-mode=flow`: the last pair's flow and the warning already posted.
    var flow = FlowRun()
    /// `function=remap` with a curve that stops or goes back: the frames kept and the next slot.
    var remap = VideoRemapRun()
}

/// The streaming state of videotimewarp: the negotiated format and the current run.
struct VideoState: ~Copyable, Sendable {
    /// Negotiated caps and mode.
    var format = VideoFormat()
    /// The current run.
    var run = VideoRun()
    /// The worker threads that split the rows of a blended frame: started when the element
    /// goes to PAUSED with `frame-mode=blend` (or at the first blended frame), released with the
    /// State when it goes back to READY.
    var workers: FrameWorkers?
    /// Starting `workers` was tried (nil after it: one processor).
    var workersTried = false

    /// A stream that has not started.
    static func fresh() -> sending VideoState { VideoState() }
}
