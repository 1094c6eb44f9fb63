import CGStreamer
import CGStreamerPbutils
import CShims
import Foundation
import WarpLaunchKit

// The one file of gst-warp-launch that calls GStreamer and GLib. The commands see small Swift
// types instead: `Element` and `Pad` (each owns one reference), `Bus` with its messages as an
// enum, pad probes that take Swift closures and see buffers and events as values, and
// `MediaInfo` for what GstDiscoverer finds. No raw pointer leaves this file.
//
// Thread safety the compiler cannot check is vouched for in one place: `Pad` is
// `@unchecked Sendable` (see there). `Element` is not Sendable: the commands use elements
// from the main thread only.

// MARK: - The library

enum Gst {
    /// `gst_init` and the static registration of the timewarp plugin, done once (a static
    /// `let` is initialised exactly once, thread-safely).
    private static let registered: Bool = {
        gst_init(nil, nil)
        return timewarp_register_static() != 0
    }()

    /// `gst_init` and the static registration of the timewarp plugin.
    static func initialize() throws {
        guard registered else { throw CLIError("could not register the timewarp plugin") }
    }

    /// Whether an element factory is available.
    static func hasElement(_ name: String) -> Bool {
        guard let f = gst_element_factory_find(name) else { return false }
        gst_object_unref(UnsafeMutableRawPointer(f))
        return true
    }

    /// Parses a launch description (user text: errors are reported, not trapped).
    static func parseLaunch(_ description: String) throws -> Element {
        var error: UnsafeMutablePointer<GError>?
        let element = gst_parse_launch(description, &error)
        if let error {
            let message = String(cString: error.pointee.message)
            g_error_free(error)
            if let element { _ = Element(adopting: element) }
            throw CLIError("erroneous pipeline: \(message)")
        }
        guard let element else { throw CLIError("erroneous pipeline") }
        return Element.pipeline(of: Element(adopting: element))
    }

    /// Parses command-line arguments like gst-launch-1.0 (each argument one token, so
    /// `font-desc="Sans 28"` stays whole). A pipeline may come back with an error message
    /// (gst-launch-1.0 then warns and runs what could be built).
    static func parseLaunch(arguments: [String]) -> (pipeline: Element?, error: String?) {
        var error: UnsafeMutablePointer<GError>?
        var cStrings: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { cStrings.forEach { free($0) } }
        let element = cStrings.withUnsafeMutableBufferPointer { argv in
            argv.baseAddress!.withMemoryRebound(to: UnsafePointer<gchar>?.self, capacity: argv.count) {
                gst_parse_launchv($0, &error)
            }
        }
        var message: String?
        if let error {
            message = String(cString: error.pointee.message)
            g_error_free(error)
        }
        return (element.map { Element.pipeline(of: Element(adopting: $0)) }, message)
    }

    /// `gst_parse_bin_from_description` with ghost pads for the unlinked ends.
    static func parseBin(_ description: String) throws -> Element {
        var error: UnsafeMutablePointer<GError>?
        let bin = gst_parse_bin_from_description(description, 1, &error)
        if let error {
            let message = String(cString: error.pointee.message)
            g_error_free(error)
            throw CLIError("internal pipeline error: \(message) in '\(description)'")
        }
        guard let bin else { throw CLIError("internal pipeline error in '\(description)'") }
        return Element(adopting: UnsafeMutableRawPointer(bin).assumingMemoryBound(to: GstElement.self))
    }

    /// `file:///...` for a path (absolute or relative to the working directory).
    static func uri(forPath path: String) throws -> String {
        var error: UnsafeMutablePointer<GError>?
        guard let uri = gst_filename_to_uri(path, &error) else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "invalid path"
            if let error { g_error_free(error) }
            throw CLIError("cannot use '\(path)': \(message)")
        }
        defer { g_free(uri) }
        return String(cString: uri)
    }
}

// MARK: - Elements

/// One reference to a `GstElement` (a pipeline, a bin or an element in it), released when
/// the value goes away.
final class Element {
    fileprivate let raw: UnsafeMutablePointer<GstElement>

