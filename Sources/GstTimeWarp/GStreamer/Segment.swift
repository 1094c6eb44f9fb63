import CGStreamer

/// A `GstSegment` value with the conversions the elements need.
public struct Segment {
    /// The C segment, held by value.
    var raw: GstSegment

    /// A fresh TIME segment (start 0, rate 1, open stop).
    public static func time() -> Segment {
        var s = GstSegment()
        gst_segment_init(&s, GST_FORMAT_TIME)
        return Segment(raw: s)
    }

    init(raw: GstSegment) { self.raw = raw }

    /// Whether the segment is in TIME format.
    public var isTime: Bool { raw.format == GST_FORMAT_TIME }
    /// Playback rate.
    public var rate: Double { get { raw.rate } set { raw.rate = newValue } }
    /// Start (ns).
    public var start: UInt64 { get { UInt64(raw.start) } set { raw.start = guint64(newValue) } }
    /// Stop (ns) or `ClockTime.none`.
    public var stop: UInt64 { get { UInt64(raw.stop) } set { raw.stop = guint64(newValue) } }
    /// Stream time of `start` (ns).
    public var time: UInt64 { get { UInt64(raw.time) } set { raw.time = guint64(newValue) } }
    /// Running time accumulated before this segment (ns).
    public var base: UInt64 { get { UInt64(raw.base) } set { raw.base = guint64(newValue) } }
    /// Last known position (ns).
    public var position: UInt64 { get { UInt64(raw.position) } set { raw.position = guint64(newValue) } }
    /// Duration (ns) or `ClockTime.none`.
    public var duration: UInt64 { get { UInt64(raw.duration) } set { raw.duration = guint64(newValue) } }

    /// Stream time of a buffer timestamp in this segment, `nil` outside the segment.
    public func streamTime(of ts: UInt64) -> UInt64? {
        let r = withUnsafePointer(to: raw) { UInt64(gst_segment_to_stream_time($0, GST_FORMAT_TIME, guint64(ts))) }
        return r == ClockTime.none ? nil : r
    }

    /// A readable one-line description for logs.
    public var description: String {
        "segment(rate \(rate), start \(ClockTime.describe(start)), stop \(ClockTime.describe(stop)), "
            + "time \(ClockTime.describe(time)), base \(ClockTime.describe(base)))"
    }
}
