/// audiotimewarp's `pitch` property (GEnum `GstTimeWarpPitch`): whether the pitch follows the
/// speed, as on tape (`WarpResampler`), or stays while only the tempo follows the map
/// (`WarpStretcher`).
enum AudioPitch: Int32, Sendable {
    /// `follow`: resampling, half speed is an octave down (the default, as before the property).
    case follow = 0
    /// `preserve`: WSOLA overlap-add, the tempo follows the map and the pitch stays.
    case preserve = 1

    /// The pitch a GEnum value names (follow for an unknown value).
    init(gEnumValue: Int32) { self = AudioPitch(rawValue: gEnumValue) ?? .follow }

    /// This pitch's GEnum value.
    var gEnumValue: Int32 { rawValue }
}
