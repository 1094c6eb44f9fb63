import XCTest
import CGStreamer
import CGStreamerCheck
@testable import GstTimeWarp

/// Support for the videorate conformance suite (Tests/GstTimeWarpTests/Conformance): the same
/// scenario runs on GStreamer's own `videorate` (the reference whose documented behaviour
/// defines the expected values) and on `videotimewarp` with default settings.
enum Conformance {
    static let reference = "videorate"
    static let subject = "videotimewarp"
    static let both = [reference, subject]

    /// The caps of the videorate suite (VIDEO_CAPS_STRING and friends).
    static let caps25 = "video/x-raw,width=(int)320,height=(int)240,framerate=(fraction)25/1,format=(string)I420"
    static let capsNoRate = "video/x-raw,width=(int)320,height=(int)240,format=(string)I420"
    static let capsNewSize = "video/x-raw,width=(int)240,height=(int)120,framerate=(fraction)25/1,format=(string)I420"
    static let caps999over7 = "video/x-raw,width=(int)240,height=(int)120,framerate=(fraction)999/7,format=(string)I420"
}

/// The four counters both elements expose (`in`, `out`, `drop`, `duplicate`).
struct RateStats: Equatable, CustomStringConvertible {
    var input: UInt64, output: UInt64, dropped: UInt64, duplicated: UInt64
    init(_ input: UInt64, _ output: UInt64, _ dropped: UInt64, _ duplicated: UInt64) {
        self.input = input; self.output = output; self.dropped = dropped; self.duplicated = duplicated
    }
    var description: String { "in=\(input) out=\(output) drop=\(dropped) dup=\(duplicated)" }
}

/// Runs `scenario` once per factory (reference first); the factory name goes into every
/// assertion message so a failure says which element broke the expectation.
func forEachFactory(_ factories: [String] = Conformance.both, _ scenario: (String) throws -> Void) rethrows {
    for factory in factories { try scenario(factory) }
}

private func unrefMini<T>(_ p: UnsafeMutablePointer<T>) {
    gst_mini_object_unref(UnsafeMutableRawPointer(p).assumingMemoryBound(to: GstMiniObject.self))
}

/// Caps from a string (owned by the caller).
func makeCaps(_ description: String) -> UnsafeMutablePointer<GstCaps> {
    guard let caps = gst_caps_from_string(description) else { fatalError("bad caps string \(description)") }
    return caps
}

func capsString(_ caps: UnsafePointer<GstCaps>) -> String {
    guard let s = gst_caps_to_string(caps) else { return "<nil>" }
    defer { g_free(s) }
    return String(cString: s)
}

/// `gst_caps_is_equal` against a caps string.
func capsEqual(_ caps: UnsafePointer<GstCaps>?, _ expected: String) -> Bool {
    guard let caps else { return false }
    let e = makeCaps(expected)
    defer { unrefMini(e) }
    return gst_caps_is_equal(caps, e) != 0
}

/// The videorate suite's `check_caps_identical`: same number of structures, equal in order.
func capsIdentical(_ caps: UnsafePointer<GstCaps>?, _ expected: String) -> Bool {
    guard let caps else { return false }
    let e = makeCaps(expected)
    defer { unrefMini(e) }
    let n = gst_caps_get_size(caps)
    guard n == gst_caps_get_size(e) else { return false }
    for i in 0..<n where gst_structure_is_equal(gst_caps_get_structure(caps, i), gst_caps_get_structure(e, i)) == 0 {
        return false
    }
    return true
}

/// `capsEqual` / `capsIdentical` for caps given as strings (as the harness helpers return them).
func capsEqual(_ caps: String?, _ expected: String) -> Bool {
    guard let caps else { return false }
    let c = makeCaps(caps)
    defer { unrefMini(c) }
    return capsEqual(c, expected)
}

func capsIdentical(_ caps: String?, _ expected: String) -> Bool {
    guard let caps else { return false }
    let c = makeCaps(caps)
    defer { unrefMini(c) }
    return capsIdentical(c, expected)
}

/// The framerate of the first structure, if fixed.
func capsFramerate(_ caps: UnsafePointer<GstCaps>?) -> (Int32, Int32)? {
    guard let caps, gst_caps_get_size(caps) > 0 else { return nil }
    var n: gint = 0, d: gint = 0
    guard gst_structure_get_fraction(gst_caps_get_structure(caps, 0), "framerate", &n, &d) != 0 else { return nil }
    return (n, d)
}

// MARK: GObject properties

