import TimeWarpAudioCore
import CShims
import TimeWarpSettings

/// Everything the application sets on an element, read by the streaming thread: the time-map
/// properties both elements share and the element-specific ones. One value under one lock
/// (`SharedState`); defaults come from `CShims.h`, where the property specs take them too.
struct ElementSettings: Sendable {
    /// `function`, `factor`, `modifier`, `keyframes`, `expression`, `duration` and the Swift API's
    /// custom curve.
    var timeMap = TimeMapSettings()
    /// `reverse`: play a reverse stream (negative rate) into a forward one.
    var reverse = false
    /// audiotimewarp's `interpolation`.
    var interpolation = AudioInterpolation(gEnumValue: TIMEWARP_DEFAULT_INTERPOLATION)
    /// audiotimewarp's `quality` (the sinc kernel's design).
    var sincQuality = WarpSincQuality(Int(TIMEWARP_DEFAULT_QUALITY))
    /// audiotimewarp's `pitch`: resample (follow) or stretch (preserve).
    var pitch = AudioPitch(gEnumValue: TIMEWARP_DEFAULT_PITCH)
    /// videotimewarp's `max-duplication-time` (ns; 0: no limit).
    var maxDuplicationTime: UInt64 = UInt64(TIMEWARP_DEFAULT_MAX_DUPLICATION_TIME)
    /// videotimewarp's `max-rate` (frames per second).
    var maxRate: Int32 = TIMEWARP_DEFAULT_MAX_RATE
    /// videotimewarp's `frame-mode`.
    var frameMode = FrameMode.defaultMode
    /// videotimewarp's `max-blend-frames`.
    var maxBlendFrames: Int32 = TIMEWARP_DEFAULT_MAX_BLEND_FRAMES
}

extension AudioInterpolation {
    /// The values of the `GstTimeWarpInterpolation` GEnum, in its order.
    static let gEnumOrder: [AudioInterpolation] = [.linear, .cubic, .sinc]

    /// The interpolation a GEnum value names (sinc for an unknown value).
    init(gEnumValue: Int32) {
        let i = Int(gEnumValue)
        self = Self.gEnumOrder.indices.contains(i) ? Self.gEnumOrder[i] : .sinc
    }

    /// This interpolation's GEnum value.
    var gEnumValue: Int32 { Int32(Self.gEnumOrder.firstIndex(of: self) ?? 2) }
}
