import CGStreamer

/// A borrowed, read-only `GstStructure` (for example the property values an application hands
/// an action signal): typed field reads that accept the numeric types a structure written by
/// hand (`"p, factor=2"`, an int) or by code (a `gdouble`) may hold.
public struct StructureView {
    /// The structure (not owned).
    let raw: UnsafePointer<GstStructure>

    /// Wraps a structure GStreamer or an application hands the element.
    public init(raw: UnsafePointer<GstStructure>) { self.raw = raw }

    /// The names of all fields, in order.
    public var fieldNames: [String] {
        let n = gst_structure_n_fields(raw)
        guard n > 0 else { return [] }
        return (0..<UInt32(n)).compactMap { gst_structure_nth_field_name(raw, $0).map { String(cString: $0) } }
    }

    /// Whether the structure has a field `name`.
    public func has(_ name: String) -> Bool { gst_structure_has_field(raw, name) != 0 }

    /// The field as a double: a double, float or any integer type; nil otherwise.
    public func double(_ name: String) -> Double? {
        var d: gdouble = 0
        if gst_structure_get_double(raw, name, &d) != 0 { return d }
        if let i = int64(name) { return Double(i) }
        if let u = uint64(name) { return Double(u) }
        return nil
    }

    /// The field as an unsigned 64-bit integer: a guint64, a non-negative int/gint64/guint, or
    /// a double holding a whole number (how `gst_structure_from_string` reads an untyped
    /// `10000000000`).
    public func uint64(_ name: String) -> UInt64? {
        var u: guint64 = 0
        if gst_structure_get_uint64(raw, name, &u) != 0 { return UInt64(u) }
        var w: guint = 0
        if gst_structure_get_uint(raw, name, &w) != 0 { return UInt64(w) }
        if let i = int64(name), i >= 0 { return UInt64(i) }
        var d: gdouble = 0
        if gst_structure_get_double(raw, name, &d) != 0 { return UInt64(exactly: d) }
        return nil
    }

    /// The field as a signed integer (gint or gint64).
    private func int64(_ name: String) -> Int64? {
        var i: gint64 = 0
        if gst_structure_get_int64(raw, name, &i) != 0 { return Int64(i) }
        var n: gint = 0
        if gst_structure_get_int(raw, name, &n) != 0 { return Int64(n) }
        return nil
    }

    /// The field as a string; nil when it holds another type.
    public func string(_ name: String) -> String? {
        gst_structure_get_string(raw, name).map { String(cString: $0) }
    }

    /// The field as a value of the GEnum `enumType`: an enum value of that type or an integer.
    /// (A string holding the nick is read with `string(_:)`.)
    public func enumValue(_ name: String, of enumType: GType) -> Int32? {
        var v: gint = 0
        if gst_structure_get_enum(raw, name, enumType, &v) != 0 { return v }
        return int64(name).flatMap { Int32(exactly: $0) }
    }

    /// The structure as GStreamer writes it (for messages).
    public var description: String {
        guard let text = gst_structure_to_string(raw) else { return "" }
        defer { g_free(text) }
        return String(cString: text)
    }
}
