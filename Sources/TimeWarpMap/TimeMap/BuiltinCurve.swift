/// One of the built-in time-scale functions (docs/mathematics.md#built-in-scale-functions) with
/// its `factor` and `modifier`, on the normalized domain `u = t / D`, with closed-form integrals.
///
/// Past `u = 1` the curve continues linearly with slope `s(1)`; before `u = 0` with slope `s(0)`
/// (or 1 where `s(0)` is infinite, as for `power` with `-1 < factor < 0`). Parameters are not
/// checked here (construction never fails); `TimeMap` checks them with `validateParameters()`.
public struct BuiltinCurve: TimeScaleCurve, CustomStringConvertible {
    /// Which built-in function this is (`WarpFunction.builtins`).
    public let function: WarpFunction
    /// The first parameter (amplitude, peak height or exponent, depending on `function`).
    public let factor: Double
    /// The second parameter, in `(0, 1]` (width or frequency, depending on `function`).
    public let modifier: Double

    private let startSlope: Double
    private let endScale: Double
    private let endValue: Double

    /// Creates the curve `function` with the given parameters.
    public init(function: WarpFunction, factor: Double, modifier: Double) {
        self.function = function
        self.factor = factor
        self.modifier = modifier
        let s0 = BuiltinShapes.scale(function, factor, modifier, 0)
        self.startSlope = s0.isFinite ? s0 : 1
        self.endScale = BuiltinShapes.scale(function, factor, modifier, 1)
        self.endValue = BuiltinShapes.integral(function, factor, modifier, 1)
    }

    /// Always `.normalized`: positions are fractions of the media duration.
    public var domain: CurveDomain { .normalized }

    /// Always `0...1`.
    public var validationRange: ClosedRange<Double> { 0...1 }

    /// True exactly for `constant` with `factor == 1`.
    public var isIdentity: Bool { function == .constant && factor == 1 }

    /// `s(u)` (docs/mathematics.md#built-in-scale-functions); `s(1)` past 1 and the start slope
    /// before 0 (docs/mathematics.md#continuation-past-the-end).
    public func scale(at u: Double) -> Double {
        if u > 1 { return endScale }
        if u < 0 { return startSlope }
        return BuiltinShapes.scale(function, factor, modifier, u)
    }

    /// `F(u) = ∫₀ᵘ s` in closed form; linear continuation outside `[0, 1]`.
    public func integral(to u: Double) -> Double {
        if u > 1 { return endValue + endScale * (u - 1) }
        if u < 0 { return startSlope * u }
        return BuiltinShapes.integral(function, factor, modifier, u)
    }

    /// E.g. `"function=power factor=2 modifier=0.5"` (no modifier for `constant`).
    public var description: String {
        let head = "function=\(function.nick) factor=\(TimeMapError.format(factor))"
        if function == .constant { return head }
        return head + " modifier=\(TimeMapError.format(modifier))"
    }

    /// Throws `TimeMapError.invalidParameter` when `factor` is not finite, when `modifier` is not
    /// in `(0, 1]` (ignored for `constant`, which does not use it), or for `power` with
    /// `factor <= -1` (its integral diverges at 0).
    public func validateParameters() throws(TimeMapError) {
        guard factor.isFinite else {
            throw .invalidParameter(name: "factor", value: factor,
                                    reason: "function=\(function.nick) needs a finite factor")
        }
        if function != .constant, !(modifier > 0 && modifier <= 1) {
            throw .invalidParameter(name: "modifier", value: modifier,
                                    reason: "function=\(function.nick) needs a modifier in (0, 1]")
        }
        if function == .power, !(factor > -1) {
            throw .invalidParameter(
                name: "factor", value: factor,
                reason: "function=power needs factor > -1 (the integral of u^factor diverges at u=0)")
        }
    }
}