    /// Takes over a new reference; a floating one (fresh from a parse) is sunk, so that this
    /// value owns it.
    fileprivate init(adopting raw: UnsafeMutablePointer<GstElement>) {
        if g_object_is_floating(raw) != 0 { _ = gst_object_ref_sink(raw) }
        self.raw = raw
    }

    deinit { gst_object_unref(raw) }

    private var object: UnsafeMutablePointer<GObject> {
        UnsafeMutableRawPointer(raw).assumingMemoryBound(to: GObject.self)
    }

    private func isA(_ type: GType) -> Bool {
        g_type_check_instance_is_a(UnsafeMutableRawPointer(raw).assumingMemoryBound(to: GTypeInstance.self), type) != 0
    }

    private var isBin: Bool { isA(gst_bin_get_type()) }

    /// `element` itself if it is a pipeline, else a new pipeline holding it: a description of
    /// one element (`fakesrc num-buffers=3`) parses to that element alone, which has no bus
    /// (gst-launch-1.0 wraps it the same way).
    fileprivate static func pipeline(of element: Element) -> Element {
        guard !element.isA(gst_pipeline_get_type()), let raw = gst_pipeline_new(nil) else { return element }
        let pipeline = Element(adopting: raw)
        pipeline.add(element)
        return pipeline
    }

    /// The element named `name` inside this bin (recursively), or nil.
    func child(_ name: String) -> Element? {
        guard isBin,
              let e = gst_bin_get_by_name(UnsafeMutableRawPointer(raw).assumingMemoryBound(to: GstBin.self), name)
        else { return nil }
        return Element(adopting: e)
    }

    /// Adds `element` to this bin.
    @discardableResult
    func add(_ element: Element) -> Bool {
        gst_bin_add(UnsafeMutableRawPointer(raw).assumingMemoryBound(to: GstBin.self), element.raw) != 0
    }

    /// Links this element's free source pad to `downstream`.
    func link(to downstream: Element) -> Bool { gst_element_link(raw, downstream.raw) != 0 }

    /// The static pad `name` ("sink", "src"), or nil.
    func staticPad(_ name: String) -> Pad? {
        gst_element_get_static_pad(raw, name).map { Pad(adopting: $0) }
    }

    /// Sets a property from its string form (`gst_util_set_object_arg`: enums by nick, numbers).
    func set(_ name: String, _ value: String) {
        gst_util_set_object_arg(object, name, value)
    }

