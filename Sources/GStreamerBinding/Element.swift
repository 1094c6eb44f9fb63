import CGStreamer

/// One reference to a `GstElement` (a pipeline, a bin or an element in it), released when
/// the value goes away.
public final class Element {
    let raw: UnsafeMutablePointer<GstElement>

    /// Takes over a new reference; a floating one (fresh from a parse) is sunk, so that this
    /// value owns it.
    init(adopting raw: UnsafeMutablePointer<GstElement>) {
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
    static func pipeline(of element: Element) -> Element {
        guard !element.isA(gst_pipeline_get_type()), let raw = gst_pipeline_new(nil) else { return element }
        let pipeline = Element(adopting: raw)
        pipeline.add(element)
        return pipeline
    }

    /// The element named `name` inside this bin (recursively), or nil.
    public func child(_ name: String) -> Element? {
        guard isBin,
              let e = gst_bin_get_by_name(UnsafeMutableRawPointer(raw).assumingMemoryBound(to: GstBin.self), name)
        else { return nil }
        return Element(adopting: e)
    }

    /// Adds `element` to this bin.
    @discardableResult
    public func add(_ element: Element) -> Bool {
        gst_bin_add(UnsafeMutableRawPointer(raw).assumingMemoryBound(to: GstBin.self), element.raw) != 0
    }

    /// Links this element's free source pad to `downstream`.
    public func link(to downstream: Element) -> Bool { gst_element_link(raw, downstream.raw) != 0 }

    /// The static pad `name` ("sink", "src"), or nil. It is borrowed: a static pad lives as
    /// long as its element.
    public func staticPad(_ name: String) -> Pad? {
        guard let pad = gst_element_get_static_pad(raw, name) else { return nil }
        gst_object_unref(pad)
        return Pad(raw: pad)
    }

    /// Sets a property from its string form (`gst_util_set_object_arg`: enums by nick, numbers).
    public func set(_ name: String, _ value: String) {
        gst_util_set_object_arg(object, name, value)
    }

    /// A property's value serialized (`gst_value_serialize`), or nil if there is no such property.
    public func property(_ name: String) -> String? {
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
    public func uint64Property(_ name: String) -> UInt64? {
        property(name).flatMap { UInt64($0) }
    }

    /// The states a pipeline goes through.
    public enum State {
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
    public func setState(_ state: State) -> Bool {
        gst_element_set_state(raw, state.gst) != GST_STATE_CHANGE_FAILURE
    }

    /// What a state change request answered (`GstStateChangeReturn`).
    public enum StateChange { case failure, success, async, noPreroll }

    /// Asks for `state` and says how the change went (gst-launch-1.0 prints it).
    public func changeState(_ state: State) -> StateChange {
        switch gst_element_set_state(raw, state.gst) {
        case GST_STATE_CHANGE_FAILURE: return .failure
        case GST_STATE_CHANGE_ASYNC: return .async
        case GST_STATE_CHANGE_NO_PREROLL: return .noPreroll
        default: return .success
        }
    }

    /// Recomputes and distributes the pipeline's latency (on a latency message).
    public func recalculateLatency() {
        guard isBin else { return }
        _ = gst_bin_recalculate_latency(UnsafeMutableRawPointer(raw).assumingMemoryBound(to: GstBin.self))
    }

    /// Whether this element is a pipeline (the top-level element of a run).
    public var isPipeline: Bool { isA(gst_pipeline_get_type()) }

    /// The element's name (`pipeline0`).
    public var name: String {
        guard let n = gst_object_get_name(UnsafeMutableRawPointer(raw).assumingMemoryBound(to: GstObject.self)) else { return "" }
        defer { g_free(n) }
        return String(cString: n)
    }

    /// Waits up to `timeoutNs` for a pending state change to complete.
    public func waitForStateChange(timeoutNs: UInt64) {
        _ = gst_element_get_state(raw, nil, nil, GstClockTime(timeoutNs))
    }

    /// The position query in time (ns), or nil when unanswered.
    public func queryPosition() -> Int64? {
        var value: gint64 = -1
        return gst_element_query_position(raw, GST_FORMAT_TIME, &value) != 0 ? Int64(value) : nil
    }

    /// The duration query in time (ns), or nil when unanswered.
    public func queryDuration() -> Int64? {
        var value: gint64 = -1
        return gst_element_query_duration(raw, GST_FORMAT_TIME, &value) != 0 ? Int64(value) : nil
    }

    /// Sends an EOS event (to the sources, for a pipeline).
    @discardableResult
    public func sendEOS() -> Bool { gst_element_send_event(raw, gst_event_new_eos()) != 0 }

    /// Seek flags (`GstSeekFlags`).
    public struct SeekFlags: OptionSet, Sendable {
        /// The `GstSeekFlags` bits.
        public let rawValue: UInt32
        /// Flags from `GstSeekFlags` bits.
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Flush the pipeline.
        public static let flush = SeekFlags(rawValue: GST_SEEK_FLAG_FLUSH.rawValue)
        /// Seek exactly (not to a key unit).
        public static let accurate = SeekFlags(rawValue: GST_SEEK_FLAG_ACCURATE.rawValue)
        /// Seek to the nearest key unit.
        public static let keyUnit = SeekFlags(rawValue: GST_SEEK_FLAG_KEY_UNIT.rawValue)
        /// Snap to the key unit before.
        public static let snapBefore = SeekFlags(rawValue: GST_SEEK_FLAG_SNAP_BEFORE.rawValue)
        /// Snap to the key unit after.
        public static let snapAfter = SeekFlags(rawValue: GST_SEEK_FLAG_SNAP_AFTER.rawValue)
        /// Snap to the nearest key unit.
        public static let snapNearest = SeekFlags(rawValue: GST_SEEK_FLAG_SNAP_NEAREST.rawValue)
    }

    /// A seek in time at rate 1 to `start` (and `stop`, if given), in ns; false if refused.
    public func seek(flags: SeekFlags, start: Int64, stop: Int64?) -> Bool {
        gst_element_seek(raw, 1.0, GST_FORMAT_TIME, GstSeekFlags(rawValue: flags.rawValue),
                         GST_SEEK_TYPE_SET, gint64(start),
                         stop == nil ? GST_SEEK_TYPE_NONE : GST_SEEK_TYPE_SET, gint64(stop ?? -1)) != 0
    }

    /// Posts a property-notify message for every property change in the pipeline (`-v`).
    public func watchPropertyChanges() {
        _ = gst_element_add_property_deep_notify_watch(raw, nil, 1)
    }

    /// The element's bus (a pipeline always has one); nil for an element outside a pipeline.
    public var bus: Bus? { gst_element_get_bus(raw).map { Bus(adopting: $0) } }

    /// Calls `handler` on the streaming thread for each pad the element adds ("pad-added").
    /// The handler lives as long as the element.
    public func onPadAdded(_ handler: @escaping @Sendable (Pad) -> Void) {
        let callback: @convention(c) (UnsafeMutablePointer<GstElement>?, UnsafeMutablePointer<GstPad>?, gpointer?) -> Void = {
            _, pad, data in
            guard let pad, let data else { return }
            Unmanaged<PadAddedHandler>.fromOpaque(data).takeUnretainedValue().body(Pad(raw: pad))
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
