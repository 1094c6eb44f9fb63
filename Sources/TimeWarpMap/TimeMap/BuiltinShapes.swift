#if canImport(Glibc)
import Glibc
#endif

/// The formulas of the built-in functions on `0 <= u <= 1` (no continuation): `s` from the table
/// in docs/mathematics.md#built-in-scale-functions and its antiderivative `F` with `F(0) = 0`, each in closed form.
/// A function another property gives (keyframes, expression, remap) has no formula here and
/// computes as `constant`: `TimeMapSettings` never builds a `BuiltinCurve` of one.
enum BuiltinShapes {
    /// `s(u)` of `function` for `0 <= u <= 1`.
    static func scale(_ function: WarpFunction, _ f: Double, _ m: Double, _ u: Double) -> Double {
        switch function {
        case .constant, .keyframes, .expression, .antiderivative, .remap:
            return f
        case .triangle:
            return TriangleShape(factor: f, modifier: m).scale(u)
        case .cosine:
            return f * (cos(cosineRate(m) * u) + 1) + f / 2
        case .taperedCosine:
            return 1 + (f * (cos(cosineRate(m) * u) + 1) + f / 2 - 1) * smoothstep(u)
        case .power:
            return 2 * m * pow(u, f) + m / 2
        case .doubleSmoothstep:
            return DoubleSmoothstepShape(factor: f, modifier: m).scale(u)
        }
    }

    /// `F(u) = ∫₀ᵘ s` of `function` for `0 <= u <= 1`.
    static func integral(_ function: WarpFunction, _ f: Double, _ m: Double, _ u: Double) -> Double {
        switch function {
        case .constant, .keyframes, .expression, .antiderivative, .remap:
            return f * u
        case .triangle:
            return TriangleShape(factor: f, modifier: m).integral(u)
        case .cosine:
            // ∫ f*cos(kv) + 3f/2 = f*sin(ku)/k + 3f/2*u
            let k = cosineRate(m)
            let sine = k == 0 ? u : sin(k * u) / k
            return f * (sine + 1.5 * u)
        case .taperedCosine:
            // s = 1 + (3f/2 - 1)*S(u) + f*cos(ku)*S(u) with S(u) = 3u^2 - 2u^3 on [0, 1]
            let moments = CosineMoments(u: u, k: cosineRate(m))
            return u + (1.5 * f - 1) * smoothstepIntegral(u)
                + f * (3 * moments.second - 2 * moments.third)
        case .power:
            // ∫ 2m v^f + m/2 = 2m u^(f+1)/(f+1) + m u/2, for f > -1
            return 2 * m * pow(u, f + 1) / (f + 1) + m * u / 2
        case .doubleSmoothstep:
            return DoubleSmoothstepShape(factor: f, modifier: m).integral(u)
        }
    }

    /// The angular rate `k = 12 * modifier * pi` of the cosine functions.
    static func cosineRate(_ m: Double) -> Double { 12 * m * Double.pi }

    /// `3x^2 - 2x^3` with `x` clamped to `[0, 1]`.
    static func smoothstep(_ x: Double) -> Double {
        let y = min(max(x, 0), 1)
        return y * y * (3 - 2 * y)
    }

    /// `∫₀ˣ (3v^2 - 2v^3) dv = x^3 - x^4/2` for `0 <= x <= 1`.
    static func smoothstepIntegral(_ x: Double) -> Double {
        x * x * x * (1 - x / 2)
    }
}
