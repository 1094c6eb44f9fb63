/// A curve supplied by application code as Swift closures: the scale `s` and the integrator `F`.
///
/// The closures are only called inside `validationRange`; outside it the curve continues
/// linearly with the slope at the nearer end, as `TimeScaleCurve` requires. The closures must be
/// cheap (O(1)): `TimeMap` calls them for every timestamp it maps.
public struct ClosureCurve: TimeScaleCurve, CustomStringConvertible {
    /// The unit of the closures' argument.
    public let domain: CurveDomain
    /// Where the closures describe the curve; it continues linearly outside.
    public let validationRange: ClosedRange<Double>
    /// A name for messages, e.g. `"function=antiderivative"`.
    public let label: String

    private let scaleFunction: @Sendable (Double) -> Double
    private let integralFunction: @Sendable (Double) -> Double
    private let lowerScale: Double
    private let lowerValue: Double
    private let upperScale: Double
    private let upperValue: Double

    /// Wraps a scale function `s` and its integral `F` (with `F(0) = 0`), both given on
    /// `validationRange` in units of `domain`.
    public init(domain: CurveDomain, validationRange: ClosedRange<Double>,
                scale: @escaping @Sendable (Double) -> Double,
                integral: @escaping @Sendable (Double) -> Double,
                label: String = "custom curve") {
        self.domain = domain
        self.validationRange = validationRange
        self.label = label
        self.scaleFunction = scale
        self.integralFunction = integral
        let lower = validationRange.lowerBound
        let upper = validationRange.upperBound
        lowerScale = scale(lower)
        lowerValue = integral(lower)
        upperScale = scale(upper)
        upperValue = integral(upper)
    }

    /// Wraps an integrator `F` alone (e.g. `u/2`, `2*u`, `u*u/2`). The scale is derived
    /// from `F` by finite differences (central inside the range, one-sided second order at its
    /// ends), so `scale(at:)` is approximate (about 1e-10 relative for smooth `F`); `integral(to:)`
    /// is `F` itself.
    public init(domain: CurveDomain, validationRange: ClosedRange<Double>,
                integral: @escaping @Sendable (Double) -> Double,
                label: String = "custom curve") {
        let lower = validationRange.lowerBound
        let upper = validationRange.upperBound
        self.init(domain: domain, validationRange: validationRange,
                  scale: { x in
                      ClosureCurve.derivative(of: integral, at: x, lower: lower, upper: upper)
                  },
                  integral: integral, label: label)
    }

    /// `s(x)` from the closure inside the range, the slope at the nearer end outside.
    public func scale(at x: Double) -> Double {
        if x > validationRange.upperBound { return upperScale }
        if x < validationRange.lowerBound { return lowerScale }
        return scaleFunction(x)
    }

    /// `F(x)` from the closure inside the range, continued linearly outside.
    public func integral(to x: Double) -> Double {
        let upper = validationRange.upperBound
        let lower = validationRange.lowerBound
        if x > upper { return upperValue + upperScale * (x - upper) }
        if x < lower { return lowerValue + lowerScale * (x - lower) }
        return integralFunction(x)
    }

    /// The `label`.
    public var description: String { label }

    /// A finite-difference derivative of `f` at `x` that evaluates `f` only inside
    /// `lower...upper` when the range is wide enough (step about `6e-6` times the scale of `x`).
    static func derivative(of f: (Double) -> Double, at x: Double,
                           lower: Double, upper: Double) -> Double {
        let width = upper - lower
        var h = 0x1p-17 * max(1, abs(x))
        if width > 0, width.isFinite { h = min(h, width / 4) }
        if x - h < lower, x + 2 * h <= upper {
            let x1 = x + h
            let x2 = x + 2 * h
            return (-3 * f(x) + 4 * f(x1) - f(x2)) / (x2 - x)
        }
        if x + h > upper, x - 2 * h >= lower {
            let x1 = x - h
            let x2 = x - 2 * h
            return (3 * f(x) - 4 * f(x1) + f(x2)) / (x - x2)
        }
        let xp = x + h
        let xm = x - h
        return (f(xp) - f(xm)) / (xp - xm)
    }
}
