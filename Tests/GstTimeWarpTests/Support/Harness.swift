import CGStreamer
import CGStreamerCheck
import CShims
@testable import GstTimeWarp

/// One output buffer as the tests see it.
struct PulledBuffer: Equatable {
    var pts: UInt64
    var duration: UInt64
    var offset: UInt64
    var discont: Bool
    /// The first byte of the payload (tests tag each input frame with its index).
    var tag: UInt8
    /// Address of the first memory's data (to check duplicates share memory).
    var dataAddress: UInt
}

/// A message the element posted on its bus.
struct PostedMessage {
    var isError: Bool
    var text: String
    var debug: String
}

/// A small Swift wrapper over `GstHarness` (libgstcheck) for one element.
final class Harness {
    let raw: UnsafeMutablePointer<GstHarness>
    let bus: UnsafeMutablePointer<GstBus>

    /// Creates a harness for a launch line such as `videotimewarp factor=2`.
    init(_ description: String) {
        GStreamerTestSetup.ensure()
        raw = gst_harness_new_parse(description)
        // GstHarness answers latency queries as a live source by default; these tests play
        // files, whose map origin is the first segment's start (`setLive(true)` for a live one).
        gst_harness_set_live(raw, 0)
        bus = gst_bus_new()
        gst_element_set_bus(raw.pointee.element, bus)
    }

    deinit {
        gst_harness_teardown(raw)
        gst_object_unref(bus)
    }

    /// Whether the harness answers latency queries as a live source (the elements then take the
    /// map's origin from the first buffer).
    func setLive(_ live: Bool) { gst_harness_set_live(raw, live ? 1 : 0) }

    /// The element under test.
    var element: UnsafeMutablePointer<GstElement> { raw.pointee.element }

    /// Sets caps on both sides (`gst_harness_set_caps_str`).
    func setCaps(input: String, output: String) { gst_harness_set_caps_str(raw, input, output) }

    /// Sets only the input caps.
    func setInputCaps(_ caps: String) { gst_harness_set_src_caps_str(raw, caps) }

    /// Pushes a frame of `size` bytes filled with `tag`.
    @discardableResult
    func push(pts: UInt64, duration: UInt64 = ClockTime.none, tag: UInt8 = 0, size: Int = 16,
              discont: Bool = false) -> GstFlowReturn {
        let buf = gst_harness_create_buffer(raw, gsize(size))!
        var info = GstMapInfo()
        if gst_buffer_map(buf, &info, GST_MAP_WRITE) != 0 {
            info.data.update(repeating: tag, count: Int(info.size))
            gst_buffer_unmap(buf, &info)
        }
        buf.pointee.pts = GstClockTime(pts)
        buf.pointee.duration = GstClockTime(duration)
        if discont { buf.pointee.mini_object.flags |= GST_BUFFER_FLAG_DISCONT.rawValue }
        return gst_harness_push(raw, buf)
    }

    /// Pushes raw bytes as one buffer.
    @discardableResult
    func push(bytes: [UInt8], pts: UInt64, duration: UInt64 = ClockTime.none, discont: Bool = false) -> GstFlowReturn {
        let buf = gst_harness_create_buffer(raw, gsize(bytes.count))!
        var info = GstMapInfo()
        if gst_buffer_map(buf, &info, GST_MAP_WRITE) != 0 {
            bytes.withUnsafeBytes { src in
                if let base = src.baseAddress { info.data.update(from: base.assumingMemoryBound(to: UInt8.self), count: bytes.count) }
            }
            gst_buffer_unmap(buf, &info)
        }
        buf.pointee.pts = GstClockTime(pts)
        buf.pointee.duration = GstClockTime(duration)
        if discont { buf.pointee.mini_object.flags |= GST_BUFFER_FLAG_DISCONT.rawValue }
        return gst_harness_push(raw, buf)
    }

    /// Pulls every buffer that is waiting downstream.
    func pullAll() -> [PulledBuffer] { pullAllWithBytes().map(\.buffer) }

    /// Pulls every waiting buffer with its whole payload.
    func pullAllWithBytes() -> [(buffer: PulledBuffer, bytes: [UInt8])] {
        var out: [(PulledBuffer, [UInt8])] = []
        while let b = gst_harness_try_pull(raw) {
            var info = GstMapInfo()
            var bytes: [UInt8] = [], address: UInt = 0
            if gst_buffer_map(b, &info, GST_MAP_READ) != 0 {
                bytes = Array(UnsafeBufferPointer(start: info.data, count: Int(info.size)))
                address = UInt(bitPattern: info.data)
                gst_buffer_unmap(b, &info)
            }
            out.append((PulledBuffer(pts: UInt64(b.pointee.pts), duration: UInt64(b.pointee.duration),
                                     offset: UInt64(b.pointee.offset),
                                     discont: b.pointee.mini_object.flags & GST_BUFFER_FLAG_DISCONT.rawValue != 0,
                                     tag: bytes.first ?? 0, dataAddress: address), bytes))
            gst_mini_object_unref(UnsafeMutableRawPointer(b).assumingMemoryBound(to: GstMiniObject.self))
        }
        return out
    }

