/// videotimewarp's `frame-mode` (GEnum `GstTimeWarpFrameMode`, raw value = GEnum value): what an
/// output slot shows at a fixed output rate. The C enum table (`video_element.c`) keeps its own
/// copy of the strings; `PropertyTableTests` checks that the two agree.
public enum FrameMode: Int32, CaseIterable, Sendable {
    /// The input frame nearest to the slot (drop and duplicate, as videorate).
    case nearest = 0
    /// Slow motion mixes the two frames around the slot, speed-ups average the frames it spans.
    case blend = 1

    /// The registered name of the GEnum type.
    public static let gTypeName = "GstTimeWarpFrameMode"

    /// The property's default (the C spec's is `TIMEWARP_DEFAULT_FRAME_MODE`).
    public static let propertyDefault = FrameMode.nearest

    /// The mode a GEnum value names (the default for an unknown value).
    public init(gEnumValue: Int32) { self = FrameMode(rawValue: gEnumValue) ?? .propertyDefault }

    /// The GEnum nick, as users write it.
    public var nick: String {
        switch self {
        case .nearest: return "nearest"
        case .blend: return "blend"
        }
    }

    /// The GEnum value's description (`value_name`).
    public var summary: String {
        switch self {
        case .nearest: return "Nearest: each output slot shows the input frame nearest to it (drop/duplicate)"
        case .blend:
            return "Blend: slow motion mixes the two surrounding frames, speed-ups average the frames the slot spans (a shutter)"
        }
    }
}
