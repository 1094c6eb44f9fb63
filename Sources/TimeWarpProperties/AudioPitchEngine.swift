/// audiotimewarp's `pitch-engine` property (GEnum `GstTimeWarpPitchEngine`, raw value = GEnum
/// value; C table in `enums.c`): which engine keeps the pitch under `pitch=preserve`, WSOLA
/// overlap-add (`WarpStretcher`) or the phase vocoder (`WarpSpectralStretcher`).
public enum AudioPitchEngine: Int32, PropertyEnum {
    /// `wsola`: overlap-add of 30 ms windows moved to match the waveform (38 ms latency).
    case wsola = 0
    /// `spectral`: a phase vocoder with phase locking and transients kept (43 ms grains, 171 ms
    /// below 500 Hz).
    case spectral = 1

    /// The registered name of the GEnum type.
    public static let gTypeName = "GstTimeWarpPitchEngine"

    /// The property's default (chosen on the `make pitch-quality` table, docs/audio.md).
    public static let propertyDefault = AudioPitchEngine.wsola

    /// The GEnum nick, as users write it.
    public var nick: String {
        switch self {
        case .wsola: return "wsola"
        case .spectral: return "spectral"
        }
    }

    /// The GEnum value's description (`value_name`).
    public var summary: String {
        switch self {
        case .wsola: return "WSOLA: overlap-add of 30 ms windows aligned on the waveform (38 ms latency)"
        case .spectral: return "Spectral: phase vocoder with phase locking and phase reset at transients (43 ms grains, 171 ms below 500 Hz; 173 ms latency)"
        }
    }
}
