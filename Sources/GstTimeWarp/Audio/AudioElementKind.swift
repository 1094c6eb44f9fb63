import GStreamerBinding
import CShims
import TimeWarpAudioCore

/// audiotimewarp as an element kind: caps pass through (`AudioNegotiation.swift`), allocation
/// goes downstream as it is, and its own properties choose how the audio follows the map.
enum AudioElementKind: WarpElementKind {
    /// Sets audiotimewarp's own settings.
    static func setProperty(_ property: PropertyName, _ value: PropertyValue, _ settings: inout ElementSettings) -> Bool {
        switch property {
        case .interpolation: settings.interpolation = AudioInterpolation(gEnumValue: value.enumValue)
        case .quality: settings.sincQuality = WarpSincQuality(Int(value.int))  // GLib checked the range
        case .pitch: settings.pitch = AudioPitch(gEnumValue: value.enumValue)
        default: return false
        }
        return true
    }

    /// Reads audiotimewarp's own settings (it has no counters).
    static func getProperty(_ property: PropertyName, _ value: PropertyValue, settings: ElementSettings,
                            counters: VideoCounters) -> Bool {
        switch property {
        case .interpolation: value.set(enumValue: settings.interpolation.gEnumValue)
        case .quality: value.set(int: Int32(settings.sincQuality.level))
        case .pitch: value.set(enumValue: settings.pitch.gEnumValue)
        default: return false
        }
        return true
    }
}
