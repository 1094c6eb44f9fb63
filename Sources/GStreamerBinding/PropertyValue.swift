import CGStreamer

/// A borrowed `GValue` handed to property getters and setters.
public struct PropertyValue {
    /// The underlying value (not owned).
    @usableFromInline let raw: UnsafeMutablePointer<GValue>

    /// Wraps a value GStreamer hands to a property getter or setter.
    public init(raw: UnsafeMutablePointer<GValue>) { self.raw = raw }

    /// The value as a double.
    public var double: Double { g_value_get_double(raw) }
    /// The value as an unsigned 64-bit integer.
    public var uint64: UInt64 { UInt64(g_value_get_uint64(raw)) }
    /// The value as a signed 32-bit integer.
    public var int: Int32 { g_value_get_int(raw) }
    /// The value as an enum's integer value.
    public var enumValue: Int32 { g_value_get_enum(raw) }
    /// The value as a boolean.
    public var bool: Bool { g_value_get_boolean(raw) != 0 }
    /// The value as a string ("" for NULL).
    public var string: String { g_value_get_string(raw).map { String(cString: $0) } ?? "" }

    /// Stores a double.
    public func set(_ v: Double) { g_value_set_double(raw, v) }
    /// Stores an unsigned 64-bit integer.
    public func set(_ v: UInt64) { g_value_set_uint64(raw, guint64(v)) }
    /// Stores a signed 32-bit integer.
    public func set(int v: Int32) { g_value_set_int(raw, v) }
    /// Stores an enum's integer value.
    public func set(enumValue v: Int32) { g_value_set_enum(raw, v) }
    /// Stores a boolean.
    public func set(bool v: Bool) { g_value_set_boolean(raw, v ? 1 : 0) }
    /// Stores a string.
    public func set(_ v: String) { g_value_set_string(raw, v) }
}
