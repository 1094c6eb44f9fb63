import CGStreamer
import CGStreamerCheck
@testable import GstTimeWarp

/// One event that reached the harness, with what the tests look at.
struct PulledEvent {
    var type: GstEventType
    var seqnum: UInt32
    /// The segment of a SEGMENT event.
    var segment: GstSegment?
    /// The position of a SEGMENT_DONE event.
    var donePosition: Int64?
    /// Running time and jitter of a QOS event.
    var qos: (timestamp: UInt64, jitter: Int64)?
    /// The start of a SEEK event.
    var seekStart: Int64?
    /// The rate and stop of a SEEK event.
    var seekRate: Double?
    var seekStop: Int64?
}

extension Harness {
    /// Pushes a TIME segment with every field the tests need, and its sequence number.
    func pushSegment(start: UInt64, stop: UInt64 = ClockTime.none, time: UInt64? = nil, base: UInt64,
                     rate: Double = 1, seqnum: UInt32? = nil) {
        var seg = GstSegment()
        gst_segment_init(&seg, GST_FORMAT_TIME)
        seg.rate = rate
        seg.start = guint64(start); seg.stop = guint64(stop); seg.time = guint64(time ?? start)
        seg.base = guint64(base); seg.position = guint64(start)
        let e = gst_event_new_segment(&seg)!
        if let seqnum { gst_event_set_seqnum(e, seqnum) }
        _ = gst_harness_push_event(raw, e)
    }

    /// Pulls every event that reached downstream.
    func pullEvents() -> [PulledEvent] {
        var out: [PulledEvent] = []
        while let e = gst_harness_try_pull_event(raw) { out.append(Self.describe(e)) }
        return out
    }

    /// Pulls every event that reached upstream.
    func pullUpstreamEvents() -> [PulledEvent] {
        var out: [PulledEvent] = []
        while let e = gst_harness_try_pull_upstream_event(raw) { out.append(Self.describe(e)) }
        return out
    }

    /// Reads and releases one event.
    static func describe(_ e: UnsafeMutablePointer<GstEvent>) -> PulledEvent {
        var pulled = PulledEvent(type: e.pointee.type, seqnum: gst_event_get_seqnum(e))
        switch e.pointee.type {
        case GST_EVENT_SEGMENT:
            var s: UnsafePointer<GstSegment>?
            gst_event_parse_segment(e, &s)
            pulled.segment = s?.pointee
        case GST_EVENT_SEGMENT_DONE:
            var position: gint64 = -1
            gst_event_parse_segment_done(e, nil, &position)
            pulled.donePosition = Int64(position)
        case GST_EVENT_QOS:
            var diff: GstClockTimeDiff = 0, ts: GstClockTime = 0
            gst_event_parse_qos(e, nil, nil, &diff, &ts)
            pulled.qos = (UInt64(ts), Int64(diff))
        case GST_EVENT_SEEK:
            var start: gint64 = 0, stop: gint64 = 0, rate: gdouble = 0
            gst_event_parse_seek(e, &rate, nil, nil, nil, &start, nil, &stop)
            pulled.seekStart = Int64(start)
            pulled.seekRate = rate
            pulled.seekStop = Int64(stop)
        default: break
        }
        gst_mini_object_unref(UnsafeMutableRawPointer(e).assumingMemoryBound(to: GstMiniObject.self))
        return pulled
    }

    /// Sends a flushing accurate seek to output position `x` (ns) from downstream; returns its
    /// sequence number and the start it reached upstream with (0 if none did).
    func sendSeek(to x: UInt64) -> (seqnum: UInt32, mapped: UInt64) {
        let seek = gst_event_new_seek(1.0, GST_FORMAT_TIME,
                                      GstSeekFlags(rawValue: GST_SEEK_FLAG_FLUSH.rawValue | GST_SEEK_FLAG_ACCURATE.rawValue),
                                      GST_SEEK_TYPE_SET, gint64(x), GST_SEEK_TYPE_NONE, -1)!
        let seqnum = gst_event_get_seqnum(seek)
        _ = pushUpstream(seek)
        return (seqnum, UInt64(pullUpstreamEvents().compactMap(\.seekStart).first ?? 0))
    }

    /// Pushes `frames` frames of F32 mono silence-free ramp audio at `pts`.
    @discardableResult
    func pushAudio(frames: Int, pts: UInt64, rate: Int) -> GstFlowReturn {
        let samples = (0..<frames).map { Float(($0 % 100)) / 100 }
        let bytes = samples.withUnsafeBytes { Array($0) }
        return push(bytes: bytes, pts: pts,
                    duration: ClockTime.scale(UInt64(frames), ClockTime.second, UInt64(rate)) ?? 0)
    }
}
