/// videotimewarp's `flow-quality` (GEnum `GstTimeWarpFlowQuality`, raw value = GEnum value; C
/// table in `enums.c`): the optical-flow preset of `frame-mode=flow` (OpenCV DIS presets).
public enum FlowQuality: Int32, PropertyEnum {
    /// DIS ultrafast with denser patches and variational refinement: the cheapest, faster than
    /// real time at 1080p25 on two cores.
    case fast = 0
    /// DIS fast with denser patches: about the cost of fast.
    case balanced = 1
    /// DIS medium: the most accurate, about twice the cost of fast.
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
        case .fast: return "Fast: DIS ultrafast preset with denser patches and variational refinement, the cheapest: about 30 ms of CPU per 720p frame pair (flow and warp)"
        case .balanced: return "Balanced: DIS fast preset with denser patches, about the cost of fast, 0.1 dB better on street footage"
        case .best: return "Best: DIS medium preset, about twice the cost of fast, 0.5 dB better on street footage"
        }
    }
}
