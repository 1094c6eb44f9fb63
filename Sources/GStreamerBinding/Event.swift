import CGStreamer
import CShims

/// The kinds of events the elements treat specially.
public enum EventKind: Sendable {
    case segment, caps, eos, flushStart, flushStop, gap, seek, streamStart, qos, segmentDone, toc, tag, other
}

/// What a SEEK event asks for.
public struct SeekRequest {
    /// Playback rate.
    public var rate: Double
    /// Format of `start` and `stop`.
    public var isTime: Bool
    /// Raw seek flags.
    public var flags: GstSeekFlags
    /// How `start` is to be interpreted.
    public var startType: GstSeekType
    /// Start position (ns for TIME).
    public var start: Int64
    /// How `stop` is to be interpreted.
    public var stopType: GstSeekType
    /// Stop position (ns for TIME).
    public var stop: Int64
    /// Whether the seek sets `start` to an absolute position.
    public var setsStart: Bool { startType == GST_SEEK_TYPE_SET }
    /// Whether the seek sets `stop` to an absolute position.
    public var setsStop: Bool { stopType == GST_SEEK_TYPE_SET && stop >= 0 }
}

/// An owned reference to a `GstEvent`: released when dropped, handed on when pushed.
public struct Event: ~Copyable {
    /// The underlying event; owned by this value.
    @usableFromInline let raw: UnsafeMutablePointer<GstEvent>

    /// Takes ownership of `raw` (one reference).
    public init(taking raw: UnsafeMutablePointer<GstEvent>) { self.raw = raw }

    deinit { gst_mini_object_unref(UnsafeMutableRawPointer(raw).assumingMemoryBound(to: GstMiniObject.self)) }

    /// Gives up ownership and returns the raw pointer.
    public consuming func release() -> UnsafeMutablePointer<GstEvent> {
        let r = raw
        discard self
        return r
    }

    /// The event's kind.
    public var kind: EventKind { Self.kind(of: raw) }

    /// The kind of the event at `raw`.
    static func kind(of raw: UnsafeMutablePointer<GstEvent>) -> EventKind {
        switch raw.pointee.type {
        case GST_EVENT_SEGMENT: return .segment
        case GST_EVENT_CAPS: return .caps
        case GST_EVENT_EOS: return .eos
        case GST_EVENT_FLUSH_START: return .flushStart
        case GST_EVENT_FLUSH_STOP: return .flushStop
        case GST_EVENT_GAP: return .gap
        case GST_EVENT_SEEK: return .seek
        case GST_EVENT_STREAM_START: return .streamStart
        case GST_EVENT_QOS: return .qos
        case GST_EVENT_SEGMENT_DONE: return .segmentDone
        case GST_EVENT_TOC: return .toc
        case GST_EVENT_TAG: return .tag
        default: return .other
        }
    }

    /// Sequence number, to be copied onto events derived from this one.
    public var seqnum: UInt32 { gst_event_get_seqnum(raw) }

    /// The segment of a SEGMENT event.
    public func parseSegment() -> Segment {
        var out: UnsafePointer<GstSegment>?
        gst_event_parse_segment(raw, &out)
        return out.map { Segment(raw: $0.pointee) } ?? Segment.time()
    }

    /// The caps of a CAPS event (a new reference).
    public func parseCaps() -> Caps? {
        var caps: UnsafeMutablePointer<GstCaps>?
        gst_event_parse_caps(raw, &caps)
        guard let caps else { return nil }
        return Caps(borrowing: caps)
    }

    /// Timestamp and duration of a GAP event.
    public func parseGap() -> (timestamp: UInt64, duration: UInt64) {
        var ts: GstClockTime = 0, dur: GstClockTime = 0
        gst_event_parse_gap(raw, &ts, &dur)
        return (UInt64(ts), UInt64(dur))
    }

    /// The request of a SEEK event.
    public func parseSeek() -> SeekRequest {
        var rate = 0.0, format = GST_FORMAT_UNDEFINED, flags = GstSeekFlags(rawValue: 0)
        var startType = GST_SEEK_TYPE_NONE, stopType = GST_SEEK_TYPE_NONE
        var start: gint64 = 0, stop: gint64 = 0
        gst_event_parse_seek(raw, &rate, &format, &flags, &startType, &start, &stopType, &stop)
        return SeekRequest(rate: rate, isTime: format == GST_FORMAT_TIME, flags: flags,
                           startType: startType, start: Int64(start), stopType: stopType, stop: Int64(stop))
    }

