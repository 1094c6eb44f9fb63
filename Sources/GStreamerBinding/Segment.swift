import CGStreamer

/// A TIME `GstSegment` as a plain Swift value (Sendable), with the conversions the elements
/// need. The C struct is rebuilt on demand for GStreamer's own conversion functions.
public struct Segment: Sendable, Equatable {
    /// Segment flags (`GstSegmentFlags` raw value).
    public var flags: UInt32 = 0
    /// Playback rate.
    public var rate: Double = 1
    /// Rate already applied upstream.
    public var appliedRate: Double = 1
    /// Whether the segment is in TIME format.
    public var isTime = true
    /// Running time accumulated before this segment (ns).
    public var base: UInt64 = 0
    /// Running-time offset (ns).
    public var offset: UInt64 = 0
    /// Start (ns).
    public var start: UInt64 = 0
    /// Stop (ns) or `ClockTime.none`.
    public var stop: UInt64 = ClockTime.none
    /// Stream time of `start` (ns).
    public var time: UInt64 = 0
    /// Last known position (ns).
    public var position: UInt64 = 0
    /// Duration (ns) or `ClockTime.none`.
    public var duration: UInt64 = ClockTime.none

    /// A fresh TIME segment (start 0, rate 1, open stop).
    public static func time() -> Segment { Segment() }

    /// The segment a C `GstSegment` describes.
    init(raw: GstSegment) {
        flags = raw.flags.rawValue
        rate = raw.rate
        appliedRate = raw.applied_rate
        isTime = raw.format == GST_FORMAT_TIME
        base = UInt64(raw.base); offset = UInt64(raw.offset)
        start = UInt64(raw.start); stop = UInt64(raw.stop); time = UInt64(raw.time)
        position = UInt64(raw.position); duration = UInt64(raw.duration)
    }

    private init() {}

    /// The C struct for this segment.
    @usableFromInline var raw: GstSegment {
        var s = GstSegment()
        gst_segment_init(&s, isTime ? GST_FORMAT_TIME : GST_FORMAT_DEFAULT)
        s.flags = GstSegmentFlags(rawValue: flags)
        s.rate = rate; s.applied_rate = appliedRate
        s.base = guint64(base); s.offset = guint64(offset)
        s.start = guint64(start); s.stop = guint64(stop); s.time = guint64(time)
        s.position = guint64(position); s.duration = guint64(duration)
        return s
    }

    /// Stream time of a buffer timestamp in this segment, `nil` outside the segment (as
    /// `gst_segment_to_stream_time`; the common case, forward at applied rate 1, without it).
    @inlinable
    public func streamTime(of ts: UInt64) -> UInt64? {
        if isTime, appliedRate == 1, rate > 0, ts != ClockTime.none, time != ClockTime.none {
            guard ts >= start, stop == ClockTime.none || ts <= stop else { return nil }
            let (st, overflow) = time.addingReportingOverflow(ts - start)
            return overflow || st == ClockTime.none ? nil : st
        }
        var s = raw
        let r = UInt64(gst_segment_to_stream_time(&s, GST_FORMAT_TIME, guint64(ts)))
        return r == ClockTime.none ? nil : r
    }

    /// The stream time at running time `r`, extrapolated past the segment's bounds (as far as
    /// the rate carries it); `nil` before the segment's base or on overflow.
    public func streamTime(atRunningTime r: UInt64) -> UInt64? {
        guard r >= base, rate != 0 else { return nil }
        let elapsed = Double(r - base) * abs(rate) * abs(appliedRate)
        guard elapsed.isFinite, elapsed < 9.2e18 else { return nil }
        let step = UInt64(elapsed.rounded())
        if rate > 0 {
            let (t, o) = time.addingReportingOverflow(step)
            return o ? nil : t
        }
        // Reverse: running time grows from stop towards start.
        guard stop != ClockTime.none, let endTime = streamTime(of: stop) else { return nil }
        return endTime >= step ? endTime - step : 0
    }

    /// The running time of stream time `st` in this segment, extrapolated past its bounds;
    /// `nil` when `st` lies before the start of a forward segment.
    public func runningTime(atStreamTime st: UInt64) -> UInt64? {
        let scale = abs(rate) * abs(appliedRate)
        guard scale > 0 else { return nil }
        if rate > 0 {
            guard st >= time else { return nil }
            let d = (Double(st - time) / scale).rounded()
            guard d < 9.2e18 else { return nil }
            let (r, o) = base.addingReportingOverflow(UInt64(d))
            return o ? nil : r
        }
        guard stop != ClockTime.none, let endTime = streamTime(of: stop), st <= endTime else { return nil }
        let d = (Double(endTime - st) / scale).rounded()
        guard d < 9.2e18 else { return nil }
        let (r, o) = base.addingReportingOverflow(UInt64(d))
        return o ? nil : r
    }

    /// A readable one-line description for logs.
    public var description: String {
        "segment(rate \(rate), start \(ClockTime.describe(start)), stop \(ClockTime.describe(stop)), "
            + "time \(ClockTime.describe(time)), base \(ClockTime.describe(base)), "
            + "position \(ClockTime.describe(position)))"
    }
}
