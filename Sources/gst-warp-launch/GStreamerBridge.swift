import CGStreamer
import CGStreamerPbutils
import CLaunchOptions
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

    /// Parses gst-launch-1.0's options (and GStreamer's own option group: `--gst-debug`,
    /// `--gst-plugin-path`, ...) off `arguments`, which initialises GStreamer. Returns the options
    /// and the rest (the pipeline description), or GLib's message for a bad option. `--help`,
    /// `--help-all` and `--help-gst` print GLib's help and end the process (status 0).
    static func parseLaunchOptions(_ arguments: [String]) -> Result<(LaunchOptions, [String]), CLIError> {
        let owned: [UnsafeMutablePointer<CChar>?] = (["gst-warp-launch"] + arguments).map { strdup($0) }
        defer { owned.forEach { free($0) } }
        var argv = owned + [nil]
        var argc = Int32(owned.count)
        var raw = TimewarpLaunchOptions()
        var message: UnsafeMutablePointer<CChar>?
        let ok = argv.withUnsafeMutableBufferPointer { buffer -> gboolean in
            var base: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = buffer.baseAddress
            return timewarp_launch_parse_options(&argc, &base, &raw, &message)
        }
        defer { timewarp_launch_options_clear(&raw) }
        guard ok != 0 else {
            let text = message.map { String(cString: $0) } ?? "Unknown error!"
            g_free(message)
            return .failure(CLIError(text))
        }
        // GOption compacts argv in place: what is left after the program name is the pipeline.
        let rest = argv.prefix(Int(argc)).dropFirst().compactMap { $0.map { String(cString: $0) } }
        var exclude: [String] = []
        if var p = raw.exclude {
            while let s = p.pointee { exclude.append(String(cString: s)); p += 1 }
        }
        let options = LaunchOptions(tags: raw.tags != 0, toc: raw.toc != 0, verbose: raw.verbose != 0,
                                    quiet: raw.quiet != 0, messages: raw.messages != 0,
                                    eosOnShutdown: raw.eos_on_shutdown != 0, version: raw.version != 0,
                                    noPosition: raw.no_position != 0, forcePosition: raw.force_position != 0,
                                    progress: raw.progress != 0, exclude: exclude)
        return .success((options, rest))
    }

    /// The timewarp plugin's version and origin (from its registry entry), once registered.
    static var pluginDescription: (version: String, origin: String)? {
        guard let plugin = gst_registry_find_plugin(gst_registry_get(), "timewarp") else { return nil }
        defer { gst_object_unref(UnsafeMutableRawPointer(plugin)) }
        let version = gst_plugin_get_version(plugin).map { String(cString: $0) } ?? "?"
        let origin = gst_plugin_get_origin(plugin).map { String(cString: $0) } ?? "?"
        return (version, origin)
    }

    /// `GStreamer 1.22.0` (the library's own version string).
    static var versionText: String {
        guard let s = gst_version_string() else { return "GStreamer" }
        defer { g_free(s) }
        return String(cString: s)
    }

    /// `gst_parse_launch` of one string, keeping the partial pipeline and the message apart
    /// (like `parseLaunch(arguments:)`): for a whole description given as one argument.
    static func parseLaunch(single description: String) -> (pipeline: Element?, error: String?) {
        var error: UnsafeMutablePointer<GError>?
        let element = gst_parse_launch(description, &error)
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

    /// What a state change request answered (`GstStateChangeReturn`).
    enum StateChange { case failure, success, async, noPreroll }

    /// Asks for `state` and says how the change went (gst-launch-1.0 prints it).
    func changeState(_ state: State) -> StateChange {
        switch gst_element_set_state(raw, state.gst) {
        case GST_STATE_CHANGE_FAILURE: return .failure
        case GST_STATE_CHANGE_ASYNC: return .async
        case GST_STATE_CHANGE_NO_PREROLL: return .noPreroll
        default: return .success
        }
    }

    /// Recomputes and distributes the pipeline's latency (on a latency message).
    func recalculateLatency() {
        guard isBin else { return }
        _ = gst_bin_recalculate_latency(UnsafeMutableRawPointer(raw).assumingMemoryBound(to: GstBin.self))
    }

    /// Whether this element is a pipeline (the top-level element of a run).
    var isPipeline: Bool { isA(gst_pipeline_get_type()) }

    /// The element's name (`pipeline0`).
    var name: String {
        guard let n = gst_object_get_name(UnsafeMutableRawPointer(raw).assumingMemoryBound(to: GstObject.self)) else { return "" }
        defer { g_free(n) }
        return String(cString: n)
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

    /// Like `pop`, with gst-launch-1.0's `-m` line for the message
    /// (`Got message #12 from element "fakesink0" (eos): no message details`).
    func popDescribed(timeoutNs: UInt64) -> (message: BusMessage, line: String)? {
        guard let message = gst_bus_timed_pop(raw, GstClockTime(timeoutNs)) else { return nil }
        defer { gst_message_unref(message) }
        return (BusMessage(message), BusMessage.describe(message))
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
    /// A latency message: the pipeline's latency must be recomputed.
    case latency
    /// The pipeline chose a clock (its name).
    case newClock(String)
    /// Tags found by an element (its name) as (tag, value) pairs.
    case tags(source: String, [(tag: String, value: String)])
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
        case GST_MESSAGE_LATENCY:
            self = .latency
        case GST_MESSAGE_NEW_CLOCK:
            var clock: UnsafeMutablePointer<GstClock>?
            gst_message_parse_new_clock(msg, &clock)
            let name = clock.flatMap { gst_object_get_name(UnsafeMutableRawPointer($0).assumingMemoryBound(to: GstObject.self)) }
            self = .newClock(name.map { String(cString: $0) } ?? "NULL")
            g_free(name)
        case GST_MESSAGE_TAG:
            var list: UnsafeMutablePointer<GstTagList>?
            gst_message_parse_tag(msg, &list)
            var pairs: [(String, String)] = []
            if let list {
                for i in 0..<max(gst_tag_list_n_tags(list), 0) {
                    guard let tag = gst_tag_list_nth_tag_name(list, guint(i)) else { continue }
                    for j in 0..<gst_tag_list_get_tag_size(list, tag) {
                        guard let value = gst_tag_list_get_value_index(list, tag, j) else { continue }
                        var text = ""
                        if g_type_check_value_holds(value, GType(16 << 2)) != 0, let str = g_value_get_string(value) {
                            text = String(cString: str)  // G_TYPE_STRING: the text itself, unquoted
                        } else if let str = gst_value_serialize(value) {
                            text = String(cString: str)
                            g_free(str)
                        }
                        pairs.append((String(cString: tag), text))
                    }
                }
                gst_tag_list_unref(list)
            }
            self = .tags(source: Self.sourceName(msg), pairs)
        case GST_MESSAGE_PROPERTY_NOTIFY:
            var object: UnsafeMutablePointer<GstObject>?
            var name: UnsafePointer<gchar>?
            var value: UnsafePointer<GValue>?
            gst_message_parse_property_notify(msg, &object, &name, &value)
            guard let object, let name else { self = .other; return }
            self = .propertyNotify(object: Self.path(of: object), property: String(cString: name),
                                   value: value.flatMap(Self.text(of:)))
        default:
            self = .other
        }
    }

    /// gst-launch-1.0's `-m` line: sequence number, the source's kind and name, the message
    /// type and its structure (or "no message details").
    fileprivate static func describe(_ msg: UnsafeMutablePointer<GstMessage>) -> String {
        var kind = "object"
        if let src = msg.pointee.src {
            let instance = UnsafeMutableRawPointer(src).assumingMemoryBound(to: GTypeInstance.self)
            if g_type_check_instance_is_a(instance, gst_element_get_type()) != 0 { kind = "element" }
            else if g_type_check_instance_is_a(instance, gst_pad_get_type()) != 0 { kind = "pad" }
        }
        var name = "(NULL)"
        if let src = msg.pointee.src {
            if kind == "pad", let parent = gst_object_get_parent(src) {
                defer { gst_object_unref(parent) }
                let p = gst_object_get_name(parent), n = gst_object_get_name(src)
                name = "\(p.map { String(cString: $0) } ?? ""):\(n.map { String(cString: $0) } ?? "")"
                g_free(p)
                g_free(n)
            } else if let n = gst_object_get_name(src) {
                name = String(cString: n)
                g_free(n)
            }
        }
        let type = gst_message_type_get_name(msg.pointee.type).map { String(cString: $0) } ?? "?"
        var details = "no message details"
        if let s = gst_message_get_structure(msg), let text = gst_structure_to_string(s) {
            details = String(cString: text)
            g_free(text)
        }
        return "Got message #\(gst_message_get_seqnum(msg)) from \(kind) \"\(name)\" (\(type)): \(details)"
    }

    /// A property value as gst-launch-1.0 prints it: strings as they are, caps, structures and
    /// tag lists in their own text form, anything else serialized.
    private static func text(of value: UnsafePointer<GValue>) -> String? {
        let type = value.pointee.g_type
        var raw: UnsafeMutablePointer<gchar>?
        if g_type_is_a(type, GType(16 << 2)) != 0 {  // G_TYPE_STRING (G_TYPE_MAKE_FUNDAMENTAL (16))
            return g_value_get_string(value).map { String(cString: $0) } ?? "NULL"
        } else if g_type_is_a(type, gst_caps_get_type()) != 0 {
            raw = gst_value_get_caps(value).flatMap { gst_caps_to_string($0) }
        } else if g_type_is_a(type, gst_structure_get_type()) != 0 {
            raw = gst_value_get_structure(value).flatMap { gst_structure_to_string($0) }
        } else if g_type_is_a(type, gst_tag_list_get_type()) != 0,
                  let boxed = g_value_get_boxed(value) {
            raw = gst_tag_list_to_string(boxed.assumingMemoryBound(to: GstTagList.self))
        } else {
            raw = gst_value_serialize(value)
        }
        guard let raw else { return nil }
        defer { g_free(raw) }
        return String(cString: raw)
    }

    private static func sourceName(_ msg: UnsafeMutablePointer<GstMessage>) -> String {
        guard let src = msg.pointee.src, let n = gst_object_get_name(src) else { return "(NULL)" }
        defer { g_free(n) }
        return String(cString: n)
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

// MARK: - gst-launch-1.0's options

/// The options of `gst-warp-launch [run]`: gst-launch-1.0's, plus `--progress`.
struct LaunchOptions {
    var tags = false, toc = false, verbose = false, quiet = false, messages = false
    var eosOnShutdown = false, version = false, noPosition = false, forcePosition = false
    var progress = false
    /// `-X NAME`: properties whose notifications `-v` does not print.
    var exclude: [String] = []
}