    /// A property's value serialized (`gst_value_serialize`), or nil if there is no such property.
    func property(_ name: String) -> String? {
        let klass = UnsafeMutableRawPointer(object.pointee.g_type_instance.g_class)
            .assumingMemoryBound(to: GObjectClass.self)
        guard let spec = g_object_class_find_property(klass, name) else { return nil }
        var value = GValue()
        g_value_init(&value, spec.pointee.value_type)
        defer { g_value_unset(&value) }
        g_object_get_property(object, name, &value)
        guard let text = gst_value_serialize(&value) else { return nil }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// A `guint64` property as a number.
    func uint64Property(_ name: String) -> UInt64? {
        property(name).flatMap { UInt64($0) }
    }

    /// The states a pipeline goes through.
    enum State {
        case null, paused, playing

        fileprivate var gst: GstState {
            switch self {
            case .null: return GST_STATE_NULL
            case .paused: return GST_STATE_PAUSED
            case .playing: return GST_STATE_PLAYING
            }
        }
    }

    /// Asks for `state`; false when the change failed at once (asynchronous changes succeed).
    @discardableResult
    func setState(_ state: State) -> Bool {
        gst_element_set_state(raw, state.gst) != GST_STATE_CHANGE_FAILURE
    }

    /// Waits up to `timeoutNs` for a pending state change to complete.
    func waitForStateChange(timeoutNs: UInt64) {
        _ = gst_element_get_state(raw, nil, nil, GstClockTime(timeoutNs))
    }

    /// The position query in time (ns), or nil when unanswered.
    func queryPosition() -> Int64? {
        var value: gint64 = -1
        return gst_element_query_position(raw, GST_FORMAT_TIME, &value) != 0 ? Int64(value) : nil
    }

    /// The duration query in time (ns), or nil when unanswered.
    func queryDuration() -> Int64? {
        var value: gint64 = -1
        return gst_element_query_duration(raw, GST_FORMAT_TIME, &value) != 0 ? Int64(value) : nil
    }

    /// Sends an EOS event (to the sources, for a pipeline).
    @discardableResult
    func sendEOS() -> Bool { gst_element_send_event(raw, gst_event_new_eos()) != 0 }

    /// Seek flags (`GstSeekFlags`).
    struct SeekFlags: OptionSet {
        let rawValue: UInt32
        static let flush = SeekFlags(rawValue: GST_SEEK_FLAG_FLUSH.rawValue)
        static let accurate = SeekFlags(rawValue: GST_SEEK_FLAG_ACCURATE.rawValue)
        static let keyUnit = SeekFlags(rawValue: GST_SEEK_FLAG_KEY_UNIT.rawValue)
        static let snapBefore = SeekFlags(rawValue: GST_SEEK_FLAG_SNAP_BEFORE.rawValue)
        static let snapAfter = SeekFlags(rawValue: GST_SEEK_FLAG_SNAP_AFTER.rawValue)
        static let snapNearest = SeekFlags(rawValue: GST_SEEK_FLAG_SNAP_NEAREST.rawValue)
    }

    /// A seek in time at rate 1 to `start` (and `stop`, if given), in ns; false if refused.
    func seek(flags: SeekFlags, start: Int64, stop: Int64?) -> Bool {
        gst_element_seek(raw, 1.0, GST_FORMAT_TIME, GstSeekFlags(rawValue: flags.rawValue),
                         GST_SEEK_TYPE_SET, gint64(start),
                         stop == nil ? GST_SEEK_TYPE_NONE : GST_SEEK_TYPE_SET, gint64(stop ?? -1)) != 0
    }

    /// Posts a property-notify message for every property change in the pipeline (`-v`).
    func watchPropertyChanges() {
        _ = gst_element_add_property_deep_notify_watch(raw, nil, 1)
    }

    /// The element's bus (a pipeline always has one); nil for an element outside a pipeline.
    var bus: Bus? { gst_element_get_bus(raw).map { Bus(adopting: $0) } }

    /// Calls `handler` on the streaming thread for each pad the element adds ("pad-added").
    /// The handler lives as long as the element.
    func onPadAdded(_ handler: @escaping @Sendable (Pad) -> Void) {
        let callback: @convention(c) (UnsafeMutablePointer<GstElement>?, UnsafeMutablePointer<GstPad>?, gpointer?) -> Void = {
            _, pad, data in
            guard let pad, let data else { return }
            Unmanaged<PadAddedHandler>.fromOpaque(data).takeUnretainedValue().body(Pad(retaining: pad))
        }
        let release: GClosureNotify = { data, _ in
            guard let data else { return }
            Unmanaged<PadAddedHandler>.fromOpaque(data).release()
        }
        g_signal_connect_data(object, "pad-added", unsafeBitCast(callback, to: GCallback.self),
                              Unmanaged.passRetained(PadAddedHandler(handler)).toOpaque(), release,
                              GConnectFlags(rawValue: 0))
    }
}

private final class PadAddedHandler: Sendable {
    let body: @Sendable (Pad) -> Void
    init(_ body: @escaping @Sendable (Pad) -> Void) { self.body = body }
}

// MARK: - Pads and probes

/// One reference to a `GstPad`.
///
/// `@unchecked Sendable`, the one place the CLI vouches for what the compiler cannot see: a
/// pad handle is shared with streaming threads (the "pad-added" handler links decoded pads from
/// one). GstObject reference counting is atomic, and the pad functions used here
/// (`gst_pad_is_linked`, `gst_pad_link`, caps queries, `gst_pad_add_probe`) are MT-safe; the
/// handle itself never changes after it is made.
final class Pad: @unchecked Sendable {
    fileprivate let raw: UnsafeMutablePointer<GstPad>

    /// Takes over a new reference.
    fileprivate init(adopting raw: UnsafeMutablePointer<GstPad>) { self.raw = raw }

    /// Takes a reference of its own on a borrowed pad.
    fileprivate convenience init(retaining raw: UnsafeMutablePointer<GstPad>) {
        _ = gst_object_ref(raw)
        self.init(adopting: raw)
    }

    deinit { gst_object_unref(raw) }

    var isLinked: Bool { gst_pad_is_linked(raw) != 0 }

