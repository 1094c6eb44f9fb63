/// audiotimewarp's `pitch` property (GEnum `GstTimeWarpPitch`, raw value = GEnum value): whether
/// the pitch follows the speed, as on tape (`WarpResampler`), or stays while only the tempo
/// follows the map (`WarpStretcher`). The C enum table (`audio_element.c`) keeps its own copy of
/// the strings; `PropertyTableTests` checks that the two agree.
public enum AudioPitch: Int32, CaseIterable, Sendable {
    /// `follow`: resampling, half speed is an octave down (the default, as before the property).
    case follow = 0
    /// `preserve`: WSOLA overlap-add, the tempo follows the map and the pitch stays.
    case preserve = 1

    /// The registered name of the GEnum type.
    public static let gTypeName = "GstTimeWarpPitch"

    /// The property's default (the C spec's is `TIMEWARP_DEFAULT_PITCH`).
    public static let propertyDefault = AudioPitch.follow

    /// The pitch a GEnum value names (the default for an unknown value).
    public init(gEnumValue: Int32) { self = AudioPitch(rawValue: gEnumValue) ?? .propertyDefault }

    /// This pitch's GEnum value.
    public var gEnumValue: Int32 { rawValue }

    /// The GEnum nick, as users write it.
    public var nick: String {
        switch self {
        case .follow: return "follow"
        case .preserve: return "preserve"
        }
    }

    /// Looks a pitch mode up by its nick; `nil` for an unknown name.
    public init?(nick: String) {
        guard let match = Self.allCases.first(where: { $0.nick == nick }) else { return nil }
        self = match
    }

    /// The GEnum value's description (`value_name`).
    public var summary: String {
        switch self {
        case .follow: return "Follow the speed, as tape does (resampling: half speed is an octave down)"
        case .preserve: return "Preserve the pitch: only the tempo follows the map (WSOLA overlap-add)"
        }
    }
}