private func gobject(_ el: UnsafeMutablePointer<GstElement>) -> UnsafeMutablePointer<GObject> {
    UnsafeMutableRawPointer(el).assumingMemoryBound(to: GObject.self)
}

/// `g_object_class_find_property (G_OBJECT_GET_CLASS (el), name) != NULL`.
func hasProperty(_ el: UnsafeMutablePointer<GstElement>, _ name: String) -> Bool {
    let instance = UnsafeMutableRawPointer(el).assumingMemoryBound(to: GTypeInstance.self)
    guard let klass = instance.pointee.g_class else { return false }
    return g_object_class_find_property(UnsafeMutableRawPointer(klass).assumingMemoryBound(to: GObjectClass.self), name) != nil
}

/// G_TYPE_INT and G_TYPE_BOOLEAN are macros; their fundamental type numbers are 6 << 2 and 5 << 2.
let G_TYPE_INT_RAW: UInt = 6 << 2

func getUInt64(_ el: UnsafeMutablePointer<GstElement>, _ name: String) -> UInt64 {
    var v = GValue()
    g_value_init(&v, GType(G_TYPE_UINT64_RAW))
    defer { g_value_unset(&v) }
    g_object_get_property(gobject(el), name, &v)
    return UInt64(g_value_get_uint64(&v))
}

func setUInt64(_ el: UnsafeMutablePointer<GstElement>, _ name: String, _ value: UInt64) {
    var v = GValue()
    g_value_init(&v, GType(G_TYPE_UINT64_RAW))
    defer { g_value_unset(&v) }
    g_value_set_uint64(&v, guint64(value))
    g_object_set_property(gobject(el), name, &v)
}

func setInt(_ el: UnsafeMutablePointer<GstElement>, _ name: String, _ value: Int32) {
    var v = GValue()
    g_value_init(&v, GType(G_TYPE_INT_RAW))
    defer { g_value_unset(&v) }
    g_value_set_int(&v, value)
    g_object_set_property(gobject(el), name, &v)
}

// MARK: Harness additions

/// Answers CAPS queries with exactly the caps stored on the pad (ignoring the filter), like the
/// `_query_function` of the videorate suite; everything else takes the default path.
private let fixedCapsQueryFunction: GstPadQueryFunction = { pad, parent, query in
    guard let pad, let query else { return 0 }
    if query.pointee.type == GST_QUERY_CAPS {
        let stored = g_object_get_data(UnsafeMutableRawPointer(pad).assumingMemoryBound(to: GObject.self), "conformance-caps")
        gst_query_set_caps_result(query, stored?.assumingMemoryBound(to: GstCaps.self))
        return 1
    }
    return gst_pad_query_default(pad, parent, query)
}

/// Answers DURATION queries reaching the harness source pad with the value behind `user_data`.
private let durationProbe: GstPadProbeCallback = { _, info, user in
    guard let info, let user, let q = gst_pad_probe_info_get_query(info) else { return GST_PAD_PROBE_OK }
    if q.pointee.type == GST_QUERY_DURATION {
        gst_query_set_duration(q, GST_FORMAT_TIME, user.load(as: gint64.self))
        return GST_PAD_PROBE_HANDLED
    }
    return GST_PAD_PROBE_OK
}

extension Harness {
    /// The harness for a factory with default properties (or a launch-line fragment).
    convenience init(factory: String, _ properties: String = "") {
        self.init(properties.isEmpty ? factory : "\(factory) \(properties)")
    }

    /// Runs `body` with the element of `factory` inside the harness bin.
    func withElement<R>(_ factory: String, _ body: (UnsafeMutablePointer<GstElement>) throws -> R) rethrows -> R? {
        guard let el = inner(factory) else { return nil }
        defer { gst_object_unref(el) }
        return try body(el)
    }

    /// The `in`, `out`, `drop`, `duplicate` counters of the element of `factory`.
    func stats(_ factory: String) -> RateStats {
        withElement(factory) { el in
            RateStats(getUInt64(el, "in"), getUInt64(el, "out"), getUInt64(el, "drop"), getUInt64(el, "duplicate"))
        } ?? RateStats(.max, .max, .max, .max)
    }

    /// Sets what the harness sink pad accepts (`gst_harness_set_sink_caps_str`).
    func setSinkCaps(_ caps: String) { gst_harness_set_sink_caps_str(raw, caps) }

