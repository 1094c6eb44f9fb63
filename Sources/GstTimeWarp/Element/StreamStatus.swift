import GStreamerBinding
import Synchronization

/// Everything of one element's stream that other threads read or signal without a lock, in one
/// object with one reset: the counters, the position reached, the latency added, the live-change
/// flags of the time map and what `reverse=true` asked of upstream. The streaming thread writes
/// most of it; queries, property reads, the application thread and the reverse-seek thread read
/// or raise the rest.
final class StreamStatus: Sendable {
    /// videotimewarp's `in`, `out`, `drop` and `duplicate` counters.
    let counters = VideoCounters()
    /// Output timestamp of the position reached (ns; `ClockTime.none` before any), for position
    /// queries upstream cannot answer. Written for every buffer.
    let position = Atomic<UInt64>(ClockTime.none)
    /// Latency the element adds (ns), set at negotiation.
    let latency = Atomic<UInt64>(0)
    /// Live changes of the time map: what changed, and whether the map was used yet.
    let live = LiveMapState()
    /// What `reverse=true` asked of upstream in this stream.
    let reversePlayback = ReversePlaybackRequest()

    /// A new stream: counters at 0, no position, no latency, no change pending, nothing asked.
    func reset() {
        counters.reset()
        position.store(ClockTime.none, ordering: .relaxed)
        latency.store(0, ordering: .relaxed)
        live.reset()
        reversePlayback.reset()
    }
}
