/// How `WarpResampler` reconstructs the input signal between input samples (the formulas:
/// docs/mathematics.md#audio-interpolation).
///
/// - `linear`: the two-point formula `A[n]*(1-f) + A[n+1]*f`. Cheapest; not anti-aliased: it
///   aliases when speeding up and leaves images when slowing down.
/// - `cubic`: four-point Catmull-Rom spline through `A[n-1] ... A[n+2]`. Smoother than linear,
///   still not anti-aliased.
/// - `sinc`: Kaiser-windowed sinc whose cut-off follows the local speed, so speeding up does not
///   alias; its length, window and guard band come from a `WarpSincQuality` (see `WarpResampler`).
///   The element's default.
public enum AudioInterpolation: String, CaseIterable, Sendable {
    /// Two-point linear interpolation.
    case linear
    /// Four-point Catmull-Rom cubic interpolation.
    case cubic
    /// Speed-adaptive Kaiser-windowed sinc interpolation (anti-aliased).
    case sinc

    /// Input samples the kernel needs beyond the sample at or below a control point when the
    /// local scale is 1 or more (slowing down or unit speed). For `sinc` this grows when speeding
    /// up, up to `maxLookahead`.
    public var nominalLookahead: Int { nominalLookahead(quality: .standard) }

    /// `nominalLookahead` with the sinc kernel of `quality` (linear and cubic ignore it).
    public func nominalLookahead(quality: WarpSincQuality) -> Int {
        switch self {
        case .linear: return 1
        case .cubic: return 2
        case .sinc: return quality.halfWidth + 1
        }
    }

    /// The largest lookahead (in input samples) the kernel can ever need, at any speed.
    public var maxLookahead: Int {
        switch self {
        case .linear: return 1
        case .cubic: return 2
        case .sinc: return WarpSincTable.maxHalfWidth + 1
        }
    }
}