    /// Sends a CAPS event and a default TIME segment from the harness source pad, returning
    /// whether the element accepted the caps (unlike `gst_harness_set_src_caps`, which aborts the
    /// process when they are refused).
    @discardableResult
    func startStream(caps: String) -> Bool {
        let accepted = gst_harness_push_event(raw, gst_event_new_caps(makeCaps(caps))) != 0
        var seg = GstSegment()
        gst_segment_init(&seg, GST_FORMAT_TIME)
        _ = gst_harness_push_event(raw, gst_event_new_segment(&seg))
        return accepted
    }

    /// Sends new input caps mid-stream; returns whether the element accepted them.
    @discardableResult
    func pushCaps(_ caps: String) -> Bool { gst_harness_push_event(raw, gst_event_new_caps(makeCaps(caps))) != 0 }

    /// Pushes a TIME segment with every field given.
    @discardableResult
    func pushSegment(start: UInt64, time: UInt64, position: UInt64, base: UInt64 = 0, stop: UInt64 = ClockTime.none) -> Bool {
        var seg = GstSegment()
        gst_segment_init(&seg, GST_FORMAT_TIME)
        seg.start = guint64(start); seg.time = guint64(time); seg.position = guint64(position)
        seg.base = guint64(base); seg.stop = guint64(stop)
        return gst_harness_push_event(raw, gst_event_new_segment(&seg)) != 0
    }

    /// The caps currently on the harness sink pad (what the element sent downstream).
    func outputCaps() -> String? {
        guard let caps = gst_pad_get_current_caps(raw.pointee.sinkpad) else { return nil }
        defer { unrefMini(caps) }
        return capsString(caps)
    }

    /// Whether the harness sink pad's current caps equal `expected` (`gst_caps_is_equal`).
    func outputCapsEqual(_ expected: String) -> Bool {
        guard let caps = gst_pad_get_current_caps(raw.pointee.sinkpad) else { return false }
        defer { unrefMini(caps) }
        return capsEqual(caps, expected)
    }

    /// Pulls every event that reached the harness sink; returns the CAPS events' caps, in order,
    /// and the total number of events.
    func pullCapsEvents() -> (caps: [String], events: Int) {
        var caps: [String] = [], count = 0
        while let e = gst_harness_try_pull_event(raw) {
            count += 1
            if e.pointee.type == GST_EVENT_CAPS {
                var c: UnsafeMutablePointer<GstCaps>?
                gst_event_parse_caps(e, &c)
                caps.append(c.map { capsString($0) } ?? "<nil>")
            }
            unrefMini(e)
        }
        return (caps, count)
    }

    /// Pulls every waiting output buffer with the fields the videorate suite checks.
    func pullFrames() -> [OutFrame] {
        var out: [OutFrame] = []
        while let b = gst_harness_try_pull(raw) {
            var tag: UInt8 = 0
            _ = gst_buffer_extract(b, 0, &tag, 1)
            out.append(OutFrame(pts: UInt64(b.pointee.pts), duration: UInt64(b.pointee.duration),
                                offset: UInt64(b.pointee.offset), offsetEnd: UInt64(b.pointee.offset_end), tag: tag))
            unrefMini(b)
        }
        return out
    }

    /// Makes both harness pads answer CAPS queries with exactly `caps` (filter ignored).
    func answerCapsQueries(with caps: String) {
        for pad in [raw.pointee.srcpad, raw.pointee.sinkpad] {
            guard let pad else { continue }
            g_object_set_data_full(UnsafeMutableRawPointer(pad).assumingMemoryBound(to: GObject.self), "conformance-caps",
                                   UnsafeMutableRawPointer(makeCaps(caps)),
                                   { p in if let p { gst_mini_object_unref(p.assumingMemoryBound(to: GstMiniObject.self)) } })
            gst_pad_set_query_function_full(pad, fixedCapsQueryFunction, nil, nil)
        }
    }

    /// `gst_pad_peer_query_caps` from the harness source pad: what the element's sink pad offers.
    func elementSinkCaps() -> String? {
        guard let c = gst_pad_peer_query_caps(raw.pointee.srcpad, nil) else { return nil }
        defer { unrefMini(c) }
        return capsString(c)
    }

    /// `gst_pad_peer_query_caps` from the harness sink pad: what the element's source pad offers.
    func elementSrcCaps() -> String? {
        guard let c = gst_pad_peer_query_caps(raw.pointee.sinkpad, nil) else { return nil }
        defer { unrefMini(c) }
        return capsString(c)
    }

