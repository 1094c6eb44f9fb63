import CShims

/// videotimewarp's `frame-mode` (GEnum `GstTimeWarpFrameMode`): what an output slot shows at a
/// fixed output rate.
enum FrameMode: Int32, Sendable {
    /// The input frame nearest to the slot (drop and duplicate, as videorate).
    case nearest = 0
    /// Slow motion mixes the two frames around the slot, speed-ups average the frames it spans.
    case blend = 1

    /// The mode a GEnum value names (nearest for an unknown value).
    init(gEnumValue: Int32) { self = FrameMode(rawValue: gEnumValue) ?? .nearest }

    /// The default (`TIMEWARP_DEFAULT_FRAME_MODE`).
    static let defaultMode = FrameMode(gEnumValue: TIMEWARP_DEFAULT_FRAME_MODE)
}
