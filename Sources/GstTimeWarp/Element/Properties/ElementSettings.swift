import TimeWarpAudioCore
import TimeWarpMap
import CShims
import GStreamerBinding

/// Everything the application sets on an element, read by the streaming thread: the time-map
/// properties the three elements share and the element-specific ones. One value under one lock
/// (`SharedState`). The enum defaults are the pure enums' `propertyDefault`s, the numbers come
/// from `CShims.h`, where the property specs take them too; `PropertyTableTests` checks the specs
/// against these settings.
struct ElementSettings: Sendable {
    /// `function`, `factor`, `modifier`, `keyframes`, `expression`, `duration` and the Swift API's
    /// custom curve.
    var timeMap = TimeMapSettings()
    /// `start-time`: the input stream time of the map's origin `u = 0` (ns; NONE: the medium's
    /// first frame, see `MediaOrigin`).
    var startTime: UInt64 = ClockTime.none  // TIMEWARP_DEFAULT_START_TIME (a cast C macro)
    /// `reverse`: play a reverse stream (negative rate) into a forward one.
    var reverse = false
    /// audiotimewarp's `interpolation`.
    var interpolation = AudioInterpolation.propertyDefault
    /// audiotimewarp's `quality` (the sinc kernel's design).
    var sincQuality = WarpSincQuality(Int(TIMEWARP_DEFAULT_QUALITY))
    /// audiotimewarp's `pitch`: resample (follow) or stretch (preserve).
    var pitch = AudioPitch.propertyDefault
    /// videotimewarp's `max-duplication-time` (ns; 0: no limit).
    var maxDuplicationTime: UInt64 = UInt64(TIMEWARP_DEFAULT_MAX_DUPLICATION_TIME)
    /// videotimewarp's `max-rate` (frames per second).
    var maxRate: Int32 = TIMEWARP_DEFAULT_MAX_RATE
    /// videotimewarp's `frame-mode`.
    var frameMode = FrameMode.propertyDefault
    /// videotimewarp's `max-blend-frames`.
    var maxBlendFrames: Int32 = TIMEWARP_DEFAULT_MAX_BLEND_FRAMES
    /// videotimewarp's `flow-quality`.
    var flowQuality = FlowQuality.propertyDefault
    /// videotimewarp's `shutter-angle` (degrees, 0 ... 360).
    var shutterAngle = TIMEWARP_DEFAULT_SHUTTER_ANGLE
}