    /// Makes upstream answer TIME duration queries with `duration` (-1 for NONE); the returned
    /// closure removes the probe and frees the storage.
    func answerUpstreamDuration(_ duration: Int64) -> () -> Void {
        let storage = UnsafeMutablePointer<gint64>.allocate(capacity: 1)
        storage.initialize(to: gint64(duration))
        let pad = raw.pointee.srcpad!
        let id = gst_pad_add_probe(pad, GST_PAD_PROBE_TYPE_QUERY_UPSTREAM, durationProbe, storage, nil)
        return { gst_pad_remove_probe(pad, id); storage.deallocate() }
    }

    /// Duration query on the element's source pad (as downstream would ask).
    func queryDownstreamDuration() -> (ok: Bool, duration: Int64) {
        let q = gst_query_new_duration(GST_FORMAT_TIME)!
        defer { unrefMini(q) }
        let ok = gst_pad_peer_query(raw.pointee.sinkpad, q) != 0
        var d: gint64 = -1
        gst_query_parse_duration(q, nil, &d)
        return (ok, Int64(d))
    }

    /// `gst_element_query_position` on the element of `factory`.
    func queryPosition(_ factory: String) -> Int64? {
        withElement(factory) { el -> Int64? in
            var pos: gint64 = -1
            return gst_element_query_position(el, GST_FORMAT_TIME, &pos) != 0 ? Int64(pos) : nil
        } ?? nil
    }
}

/// One output buffer: timestamps, offsets and the first payload byte (the input frame's tag).
struct OutFrame: Equatable {
    var pts: UInt64, duration: UInt64, offset: UInt64, offsetEnd: UInt64, tag: UInt8
}

// MARK: Pipelines

/// One appsink sample with its running time (from the sample's segment).
struct RunningSample {
    var pts: UInt64
    var duration: UInt64
    var runningTime: UInt64
    var size: Int
}

extension TestPipeline {
    /// Plays the pipeline and pulls every sample of the appsink `name` until EOS, with running
    /// times; also returns the first error posted on the bus, if any.
    func collect(from name: String) -> (samples: [RunningSample], error: String?) {
        guard let sink = gst_bin_get_by_name(UnsafeMutableRawPointer(raw).assumingMemoryBound(to: GstBin.self), name) else {
            return ([], "no element \(name)")
        }
        defer { gst_object_unref(sink) }
        setState(GST_STATE_PLAYING)
        let appsink = UnsafeMutableRawPointer(sink).assumingMemoryBound(to: GstAppSink.self)
        var out: [RunningSample] = []
        while let sample = gst_app_sink_try_pull_sample(appsink, 10 * 1_000_000_000) {
            if let b = gst_sample_get_buffer(sample) {
                let pts = UInt64(b.pointee.pts)
                var rt = ClockTime.none
                if let seg = gst_sample_get_segment(sample) { rt = UInt64(gst_segment_to_running_time(seg, GST_FORMAT_TIME, guint64(pts))) }
                out.append(RunningSample(pts: pts, duration: UInt64(b.pointee.duration), runningTime: rt, size: Int(gst_buffer_get_size(b))))
            }
            gst_mini_object_unref(UnsafeMutableRawPointer(sample).assumingMemoryBound(to: GstMiniObject.self))
        }
        return (out, busError())
    }

    /// The first ERROR message on the bus, if any.
    func busError() -> String? {
        let bus = gst_element_get_bus(raw)!
        defer { gst_object_unref(bus) }
        guard let msg = gst_bus_pop_filtered(bus, GST_MESSAGE_ERROR) else { return nil }
        defer { unrefMini(msg) }
        var err: UnsafeMutablePointer<GError>?
        gst_message_parse_error(msg, &err, nil)
        defer { if let err { g_error_free(err) } }
        return err.map { String(cString: $0.pointee.message) } ?? "error"
    }

    /// The current caps on pad `pad` of the element named `element`.
    func currentCaps(element: String, pad: String) -> String? {
        guard let el = gst_bin_get_by_name(UnsafeMutableRawPointer(raw).assumingMemoryBound(to: GstBin.self), element) else { return nil }
        defer { gst_object_unref(el) }
        guard let p = gst_element_get_static_pad(el, pad) else { return nil }
        defer { gst_object_unref(p) }
        guard let caps = gst_pad_get_current_caps(p) else { return nil }
        defer { unrefMini(caps) }
        return capsString(caps)
    }

    /// The framerate in the current caps of `pad` of `element`.
    func framerate(element: String, pad: String) -> (Int32, Int32)? {
        guard let s = currentCaps(element: element, pad: pad) else { return nil }
        let caps = makeCaps(s)
        defer { unrefMini(caps) }
        return capsFramerate(caps)
    }
}
