import CGStreamer

/// A borrowed `GValue` handed to property getters and setters.
struct PropertyValue {
    /// The underlying value (not owned).
    let raw: UnsafeMutablePointer<GValue>

    /// The value as a double.
    var double: Double { g_value_get_double(raw) }
    /// The value as an unsigned 64-bit integer.
    var uint64: UInt64 { UInt64(g_value_get_uint64(raw)) }
    /// The value as a signed 32-bit integer.
    var int: Int32 { g_value_get_int(raw) }
    /// The value as an enum's integer value.
    var enumValue: Int32 { g_value_get_enum(raw) }
    /// The value as a boolean.
    var bool: Bool { g_value_get_boolean(raw) != 0 }
    /// The value as a string ("" for NULL).
    var string: String { g_value_get_string(raw).map { String(cString: $0) } ?? "" }

    /// Stores a double.
    func set(_ v: Double) { g_value_set_double(raw, v) }
    /// Stores an unsigned 64-bit integer.
    func set(_ v: UInt64) { g_value_set_uint64(raw, guint64(v)) }
    /// Stores a signed 32-bit integer.
    func set(int v: Int32) { g_value_set_int(raw, v) }
    /// Stores an enum's integer value.
    func set(enumValue v: Int32) { g_value_set_enum(raw, v) }
    /// Stores a boolean.
    func set(bool v: Bool) { g_value_set_boolean(raw, v ? 1 : 0) }
    /// Stores a string.
    func set(_ v: String) { g_value_set_string(raw, v) }
}
