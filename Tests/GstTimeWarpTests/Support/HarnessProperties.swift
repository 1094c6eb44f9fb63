import CGStreamer
import CGStreamerCheck

/// Setting properties of the element under test while it runs (live changes).
extension Harness {
    /// The first timewarp element of the harness (a new reference), if any.
    private func timewarpElement() -> UnsafeMutablePointer<GObject>? {
        guard let el = inner("videotimewarp") ?? inner("audiotimewarp") else { return nil }
        return UnsafeMutableRawPointer(el).assumingMemoryBound(to: GObject.self)
    }

    /// Sets a double property (`factor`, `modifier`) of the timewarp element.
    func set(_ name: String, double value: Double) {
        guard let object = timewarpElement() else { return }
        defer { gst_object_unref(object) }
        var v = GValue()
        g_value_init(&v, GType(G_TYPE_DOUBLE_RAW))
        g_value_set_double(&v, value)
        g_object_set_property(object, name, &v)
        g_value_unset(&v)
    }

    /// Sets a property from its string form (as gst-launch-1.0 does): enums by nick, strings.
    func set(_ name: String, string value: String) {
        guard let object = timewarpElement() else { return }
        defer { gst_object_unref(object) }
        gst_util_set_object_arg(object, name, value)
    }
}

/// G_TYPE_DOUBLE is a macro; its fundamental type number is 15 << 2.
let G_TYPE_DOUBLE_RAW: UInt = 15 << 2