    /// Links this source pad to `sink`.
    @discardableResult
    func link(to sink: Pad) -> Bool { gst_pad_link(raw, sink.raw) == GST_PAD_LINK_OK }

    /// The media type of the pad's caps (current, else the query's), e.g. `video/x-raw`; "" when unknown.
    var mediaType: String {
        let caps = gst_pad_get_current_caps(raw) ?? gst_pad_query_caps(raw, nil)
        defer { if let caps { gst_caps_unref(caps) } }
        return Caps.mediaType(caps)
    }

    /// Sets a property of the pad's element from its string form (`gst_util_set_object_arg`).
    func setParentProperty(_ name: String, _ value: String) {
        guard let parent = gst_pad_get_parent_element(raw) else { return }
        defer { gst_object_unref(parent) }
        gst_util_set_object_arg(UnsafeMutableRawPointer(parent).assumingMemoryBound(to: GObject.self), name, value)
    }

    /// What a probe sees.
    struct ProbeKinds: OptionSet {
        let rawValue: UInt32
        static let buffers = ProbeKinds(rawValue: GST_PAD_PROBE_TYPE_BUFFER.rawValue)
        static let downstreamEvents = ProbeKinds(rawValue: GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM.rawValue)
        /// FLUSH_START and FLUSH_STOP (not seen with `downstreamEvents` alone).
        static let flushEvents = ProbeKinds(rawValue: GST_PAD_PROBE_TYPE_EVENT_FLUSH.rawValue)
    }

    /// Calls `handler` on the streaming thread for each buffer and event of `kinds` that passes
    /// the pad; it may drop a buffer or rewrite its timestamps and start. The handler lives as
    /// long as the pad.
    func addProbe(_ kinds: ProbeKinds, _ handler: @escaping @Sendable (ProbeItem) -> ProbeVerdict) {
        let callback: GstPadProbeCallback = { _, info, data in
            guard let info, let data else { return GST_PAD_PROBE_OK }
            let handler = Unmanaged<ProbeHandler>.fromOpaque(data).takeUnretainedValue()
            return handler.handle(info)
        }
        gst_pad_add_probe(raw, GstPadProbeType(rawValue: kinds.rawValue), callback,
                          Unmanaged.passRetained(ProbeHandler(handler)).toOpaque()) { data in
            guard let data else { return }
            Unmanaged<ProbeHandler>.fromOpaque(data).release()
        }
    }
}

/// Buffer flags (`GstBufferFlags`) and their names in check logs.
struct BufferFlags: OptionSet {
    let rawValue: UInt32

    /// The flags and their names, in log order.
    static let named: [(BufferFlags, String)] = ([
        (GST_BUFFER_FLAG_LIVE, "live"), (GST_BUFFER_FLAG_DECODE_ONLY, "decode-only"),
        (GST_BUFFER_FLAG_DISCONT, "discont"), (GST_BUFFER_FLAG_RESYNC, "resync"),
        (GST_BUFFER_FLAG_CORRUPTED, "corrupted"), (GST_BUFFER_FLAG_MARKER, "marker"),
        (GST_BUFFER_FLAG_HEADER, "header"), (GST_BUFFER_FLAG_GAP, "gap"),
        (GST_BUFFER_FLAG_DROPPABLE, "droppable"), (GST_BUFFER_FLAG_DELTA_UNIT, "delta"),
    ] as [(GstBufferFlags, String)]).map { (BufferFlags(rawValue: $0.0.rawValue), $0.1) }

