import TimeWarpMap

/// One property of a timewarp element as the tool sets it: the property, named through
/// `PropertyName`, and its value as text (`gst_util_set_object_arg` takes it; never parsed as
/// part of a pipeline). Typed values become these strings only here and in
/// `WarpElementSettings`, as the pipeline is built.
public struct ElementProperty: Sendable, Equatable {
    /// The property.
    public var property: PropertyName
    /// The value, as `gst_util_set_object_arg` takes it (`1.5`, `blend`, `true`).
    public var value: String

    /// `property` set to `value`.
    public init(_ property: PropertyName, _ value: String) {
        self.property = property
        self.value = value
    }

    /// The property's name as GObject knows it (`frame-mode`).
    public var name: String { property.name }

    /// `name=value`, with the value quoted when it holds a space or a comma (the plan's words).
    public var summary: String {
        value.contains(where: { $0 == " " || $0 == "," }) ? "\(name)=\"\(value)\"" : "\(name)=\(value)"
    }
}
