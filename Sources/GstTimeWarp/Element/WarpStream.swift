import GStreamerBinding

/// The streaming `State` of one element kind (video or audio): everything the streaming thread
/// keeps between buffers, in one value. The element builds it when streaming starts, replaces it
/// whole at stop, and replaces its run part with one assignment on a flush (`flush()`).
/// Touched only under the element's state lock, on the streaming thread.
///
/// The element drives and the State is data: for each buffer the element asks the State to
/// `admit` it (which yields the buffer's input span), applies live changes of the map, pushes a
/// pending segment, and only then hands the buffer to `process`. The State reaches the outside
/// only through the `StreamOutput` it is given, and never calls back into the element.
protocol WarpStream: ~Copyable {
    /// The element kind this is the State of (caps, allocation, own properties).
    associatedtype Kind: WarpElementKind
    /// The state of a stream that has not started, owned by nobody else (so it can go under
    /// the element's lock).
    static func fresh() -> sending Self
    /// The segment bookkeeping.
    var timeline: Timeline { get set }
    /// Forgets the current run, keeping what outlives a flush (the negotiated format).
    mutating func flush()
    /// First look at an input buffer: whether it can go on (with its input span, when the
    /// current segment places it), or how it ends here.
    mutating func admit(_ buffer: borrowing Buffer, _ out: StreamOutput) -> BufferAdmission
    /// Handles one admitted input buffer, once the output segment went out; `span` is what
    /// `admit` found.
    mutating func process(_ buffer: consuming Buffer, at span: InputSpan?, _ out: StreamOutput) throws(FlowError)
    /// Emits what is held back, at EOS or before a new segment.
    mutating func drain(_ out: StreamOutput) throws(FlowError)
    /// The time map changed while playing (a live change): `warp` replaces the current segment's
    /// and continues it exactly up to the change.
    mutating func mapDidChange(_ warp: TimestampWarp)
    /// A new output segment went out (`out.settings` were just read): per-segment state starts
    /// over.
    mutating func segmentDidBegin(_ out: StreamOutput)
    /// Handles a CAPS event (`out.settings` were just read); returns whether the caps were
    /// accepted.
    mutating func handleCaps(_ event: consuming Event, _ out: StreamOutput) -> Bool
    /// The element goes from READY to PAUSED with these settings: start what the stream keeps
    /// running (worker threads). Released with the State when the element goes back to READY.
    mutating func willStart(_ settings: ElementSettings)
}

extension WarpStream where Self: ~Copyable {
    /// Nothing to start by default.
    mutating func willStart(_ settings: ElementSettings) {}
}

/// What `WarpStream.admit` decides about an input buffer.
enum BufferAdmission {
    /// The buffer goes on; its input span, when the current input segment places it (live
    /// changes of the map take effect at its start).
    case proceed(InputSpan?)
    /// The buffer ends here, dropped (the flow goes on).
    case dropped
    /// The buffer ends here and the flow with it.
    case failed(FlowError)
}

/// Where an input buffer lies in input stream time: its start, and its length (computed only
/// when asked for, since most buffers never need it).
struct InputSpan {
    /// How long the buffer lasts.
    enum Length {
        /// A duration (ns).
        case time(UInt64)
        /// A number of audio frames at a sample rate (Hz).
        case frames(UInt64, rate: UInt64)
    }

    /// Input stream time of the buffer's start (ns).
    var start: UInt64
    /// The buffer's length.
    var length: Length

    /// Input stream time of the buffer's end (ns).
    var end: UInt64 {
        switch length {
        case .time(let duration): return start &+ duration
        case .frames(let frames, let rate): return start &+ (ClockTime.scale(frames, ClockTime.second, rate) ?? 0)
        }
    }
}
