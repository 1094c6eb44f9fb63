/// audiotimewarp's `interpolation` property (GEnum `GstTimeWarpInterpolation`; C table in
/// `enums.c`): how `WarpResampler` reconstructs the input signal between input samples (the
/// formulas: docs/mathematics.md#audio-interpolation). The kernels' needs (lookahead) are in
/// TimeWarpAudioCore (`AudioInterpolation+Lookahead.swift`).
///
/// - `linear`: the two-point formula `A[n]*(1-f) + A[n+1]*f`. Cheapest; not anti-aliased: it
///   aliases when speeding up and leaves images when slowing down.
/// - `cubic`: four-point Catmull-Rom spline through `A[n-1] ... A[n+2]`. Smoother than linear,
///   still not anti-aliased.
/// - `sinc`: Kaiser-windowed sinc whose cut-off follows the local speed, so speeding up does not
///   alias; its length, window and guard band come from a `WarpSincQuality`. The element's default.
public enum AudioInterpolation: String, PropertyEnum {
    /// Two-point linear interpolation.
    case linear
    /// Four-point Catmull-Rom cubic interpolation.
    case cubic
    /// Speed-adaptive Kaiser-windowed sinc interpolation (anti-aliased).
    case sinc

    /// The registered name of the GEnum type.
    public static let gTypeName = "GstTimeWarpInterpolation"

    /// The property's default: sinc.
    public static let propertyDefault = AudioInterpolation.sinc

    /// This interpolation's GEnum value.
    public var gEnumValue: Int32 {
        switch self {
        case .linear: return 0
        case .cubic: return 1
        case .sinc: return 2
        }
    }

    /// The GEnum nick, as users write it (the raw value).
    public var nick: String { rawValue }

    /// The GEnum value's description (`value_name`).
    public var summary: String {
        switch self {
        case .linear: return "Linear interpolation between the two neighbouring samples"
        case .cubic: return "Cubic (Catmull-Rom) interpolation over four samples"
        case .sinc: return "Windowed sinc whose cut-off follows the local speed (no aliasing)"
        }
    }
}