    /// The names of the flags set, in log order.
    var names: [String] { Self.named.filter { rawValue & $0.0.rawValue != 0 }.map(\.1) }
}

/// A buffer as a probe sees it (times in ns, `UInt64.max` for none).
struct BufferInfo {
    var pts: UInt64
    var duration: UInt64
    var offset: UInt64
    var offsetEnd: UInt64
    var size: Int
    var flags: BufferFlags
}

/// A segment event's fields (ns; `stop` is `UInt64.max` when open).
struct SegmentInfo {
    var start: UInt64
    var stop: UInt64
    var time: UInt64
}

/// What a caps event says.
struct CapsInfo {
    /// `video/x-raw`, `audio/x-raw`, ...; "" when unknown.
    var mediaType: String
    /// For raw audio: the sample rate and bytes per frame.
    var audio: (rate: Int, bytesPerFrame: Int)?
}

/// A buffer or event passing a probed pad.
enum ProbeItem {
    case buffer(BufferInfo)
    case flushStop
    case segment(SegmentInfo)
    case caps(CapsInfo)
    case otherEvent
}

/// What a probe does with what passes.
enum ProbeVerdict {
    /// Let it through unchanged.
    case pass
    /// Drop it (a buffer; events are always let through).
    case drop
    /// Let a buffer through without its first `trimStartBytes` bytes and with these timestamps.
    case rewrite(trimStartBytes: Int, pts: UInt64, duration: UInt64)
}

private final class ProbeHandler: Sendable {
    let body: @Sendable (ProbeItem) -> ProbeVerdict
    init(_ body: @escaping @Sendable (ProbeItem) -> ProbeVerdict) { self.body = body }

    func handle(_ info: UnsafeMutablePointer<GstPadProbeInfo>) -> GstPadProbeReturn {
        if info.pointee.type.rawValue & GST_PAD_PROBE_TYPE_BUFFER.rawValue != 0 {
            guard let buffer = gst_pad_probe_info_get_buffer(info) else { return GST_PAD_PROBE_OK }
            let size = Int(gst_buffer_get_size(buffer))
            let item = BufferInfo(pts: UInt64(buffer.pointee.pts), duration: UInt64(buffer.pointee.duration),
                                  offset: UInt64(buffer.pointee.offset), offsetEnd: UInt64(buffer.pointee.offset_end),
                                  size: size, flags: BufferFlags(rawValue: buffer.pointee.mini_object.flags))
            switch body(.buffer(item)) {
            case .pass:
                return GST_PAD_PROBE_OK
            case .drop:
                return GST_PAD_PROBE_DROP
            case .rewrite(let trim, let pts, let duration):
                let mini = UnsafeMutableRawPointer(buffer).assumingMemoryBound(to: GstMiniObject.self)
                guard let writable = gst_mini_object_make_writable(mini) else { return GST_PAD_PROBE_OK }
                let out = UnsafeMutableRawPointer(writable).assumingMemoryBound(to: GstBuffer.self)
                let cut = min(max(trim, 0), size)
                if cut > 0 { gst_buffer_resize(out, gssize(cut), gssize(size - cut)) }
                out.pointee.pts = GstClockTime(pts)
                out.pointee.duration = GstClockTime(duration)
                info.pointee.data = UnsafeMutableRawPointer(out)
                return GST_PAD_PROBE_OK
            }
        }
        guard let event = gst_pad_probe_info_get_event(info) else { return GST_PAD_PROBE_OK }
        let item: ProbeItem
        switch event.pointee.type {
        case GST_EVENT_FLUSH_STOP:
            item = .flushStop
        case GST_EVENT_SEGMENT:
            var segment: UnsafePointer<GstSegment>?
            gst_event_parse_segment(event, &segment)
            guard let s = segment?.pointee else { return GST_PAD_PROBE_OK }
            item = .segment(SegmentInfo(start: UInt64(s.start), stop: UInt64(s.stop), time: UInt64(s.time)))
        case GST_EVENT_CAPS:
            var caps: UnsafeMutablePointer<GstCaps>?
            gst_event_parse_caps(event, &caps)
            item = .caps(Caps.info(caps))
        default:
            item = .otherEvent
        }
        return body(item).isDrop ? GST_PAD_PROBE_DROP : GST_PAD_PROBE_OK
    }
}

private extension ProbeVerdict {
    var isDrop: Bool {
        if case .drop = self { return true }
        return false
    }
}

private enum Caps {
    /// The media type of a caps' first structure (`video/x-raw`), or "".
    static func mediaType(_ caps: UnsafeMutablePointer<GstCaps>?) -> String {
        guard let caps, gst_caps_get_size(caps) > 0, let s = gst_caps_get_structure(caps, 0),
              let name = gst_structure_get_name(s) else { return "" }
        return String(cString: name)
    }

