import GStreamerBinding
import TimeWarpMap
import CShims

/// videotimewarp as an element kind: its caps and allocation answers (`VideoNegotiation.swift`,
/// `BlendAllocation.swift`) and its own properties: the counters and the frame-rate and
/// frame-mode settings.
enum VideoElementKind: WarpElementKind {
    /// Reads the counters and videotimewarp's own settings.
    static func getProperty(_ property: PropertyName, _ value: PropertyValue, settings: ElementSettings,
                            counters: VideoCounters) -> Bool {
        switch property {
        case .in: value.set(counters.value(.input))
        case .out: value.set(counters.value(.output))
        case .drop: value.set(counters.value(.dropped))
        case .duplicate: value.set(counters.value(.duplicated))
        case .maxDuplicationTime: value.set(settings.maxDuplicationTime)
        case .maxRate: value.set(int: settings.maxRate)
        case .frameMode: value.set(enumValue: settings.frameMode.rawValue)
        case .maxBlendFrames: value.set(int: settings.maxBlendFrames)
        case .flowQuality: value.set(enumValue: settings.flowQuality.rawValue)
        case .flowFallbacks: value.set(counters.value(.flowFallbacks))
        case .shutterAngle: value.set(settings.shutterAngle)
        default: return false
        }
        return true
    }

    /// Sets videotimewarp's own settings (`max-rate` at least 1, `max-blend-frames` at least 2).
    static func setProperty(_ property: PropertyName, _ value: PropertyValue, _ settings: inout ElementSettings) -> Bool {
        switch property {
        case .maxDuplicationTime: settings.maxDuplicationTime = value.uint64
        case .maxRate: settings.maxRate = max(1, value.int)
        case .frameMode: settings.frameMode = FrameMode(gEnumValue: value.enumValue)
        case .maxBlendFrames: settings.maxBlendFrames = max(2, value.int)
        case .flowQuality: settings.flowQuality = FlowQuality(gEnumValue: value.enumValue)
        case .shutterAngle: settings.shutterAngle = min(360, max(0, value.double))
        default: return false
        }
        return true
    }
}