    /// A SEGMENT event carrying `segment`, with the given sequence number.
    public static func segment(_ segment: Segment, seqnum: UInt32) -> Event? {
        var s = segment.raw
        guard let e = gst_event_new_segment(&s) else { return nil }
        gst_event_set_seqnum(e, seqnum)
        return Event(taking: e)
    }

    /// A SEEK event for `request`, with the given sequence number.
    public static func seek(_ r: SeekRequest, seqnum: UInt32) -> Event? {
        guard let e = gst_event_new_seek(r.rate, r.isTime ? GST_FORMAT_TIME : GST_FORMAT_DEFAULT,
                                         r.flags, r.startType, gint64(r.start), r.stopType, gint64(r.stop))
        else { return nil }
        gst_event_set_seqnum(e, seqnum)
        return Event(taking: e)
    }

    /// A flushing, accurate SEEK for reverse playback (rate -1) of `[0, stop]` (ns).
    public static func reverseSeek(stop: UInt64) -> Event? {
        let flags = GstSeekFlags(rawValue: GST_SEEK_FLAG_FLUSH.rawValue | GST_SEEK_FLAG_ACCURATE.rawValue)
        guard let e = gst_event_new_seek(-1.0, GST_FORMAT_TIME, flags, GST_SEEK_TYPE_SET, 0,
                                         GST_SEEK_TYPE_SET, gint64(clamping: stop)) else { return nil }
        return Event(taking: e)
    }

    /// An EOS event.
    public static func eos() -> Event? {
        guard let e = gst_event_new_eos() else { return nil }
        return Event(taking: e)
    }

    /// A CAPS event for `caps`.
    public static func caps(_ caps: borrowing Caps) -> Event? {
        guard let e = gst_event_new_caps(caps.raw) else { return nil }
        return Event(taking: e)
    }

    /// A GAP event.
    public static func gap(timestamp: UInt64, duration: UInt64) -> Event? {
        guard let e = gst_event_new_gap(GstClockTime(timestamp), GstClockTime(duration)) else { return nil }
        return Event(taking: e)
    }

    /// What a QOS event reports: its type, proportion, jitter (ns, signed) and running time.
    public func parseQoS() -> QoSReport {
        var type = GST_QOS_TYPE_OVERFLOW, proportion = 0.0, diff: GstClockTimeDiff = 0, ts: GstClockTime = 0
        gst_event_parse_qos(raw, &type, &proportion, &diff, &ts)
        return QoSReport(type: type, proportion: proportion, jitter: Int64(diff), runningTime: UInt64(ts))
    }

    /// A QOS event for `report`, with the given sequence number.
    public static func qos(_ report: QoSReport, seqnum: UInt32) -> Event? {
        guard let e = gst_event_new_qos(report.type, report.proportion, GstClockTimeDiff(report.jitter),
                                        GstClockTime(report.runningTime)) else { return nil }
        gst_event_set_seqnum(e, seqnum)
        return Event(taking: e)
    }

    /// The position of a SEGMENT_DONE event, when it is in TIME.
    public func parseSegmentDone() -> UInt64? {
        var format = GST_FORMAT_UNDEFINED, position: gint64 = -1
        gst_event_parse_segment_done(raw, &format, &position)
        return format == GST_FORMAT_TIME && position >= 0 ? UInt64(position) : nil
    }

    /// A SEGMENT_DONE event at `position` (ns), with the given sequence number.
    public static func segmentDone(position: UInt64, seqnum: UInt32) -> Event? {
        guard let e = gst_event_new_segment_done(GST_FORMAT_TIME, gint64(clamping: Int64(clamping: position))) else { return nil }
        gst_event_set_seqnum(e, seqnum)
        return Event(taking: e)
    }
}

/// The contents of a QOS event.
public struct QoSReport: Sendable {
    /// Overflow, underflow or throttle.
    public var type: GstQOSType
    /// Long-term ratio of processing speed to real time.
    public var proportion: Double
    /// How late (positive) or early the buffer at `runningTime` was (ns).
    public var jitter: Int64
    /// Running time of the buffer the report is about (ns).
    public var runningTime: UInt64
}
