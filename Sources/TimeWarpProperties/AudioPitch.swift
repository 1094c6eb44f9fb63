/// audiotimewarp's `pitch` property (GEnum `GstTimeWarpPitch`, raw value = GEnum value; C table in
/// `enums.c`): whether the pitch follows the speed, as on tape (`WarpResampler`), or
/// stays while only the tempo follows the map (`WarpStretcher`).
public enum AudioPitch: Int32, PropertyEnum {
    /// `follow`: resampling, half speed is an octave down (the default, as before the property).
    case follow = 0
    /// `preserve`: WSOLA overlap-add, the tempo follows the map and the pitch stays.
    case preserve = 1

    /// The registered name of the GEnum type.
    public static let gTypeName = "GstTimeWarpPitch"

    /// The property's default: follow.
    public static let propertyDefault = AudioPitch.follow

    /// The GEnum nick, as users write it.
    public var nick: String {
        switch self {
        case .follow: return "follow"
        case .preserve: return "preserve"
        }
    }

    /// The GEnum value's description (`value_name`).
    public var summary: String {
        switch self {
        case .follow: return "Follow the speed, as tape does (resampling: half speed is an octave down)"
        case .preserve: return "Preserve the pitch: only the tempo follows the map (WSOLA overlap-add)"
        }
    }
}
