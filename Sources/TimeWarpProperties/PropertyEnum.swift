/// An enum property of the elements, registered in C as a GEnum: each case has the GEnum value,
/// the nick users write and the description GObject shows, written once on the Swift side. The C
/// enum tables keep their own copy of the strings; `PropertyTableTests` checks that the two agree.
public protocol PropertyEnum: CaseIterable, Sendable, Equatable {
    /// The registered name of the GEnum type (`GstTimeWarpFunction`).
    static var gTypeName: String { get }
    /// The property's default (the C spec's is a `TIMEWARP_DEFAULT_*` in `CShims.h`).
    static var propertyDefault: Self { get }
    /// The GEnum value.
    var gEnumValue: Int32 { get }
    /// The GEnum nick (`tapered-cosine`), as users write it.
    var nick: String { get }
    /// The GEnum value's description (`value_name`), as `gst-inspect-1.0` lists it.
    var summary: String { get }
}

extension PropertyEnum {
    /// The case a GEnum value names (the default for an unknown value).
    public init(gEnumValue: Int32) {
        self = Self.allCases.first(where: { $0.gEnumValue == gEnumValue }) ?? .propertyDefault
    }

    /// Looks a case up by its nick; `nil` for an unknown name.
    public init?(nick: String) {
        guard let match = Self.allCases.first(where: { $0.nick == nick }) else { return nil }
        self = match
    }
}

extension PropertyEnum where Self: RawRepresentable, RawValue == Int32 {
    /// The raw value, which is the GEnum value.
    public var gEnumValue: Int32 { rawValue }
}
