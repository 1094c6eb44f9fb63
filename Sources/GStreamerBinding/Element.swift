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

    /// Another reference to `raw`, an element an application holds through the C API (it keeps
    /// its own reference; a floating reference stays floating, so a bin can still sink it).
    public init(retaining raw: UnsafeMutablePointer<GstElement>) {
        _ = gst_object_ref(raw)
        self.raw = raw
    }

    deinit { gst_object_unref(raw) }

    /// Calls `body` with the underlying `GstElement`, valid for the call: the one way out to C
    /// for code beside the binding (the plugin finds its Swift side through it).
    public func withUnsafeElement<R>(_ body: (UnsafeMutablePointer<GstElement>) throws -> R) rethrows -> R {
        try body(raw)
    }

    var object: UnsafeMutablePointer<GObject> {
        UnsafeMutableRawPointer(raw).assumingMemoryBound(to: GObject.self)
    }

    func isA(_ type: GType) -> Bool {
        g_type_check_instance_is_a(UnsafeMutableRawPointer(raw).assumingMemoryBound(to: GTypeInstance.self), type) != 0
    }

    var isBin: Bool { isA(gst_bin_get_type()) }

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

    /// Whether this element is a pipeline (the top-level element of a run).
    public var isPipeline: Bool { isA(gst_pipeline_get_type()) }

    /// The element's name (`pipeline0`).
    public var name: String {
        guard let n = gst_object_get_name(UnsafeMutableRawPointer(raw).assumingMemoryBound(to: GstObject.self)) else { return "" }
        defer { g_free(n) }
        return String(cString: n)
    }
}
