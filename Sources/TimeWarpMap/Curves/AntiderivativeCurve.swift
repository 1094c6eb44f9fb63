/// The curve of `function=antiderivative`: the expression is the integrator `F(u)` itself
/// (docs/mathematics.md#antiderivatives).
///
/// `F(0)` must be 0 within 1e-12 (any such residue is subtracted so `F(0)` is exactly 0).
/// `scale(at:)` is a numerical derivative with step `h = 2⁻¹⁷` (about 7.6e-6): the central
/// difference `(F(u+h) - F(u-h)) / 2h` inside `[h, 1-h]`, and the second-order one-sided
/// differences `(-3F(u) + 4F(u±h) - F(u±2h)) / ±2h` near the ends, so `F` is only evaluated
/// on `[0, 1]`; its error is about `h² |F'''|/6 + 1e-11 |F|`. Past `u = 1` the curve continues
/// with slope `s(1)`; before 0 with slope `s(0)`.
public struct AntiderivativeCurve: TimeScaleCurve {
    /// Step of the numerical derivative.
    public static let derivativeStep = 0x1p-17
    /// The expression for `F(u)` (with `D` bound when it uses `t` or `D`).
    public let expression: Expression
    /// `D` passed to `evaluate` (NaN when unknown).
    private let boundDuration: Double
    /// The expression's value at 0, subtracted from every `F`.
    private let offset: Double
    /// `F(1)`.
    private let endValue: Double
    /// `s(0)` and `s(1)` (slopes of the linear continuations).
    private let startSlope: Double, endSlope: Double

    /// Normalized: positions are fractions of the media duration.
    public var domain: CurveDomain { .normalized }
    /// `0...1`.
    public var validationRange: ClosedRange<Double> { 0...1 }

    /// Wraps `expression` as `F`. Throws when `F(0)` is not 0 (within 1e-12), when the
    /// expression uses `t`/`D` without a valid duration, or naming `u` (and `t`) when `F` or its
    /// derivative is NaN or infinite at one of 1025 evenly spaced check points on `[0, 1]`.
    public static func make(expression: Expression,
                            mediaDuration: Double?) throws(CurveBuildError) -> AntiderivativeCurve {
        let duration = try expression.usableDuration(mediaDuration)
        let (bound, d) = expression.specialized(duration)
        let f0 = bound.evaluate(u: 0, duration: d)
        guard f0.isFinite else {
            throw .notFinite(function: "F", u: 0, seconds: duration.map { _ in 0 }, value: f0)
        }
        guard abs(f0) <= 1e-12 else { throw .antiderivativeNotZeroAtStart(value: f0) }
        let draft = AntiderivativeCurve(expression: bound, boundDuration: d, offset: f0)
        let checks = 1024
        for i in 0...checks {
            let u = Double(i) / Double(checks)
            let f = bound.evaluate(u: u, duration: d)
            guard f.isFinite else {
                throw .notFinite(function: "F", u: u, seconds: duration.map { u * $0 }, value: f)
            }
            let s = draft.derivative(u)
            guard s.isFinite else {
                throw .notFinite(function: "s", u: u, seconds: duration.map { u * $0 }, value: s)
            }
        }
        return draft
    }

    /// Stores the expression and precomputes the end values.
    private init(expression: Expression, boundDuration: Double, offset: Double) {
        self.expression = expression
        self.boundDuration = boundDuration
        self.offset = offset
        let f = { (u: Double) in expression.evaluate(u: u, duration: boundDuration) - offset }
        endValue = f(1)
        startSlope = AntiderivativeCurve.difference(f, at: 0)
        endSlope = AntiderivativeCurve.difference(f, at: 1)
    }

    /// `F` from the expression, shifted so `F(0) == 0`.
    @inline(__always)
    private func f(_ u: Double) -> Double {
        expression.evaluate(u: u, duration: boundDuration) - offset
    }

    /// The finite-difference derivative of `F` at `u` in `[0, 1]`.
    private func derivative(_ u: Double) -> Double {
        AntiderivativeCurve.difference(f, at: u)
    }

    /// The finite-difference derivative of `f` at `u` in `[0, 1]` (see the type's doc),
    /// evaluating `f` only inside `[0, 1]`.
    @inline(__always)
    private static func difference(_ f: (Double) -> Double, at u: Double) -> Double {
        let h = derivativeStep
        if u < h {
            return (-3 * f(u) + 4 * f(u + h) - f(u + 2 * h)) / (2 * h)
        }
        if u > 1 - h {
            return (3 * f(u) - 4 * f(u - h) + f(u - 2 * h)) / (2 * h)
        }
        return (f(u + h) - f(u - h)) / (2 * h)
    }

    /// `s(u) = F'(u)` by finite differences on `[0, 1]`; `s(0)` before, `s(1)` after.
    public func scale(at u: Double) -> Double {
        if u >= 1 { return endSlope }
        if !(u > 0) { return startSlope }
        return derivative(u)
    }

    /// `F(u)`: the expression on `[0, 1]` (exactly 0 at 0), linear outside.
    public func integral(to u: Double) -> Double {
        if u >= 1 { return endValue + endSlope * (u - 1) }
        if !(u > 0) { return u.isNaN ? u : startSlope * u }
        return f(u)
    }
}
