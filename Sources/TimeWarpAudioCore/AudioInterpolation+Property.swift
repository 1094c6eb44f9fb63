/// audiotimewarp's `interpolation` property (GEnum `GstTimeWarpInterpolation`; C table in
/// `enums.c`): the GEnum value, nick and description of each kernel. A
/// `PropertyEnum` (declared in GstTimeWarp, which sees both this target and TimeWarpMap).
extension AudioInterpolation {
    /// The registered name of the GEnum type.
    public static let gTypeName = "GstTimeWarpInterpolation"

    /// The property's default: sinc.
    public static let propertyDefault = AudioInterpolation.sinc

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

    /// The GEnum value's description (`value_name`).
    public var summary: String {
        switch self {
        case .linear: return "Linear interpolation between the two neighbouring samples"
        case .cubic: return "Cubic (Catmull-Rom) interpolation over four samples"
        case .sinc: return "Windowed sinc whose cut-off follows the local speed (no aliasing)"
        }
    }
}
