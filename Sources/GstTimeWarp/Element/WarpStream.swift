import CGStreamer
import GStreamerBinding

/// The streaming `State` of one element kind (video or audio): everything the streaming thread
/// keeps between buffers, in one value. The element builds it when streaming starts, replaces it
/// whole at stop, and replaces its run part with one assignment on a flush (`flush()`).
/// Touched only under the element's state lock, on the streaming thread.
protocol WarpStream: ~Copyable {
    /// The state of a stream that has not started, owned by nobody else (so it can go under
    /// the element's lock).
    static func fresh() -> sending Self
    /// The segment bookkeeping.
    var timeline: Timeline { get set }
    /// Forgets the current run, keeping what outlives a flush (the negotiated format).
    mutating func flush()
    /// Handles one input buffer.
    mutating func process(_ buffer: consuming Buffer, _ element: WarpElement<Self>) -> GstFlowReturn
    /// Emits what is held back, at EOS or before a new segment.
    mutating func drain(_ element: WarpElement<Self>) -> GstFlowReturn
    /// The time map changed while playing (a live change): `warp` replaces the current segment's
    /// and continues it exactly up to the change.
    mutating func mapDidChange(_ warp: TimestampWarp)
    /// A new output segment went out: per-segment state starts over.
    mutating func segmentDidBegin(_ element: WarpElement<Self>)
    /// Handles a CAPS event; returns whether the caps were accepted.
    mutating func handleCaps(_ event: consuming Event, _ element: WarpElement<Self>) -> Bool
    /// Answers an ALLOCATION query from upstream (no state needed).
    static func answerAllocationQuery(_ query: Query, _ element: WarpElement<Self>) -> Bool
    /// Answers a caps query on `pad` (no state needed: it may come from any thread).
    static func answerCapsQuery(_ query: Query, on pad: Pad, _ element: WarpElement<Self>) -> Bool
    /// Sets an element-specific property; false if `id` is not one.
    static func setProperty(_ id: UInt32, _ value: PropertyValue, _ settings: inout ElementSettings) -> Bool
    /// Reads an element-specific property; false if `id` is not one.
    static func getProperty(_ id: UInt32, _ value: PropertyValue, _ element: WarpElement<Self>) -> Bool
}

extension WarpStream where Self: ~Copyable {
    /// By default the query goes downstream as it is (the sink pad proxies allocation).
    static func answerAllocationQuery(_ query: Query, _ element: WarpElement<Self>) -> Bool {
        element.sinkPad.queryDefault(query, parent: element.element)
    }
}
