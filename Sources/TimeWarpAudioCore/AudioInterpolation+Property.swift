/// audiotimewarp's `interpolation` property (GEnum `GstTimeWarpInterpolation`): the GEnum value,
/// nick and description of each kernel. The C enum table (`time_map_properties.c`) keeps its own
/// copy of the strings; `PropertyTableTests` checks that the two agree.
extension AudioInterpolation {
    /// The registered name of the GEnum type.
    public static let gTypeName = "GstTimeWarpInterpolation"

    /// The property's default (the C spec's is `TIMEWARP_DEFAULT_INTERPOLATION`).
    public static let propertyDefault = AudioInterpolation.sinc

    /// The interpolation a GEnum value names (the default for an unknown value).
    public init(gEnumValue: Int32) {
        self = Self.allCases.first(where: { $0.gEnumValue == gEnumValue }) ?? .propertyDefault
    }

    /// This interpolation's GEnum value.
    public var gEnumValue: Int32 {
        switch self {
        case .linear: return 0
        case .cubic: return 1
        case .sinc: return 2
        }
    }

    /// The GEnum nick, as users write it (the raw value).
    public var nick: String { rawValue }

    /// Looks an interpolation up by its nick; `nil` for an unknown name.
    public init?(nick: String) { self.init(rawValue: nick) }

    /// The GEnum value's description (`value_name`).
    public var summary: String {
        switch self {
        case .linear: return "Linear interpolation between the two neighbouring samples"
        case .cubic: return "Cubic (Catmull-Rom) interpolation over four samples"
        case .sinc: return "Windowed sinc whose cut-off follows the local speed (no aliasing)"
        }
    }
}
