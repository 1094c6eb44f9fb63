import GStreamerBinding
import TimeWarpMap
import CShims

/// videotimewarp as an element kind: its caps and allocation answers (`VideoNegotiation.swift`,
/// `BlendAllocation.swift`) and its own properties: the counters and the frame-rate and
/// frame-mode settings.
enum VideoElementKind: WarpElementKind {
    /// Reads the counters and videotimewarp's own settings.
    static func getProperty(_ id: UInt32, _ value: PropertyValue, settings: ElementSettings,
                            counters: VideoCounters) -> Bool {
        switch TimeWarpPropertyId(rawValue: id) {
        case TIMEWARP_PROP_IN: value.set(counters.value(.input))
        case TIMEWARP_PROP_OUT: value.set(counters.value(.output))
        case TIMEWARP_PROP_DROP: value.set(counters.value(.dropped))
        case TIMEWARP_PROP_DUPLICATE: value.set(counters.value(.duplicated))
        case TIMEWARP_PROP_MAX_DUPLICATION_TIME: value.set(settings.maxDuplicationTime)
        case TIMEWARP_PROP_MAX_RATE: value.set(int: settings.maxRate)
        case TIMEWARP_PROP_FRAME_MODE: value.set(enumValue: settings.frameMode.rawValue)
        case TIMEWARP_PROP_MAX_BLEND_FRAMES: value.set(int: settings.maxBlendFrames)
        case TIMEWARP_PROP_FLOW_QUALITY: value.set(enumValue: settings.flowQuality.rawValue)
        case TIMEWARP_PROP_FLOW_FALLBACKS: value.set(counters.value(.flowFallbacks))
        case TIMEWARP_PROP_SHUTTER_ANGLE: value.set(settings.shutterAngle)
        default: return false
        }
        return true
    }

    /// Sets videotimewarp's own settings (`max-rate` at least 1, `max-blend-frames` at least 2).
    static func setProperty(_ id: UInt32, _ value: PropertyValue, _ settings: inout ElementSettings) -> Bool {
        switch TimeWarpPropertyId(rawValue: id) {
        case TIMEWARP_PROP_MAX_DUPLICATION_TIME: settings.maxDuplicationTime = value.uint64
        case TIMEWARP_PROP_MAX_RATE: settings.maxRate = max(1, value.int)
        case TIMEWARP_PROP_FRAME_MODE: settings.frameMode = FrameMode(gEnumValue: value.enumValue)
        case TIMEWARP_PROP_MAX_BLEND_FRAMES: settings.maxBlendFrames = max(2, value.int)
        case TIMEWARP_PROP_FLOW_QUALITY: settings.flowQuality = FlowQuality(gEnumValue: value.enumValue)
        case TIMEWARP_PROP_SHUTTER_ANGLE: settings.shutterAngle = min(360, max(0, value.double))
        default: return false
        }
        return true
    }
}