    /// Pushes a TIME segment.
    func pushSegment(start: UInt64 = 0, time: UInt64? = nil, stop: UInt64 = ClockTime.none) {
        var seg = GstSegment()
        gst_segment_init(&seg, GST_FORMAT_TIME)
        seg.start = guint64(start); seg.time = guint64(time ?? start); seg.stop = guint64(stop)
        seg.position = guint64(start)
        _ = gst_harness_push_event(raw, gst_event_new_segment(&seg))
    }

    /// Pushes EOS.
    func pushEOS() { _ = gst_harness_push_event(raw, gst_event_new_eos()) }

    /// Pushes FLUSH_START and FLUSH_STOP.
    func flush() {
        _ = gst_harness_push_event(raw, gst_event_new_flush_start())
        _ = gst_harness_push_event(raw, gst_event_new_flush_stop(1))
    }

    /// Pulls the events that reached downstream, as (type, segment if any).
    func pullSegments() -> [GstSegment] {
        var segments: [GstSegment] = []
        while let e = gst_harness_try_pull_event(raw) {
            if e.pointee.type == GST_EVENT_SEGMENT {
                var s: UnsafePointer<GstSegment>?
                gst_event_parse_segment(e, &s)
                if let s { segments.append(s.pointee) }
            }
            gst_mini_object_unref(UnsafeMutableRawPointer(e).assumingMemoryBound(to: GstMiniObject.self))
        }
        return segments
    }

    /// Sends an event upstream from the sink side (as downstream elements do).
    @discardableResult
    func pushUpstream(_ event: UnsafeMutablePointer<GstEvent>) -> Bool {
        gst_harness_push_upstream_event(raw, event) != 0
    }

    /// The seeks that arrived upstream, as (start, stop) in ns.
    func pullUpstreamSeeks() -> [(start: Int64, stop: Int64)] {
        var seeks: [(Int64, Int64)] = []
        while let e = gst_harness_try_pull_upstream_event(raw) {
            if e.pointee.type == GST_EVENT_SEEK {
                var start: gint64 = 0, stop: gint64 = 0
                gst_event_parse_seek(e, nil, nil, nil, nil, &start, nil, &stop)
                seeks.append((Int64(start), Int64(stop)))
            }
            gst_mini_object_unref(UnsafeMutableRawPointer(e).assumingMemoryBound(to: GstMiniObject.self))
        }
        return seeks
    }

    /// Error and warning messages the element posted.
    func messages() -> [PostedMessage] {
        var out: [PostedMessage] = []
        while let m = gst_bus_pop(bus) {
            var err: UnsafeMutablePointer<GError>?
            var debug: UnsafeMutablePointer<gchar>?
            if m.pointee.type == GST_MESSAGE_ERROR || m.pointee.type == GST_MESSAGE_WARNING {
                let isError = m.pointee.type == GST_MESSAGE_ERROR
                if isError { gst_message_parse_error(m, &err, &debug) } else { gst_message_parse_warning(m, &err, &debug) }
                out.append(PostedMessage(isError: isError,
                                         text: err.map { String(cString: $0.pointee.message) } ?? "",
                                         debug: debug.map { String(cString: $0) } ?? ""))
                if let err { g_error_free(err) }
                g_free(debug)
            }
            gst_mini_object_unref(UnsafeMutableRawPointer(m).assumingMemoryBound(to: GstMiniObject.self))
        }
        return out
    }

    /// The element under test inside the harness bin, found by factory name.
    func inner(_ factory: String) -> UnsafeMutablePointer<GstElement>? {
        gst_harness_find_element(raw, factory)
    }

    /// Reads a uint64 property of the first timewarp element.
    func uint64Property(_ name: String) -> UInt64 {
        guard let el = inner("videotimewarp") ?? inner("audiotimewarp") else { return .max }
        defer { gst_object_unref(el) }
        var v = GValue()
        g_value_init(&v, GType(G_TYPE_UINT64_RAW))
        g_object_get_property(UnsafeMutableRawPointer(el).assumingMemoryBound(to: GObject.self), name, &v)
        defer { g_value_unset(&v) }
        return UInt64(g_value_get_uint64(&v))
    }

    /// Sends a latency query upstream through the element and returns min latency.
    func queryLatency() -> (ok: Bool, min: UInt64) {
        let q = gst_query_new_latency()!
        defer { gst_mini_object_unref(UnsafeMutableRawPointer(q).assumingMemoryBound(to: GstMiniObject.self)) }
        let ok = gst_pad_peer_query(raw.pointee.sinkpad, q) != 0
        var mn: GstClockTime = 0
        gst_query_parse_latency(q, nil, &mn, nil)
        return (ok, UInt64(mn))
    }
}

/// G_TYPE_UINT64 is a macro; its fundamental type number is 11 << 2.
let G_TYPE_UINT64_RAW: UInt = 11 << 2
