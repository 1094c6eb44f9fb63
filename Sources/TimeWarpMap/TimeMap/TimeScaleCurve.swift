/// The unit a curve's positions are measured in.
public enum CurveDomain: Sendable, Equatable {
    /// Positions are fractions `u = t / D` of the media duration `D`; the map needs `D`.
    case normalized
    /// Positions are seconds of media time; the map works without knowing `D`.
    case seconds
}

/// An instantaneous time-scale function `s` together with its integral `F(x) = ∫₀ˣ s`.
///
/// Conforming types must be total: defined for every `x >= 0`, continuing past the end of
/// `validationRange` with slope `scale(at: validationRange.upperBound)`. `integral(to:)` must be
/// O(1) (closed form or a prebuilt table), never a fresh quadrature per call.
public protocol TimeScaleCurve: Sendable {
    /// The unit of `x` in `scale(at:)` and `integral(to:)`.
    var domain: CurveDomain { get }
    /// The part of the domain the curve describes explicitly (`0...1` for normalized curves);
    /// validation checks that `F` increases here, and the curve continues linearly past it.
    var validationRange: ClosedRange<Double> { get }
    /// `s(x)`: how much a short interval around `x` is stretched.
    func scale(at x: Double) -> Double
    /// `F(x) = ∫₀ˣ s(v) dv`.
    func integral(to x: Double) -> Double
    /// True when `F(x) == x` exactly for all `x` (lets elements pass data through untouched).
    var isIdentity: Bool { get }
}

extension TimeScaleCurve {
    /// By default a curve is not known to be the identity.
    public var isIdentity: Bool { false }
}
