import GStreamerBinding
import TimeWarpMap

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
/// time-map property changes), and the segment pair queries and upstream events map through. (What other threads read
/// without a lock is in `StreamStatus`.)
struct SharedState: Sendable {
    /// The element's settings.
    var settings = ElementSettings()
    /// The map of the current stream, once built.
    var map: TimeMap?
    /// The map's origin in this stream, once known (kept across seeks and flushes).
    var origin: MediaOrigin?
    /// The origin that application times (the time signals, `change-at`) count from (ns): the
    /// one in use, else `start-time`, else 0 (before a stream has started).
    var applicationOrigin: UInt64 {
        origin?.streamTime ?? (settings.startTime == ClockTime.none ? 0 : settings.startTime)
    }
    /// The current segment pair, once a segment went out.
    var timeline: PublishedTimeline?
    /// Time-map changes made while the map is in use, in order, each with the input stream time
    /// (ns) at which it takes effect (0: at the next buffer); see `WarpElement+ChangeTime.swift`.
    var scheduledChanges: [ScheduledChange] = []
}

/// A time-map change waiting for the input stream time at which it takes effect.
struct ScheduledChange: Sendable {
    /// The input stream time (ns); 0: at the next buffer.
    var at: UInt64
    /// The time-map settings from then on.
    var timeMap: TimeMapSettings
}