    static func info(_ caps: UnsafeMutablePointer<GstCaps>?) -> CapsInfo {
        var result = CapsInfo(mediaType: mediaType(caps))
        if result.mediaType == "audio/x-raw", let caps {
            var audioInfo = GstAudioInfo()
            if gst_audio_info_from_caps(&audioInfo, caps) != 0 {
                result.audio = (Int(audioInfo.rate), Int(audioInfo.bpf))
            }
        }
        return result
    }
}

// MARK: - The bus

/// One reference to a pipeline's `GstBus`.
final class Bus {
    private let raw: UnsafeMutablePointer<GstBus>

    fileprivate init(adopting raw: UnsafeMutablePointer<GstBus>) { self.raw = raw }
    deinit { gst_object_unref(raw) }

    /// Message types to wait for.
    struct Kinds: OptionSet {
        let rawValue: GstMessageType.RawValue
        static let eos = Kinds(rawValue: GST_MESSAGE_EOS.rawValue)
        static let error = Kinds(rawValue: GST_MESSAGE_ERROR.rawValue)
        static let warning = Kinds(rawValue: GST_MESSAGE_WARNING.rawValue)
        static let asyncDone = Kinds(rawValue: GST_MESSAGE_ASYNC_DONE.rawValue)
    }

    /// The next message (of `kinds`, or of any kind), waiting up to `timeoutNs`; nil if none came.
    func pop(timeoutNs: UInt64, only kinds: Kinds? = nil) -> BusMessage? {
        let message = kinds.map { gst_bus_timed_pop_filtered(raw, GstClockTime(timeoutNs), GstMessageType(rawValue: $0.rawValue)) }
            ?? gst_bus_timed_pop(raw, GstClockTime(timeoutNs))
        guard let message else { return nil }
        defer { gst_message_unref(message) }
        return BusMessage(message)
    }

    /// A pending error message, without waiting.
    func popError() -> BusMessage? {
        guard let message = gst_bus_pop_filtered(raw, GST_MESSAGE_ERROR) else { return nil }
        defer { gst_message_unref(message) }
        return BusMessage(message)
    }
}

/// An error or warning posted on the bus.
struct BusProblem {
    /// The message (`GError`'s).
    var text: String
    /// The debug details, if any.
    var debug: String?
    /// The path of the element that posted it (`/GstPipeline:pipeline0/...`), or "?".
    var source: String
}

/// A bus message, as far as the commands care.
enum BusMessage {
    case eos(source: String)
    case error(BusProblem)
    case warning(BusProblem)
    case asyncDone
    /// From `Element.watchPropertyChanges()`: the object's path, the property, its value
    /// serialized (nil when not given).
    case propertyNotify(object: String, property: String, value: String?)
    case other

    fileprivate init(_ msg: UnsafeMutablePointer<GstMessage>) {
        switch msg.pointee.type {
        case GST_MESSAGE_EOS:
            self = .eos(source: Self.sourcePath(msg))
        case GST_MESSAGE_ERROR, GST_MESSAGE_WARNING:
            let isError = msg.pointee.type == GST_MESSAGE_ERROR
            var err: UnsafeMutablePointer<GError>?
            var debug: UnsafeMutablePointer<gchar>?
            if isError { gst_message_parse_error(msg, &err, &debug) } else { gst_message_parse_warning(msg, &err, &debug) }
            let problem = BusProblem(text: err.map { String(cString: $0.pointee.message) } ?? "unknown",
                                     debug: debug.map { String(cString: $0) }, source: Self.sourcePath(msg))
            if let err { g_error_free(err) }
            g_free(debug)
            self = isError ? .error(problem) : .warning(problem)
        case GST_MESSAGE_ASYNC_DONE:
            self = .asyncDone
        case GST_MESSAGE_PROPERTY_NOTIFY:
            var object: UnsafeMutablePointer<GstObject>?
            var name: UnsafePointer<gchar>?
            var value: UnsafePointer<GValue>?
            gst_message_parse_property_notify(msg, &object, &name, &value)
            guard let object, let name else { self = .other; return }
            var text: String?
            if let value, let s = gst_value_serialize(value) {
                text = String(cString: s)
                g_free(s)
            }
            self = .propertyNotify(object: Self.path(of: object), property: String(cString: name), value: text)
        default:
            self = .other
        }
    }

