/// What each `AudioInterpolation` kernel needs of the input (the enum itself, the `interpolation`
/// property's values, is in TimeWarpProperties).
extension AudioInterpolation {
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
