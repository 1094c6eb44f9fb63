import GStreamerBinding
import CShims
import TimeWarpAudioCore

/// audiotimewarp as an element kind: caps pass through (`AudioNegotiation.swift`), allocation
/// goes downstream as it is, and its own properties choose how the audio follows the map.
enum AudioElementKind: WarpElementKind {
    /// Sets audiotimewarp's own settings.
    static func setProperty(_ id: UInt32, _ value: PropertyValue, _ settings: inout ElementSettings) -> Bool {
        switch TimeWarpPropertyId(rawValue: id) {
        case TIMEWARP_PROP_INTERPOLATION: settings.interpolation = AudioInterpolation(gEnumValue: value.enumValue)
        case TIMEWARP_PROP_QUALITY: settings.sincQuality = WarpSincQuality(Int(value.int))  // GLib checked the range
        case TIMEWARP_PROP_PITCH: settings.pitch = AudioPitch(gEnumValue: value.enumValue)
        case TIMEWARP_PROP_PITCH_ENGINE: settings.pitchEngine = AudioPitchEngine(gEnumValue: value.enumValue)
        default: return false
        }
        return true
    }

    /// Reads audiotimewarp's own settings (it has no counters).
    static func getProperty(_ id: UInt32, _ value: PropertyValue, settings: ElementSettings,
                            counters: VideoCounters) -> Bool {
        switch TimeWarpPropertyId(rawValue: id) {
        case TIMEWARP_PROP_INTERPOLATION: value.set(enumValue: settings.interpolation.gEnumValue)
        case TIMEWARP_PROP_QUALITY: value.set(int: Int32(settings.sincQuality.level))
        case TIMEWARP_PROP_PITCH: value.set(enumValue: settings.pitch.gEnumValue)
        case TIMEWARP_PROP_PITCH_ENGINE: value.set(enumValue: settings.pitchEngine.gEnumValue)
        default: return false
        }
        return true
    }
}