    private static func sourcePath(_ msg: UnsafeMutablePointer<GstMessage>) -> String {
        guard let src = msg.pointee.src else { return "?" }
        return path(of: src)
    }

    private static func path(of object: UnsafeMutablePointer<GstObject>) -> String {
        guard let p = gst_object_get_path_string(object) else { return "?" }
        defer { g_free(p) }
        return String(cString: p)
    }
}

// MARK: - GstDiscoverer

/// What GstDiscoverer found in a file.
struct MediaInfo {
    /// Container duration (ns).
    var duration: UInt64
    var video: (width: Int, height: Int, fpsN: Int, fpsD: Int)?
    var audio: (rate: Int, channels: Int)?
    /// Number of audio and video streams.
    var videoStreams = 0, audioStreams = 0

    /// Duration in seconds.
    var seconds: Double { Double(duration) / 1e9 }

    /// Video frames estimated from the frame rate (nil for variable-rate or no video).
    var estimatedFrames: Int? {
        guard let v = video, v.fpsN > 0, v.fpsD > 0 else { return nil }
        return Int(exactly: (seconds * Double(v.fpsN) / Double(v.fpsD)).rounded())
    }

    /// Probes `path`; throws one readable line when the file cannot be read as media.
    static func discover(path: String, timeoutSeconds: UInt64 = 30) throws -> MediaInfo {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CLIError("cannot read '\(path)': no such file")
        }
        guard !isDirectory.boolValue else { throw CLIError("cannot read '\(path)': it is a directory") }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw CLIError("cannot read '\(path)': permission denied")
        }
        let uri = try Gst.uri(forPath: path)
        var error: UnsafeMutablePointer<GError>?
        guard let discoverer = gst_discoverer_new(GstClockTime(timeoutSeconds * 1_000_000_000), &error) else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            if let error { g_error_free(error) }
            throw CLIError("cannot start GstDiscoverer: \(message)")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(discoverer)) }
        let info = gst_discoverer_discover_uri(discoverer, uri, &error)
        defer { if let info { g_object_unref(UnsafeMutableRawPointer(info)) } }
        let message = error.map { String(cString: $0.pointee.message) }
        if let error { g_error_free(error) }
        guard let info else { throw CLIError("cannot read '\(path)': \(message ?? "unknown error")") }
        switch gst_discoverer_info_get_result(info) {
        case GST_DISCOVERER_OK:
            break
        case GST_DISCOVERER_MISSING_PLUGINS:
            var missing: [String] = []
            if let details = gst_discoverer_info_get_missing_elements_installer_details(info) {
                var p = details
                while let s = p.pointee { missing.append(String(cString: s)); p += 1 }
            }
            let what = missing.compactMap { $0.split(separator: "|").dropFirst(3).first.map(String.init) }
            throw CLIError("cannot read '\(path)': a GStreamer plugin is missing"
                           + (what.isEmpty ? "" : " (\(what.joined(separator: ", ")))"))
        case GST_DISCOVERER_TIMEOUT:
            throw CLIError("cannot read '\(path)': timed out while probing it")
        default:
            throw CLIError("cannot read '\(path)': \(message ?? "not a media file GStreamer can decode")")
        }
        var result = MediaInfo(duration: UInt64(gst_discoverer_info_get_duration(info)))
        if let list = gst_discoverer_info_get_video_streams(info) {
            result.videoStreams = Int(g_list_length(list))
            if let data = list.pointee.data {
                let v = OpaquePointer(data)
                result.video = (Int(gst_discoverer_video_info_get_width(v)), Int(gst_discoverer_video_info_get_height(v)),
                                Int(gst_discoverer_video_info_get_framerate_num(v)),
                                Int(gst_discoverer_video_info_get_framerate_denom(v)))
            }
            gst_discoverer_stream_info_list_free(list)
        }
        if let list = gst_discoverer_info_get_audio_streams(info) {
            result.audioStreams = Int(g_list_length(list))
            if let data = list.pointee.data {
                let a = OpaquePointer(data)
                result.audio = (Int(gst_discoverer_audio_info_get_sample_rate(a)),
                                Int(gst_discoverer_audio_info_get_channels(a)))
            }
            gst_discoverer_stream_info_list_free(list)
        }
        return result
    }
}
