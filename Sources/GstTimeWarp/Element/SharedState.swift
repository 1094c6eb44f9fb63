import TimeWarpMap
/// A seek this element sent upstream, remembered by sequence number so that the segment it
/// produces starts (or, in reverse, stops) exactly at the requested output position.
struct PendingSeek: Sendable {
    /// Sequence number of the seek event (kept on the segment it causes).
    var seqnum: UInt32
    /// Requested output start and the input start it was mapped to (ns), if the seek set one.
    var start: (output: UInt64, input: UInt64)?
    /// Requested output stop and the input stop it was mapped to (ns), if the seek set one.
    var stop: (output: UInt64, input: UInt64)?
}

/// The segment pair in use, published for QoS and position queries from other threads.
struct PublishedTimeline: Sendable {
    /// The input segment.
    var input: Segment
    /// The output segment pushed for it.
    var output: Segment
    /// The mapping between them.
    var warp: TimestampWarp
}

/// What the application thread and the streaming thread share, behind one lock: the settings,
/// the time map of the current stream (built once per stream, kept across seeks, dropped when a
/// time-map property changes), and what queries and upstream events need to know.
struct SharedState: Sendable {
    /// The element's settings.
    var settings = ElementSettings()
    /// The map of the current stream, once built.
    var map: TimeMap?
    /// The last seeks sent upstream, newest last (a segment may come after newer seeks were
    /// sent: scrubbing).
    var pendingSeeks: [PendingSeek] = []
    /// How many seeks `pendingSeeks` remembers.
    static let rememberedSeeks = 8
    /// The current segment pair, once a segment went out.
    var timeline: PublishedTimeline?
    /// Latency the element adds (ns), set at negotiation.
    var latency: UInt64 = 0
    /// Output stream time reached by the last output (ns), for position queries upstream cannot
    /// answer.
    var lastOutputStreamTime: UInt64?
}
