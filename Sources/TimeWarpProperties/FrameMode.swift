/// videotimewarp's `frame-mode` (GEnum `GstTimeWarpFrameMode`, raw value = GEnum value; C table
/// in `enums.c`): what an output slot shows at a fixed output rate.
public enum FrameMode: Int32, PropertyEnum {
    /// The input frame nearest to the slot (drop and duplicate, as videorate).
    case nearest = 0
    /// Slow motion mixes the two frames around the slot, speed-ups average the frames it spans.
    case blend = 1
    /// Slow motion moves the two frames around the slot along their optical flow; speed-ups
    /// are blurred along it (`shutter-angle`).
    case flow = 2

    /// The registered name of the GEnum type.
    public static let gTypeName = "GstTimeWarpFrameMode"

    /// The property's default: nearest.
    public static let propertyDefault = FrameMode.nearest

    /// The GEnum nick, as users write it.
    public var nick: String {
        switch self {
        case .nearest: return "nearest"
        case .blend: return "blend"
        case .flow: return "flow"
        }
    }

    /// The GEnum value's description (`value_name`).
    public var summary: String {
        switch self {
        case .nearest: return "Nearest: each output slot shows the input frame nearest to it (drop/duplicate)"
        case .blend:
            return "Blend: slow motion mixes the two surrounding frames, speed-ups average the frames the slot spans (a shutter)"
        case .flow:
            return "Flow: slow motion moves both surrounding frames along their optical flow to the slot (motion-compensated), speed-ups are blurred along it (shutter-angle)"
        }
    }
}
