/// videotimewarp's `flow-quality` (GEnum `GstTimeWarpFlowQuality`, raw value = GEnum value; C
/// table in `enums.c`): the optical-flow preset of `frame-mode=flow` (OpenCV DIS presets).
public enum FlowQuality: Int32, PropertyEnum {
    /// DIS ultrafast: the cheapest, real time at 720p on two cores.
    case fast = 0
    /// DIS fast: finer patches, about twice the time of fast.
    case balanced = 1
    /// DIS medium: the most accurate, about eight times the time of fast.
    case best = 2

    /// The registered name of the GEnum type.
    public static let gTypeName = "GstTimeWarpFlowQuality"

    /// The property's default: fast (`TIMEWARP_DEFAULT_FLOW_QUALITY`).
    public static let propertyDefault = FlowQuality.fast

    /// The GEnum nick, as users write it.
    public var nick: String {
        switch self {
        case .fast: return "fast"
        case .balanced: return "balanced"
        case .best: return "best"
        }
    }

    /// The GEnum value's description (`value_name`).
    public var summary: String {
        switch self {
        case .fast: return "Fast: DIS ultrafast preset, about 10 ms per 720p frame pair on one core"
        case .balanced: return "Balanced: DIS fast preset, about twice the time of fast"
        case .best: return "Best: DIS medium preset, about eight times the time of fast (not real time at 720p)"
        }
    }
}
