/// The closed forms of one keyframe piece `[x0, x0 + h]` from value `a` to value `b`.
///
/// With `τ = (x - x0) / h`, `value(τ)` is `s` and `integral(τ)` is `∫_{x0}^{x} s` (so
/// `integral(1)` is the whole piece's area). `m0`, `m1` are the cubic's end slopes per unit `x`.
struct KeyframeSegment: Sendable {
    /// Start position.
    let x0: Double
    /// Width (> 0).
    let h: Double
    /// Value at the start key.
    let a: Double
    /// Value at the end key.
    let b: Double
    /// Shape.
    let ease: KeyframeEase
    /// Cubic tangent at the start, scaled by `h` (per unit τ).
    let t0: Double
    /// Cubic tangent at the end, scaled by `h` (per unit τ).
    let t1: Double

    /// Creates a piece; `m0`, `m1` are only used by `.cubic`.
    init(x0: Double, x1: Double, a: Double, b: Double, ease: KeyframeEase,
         m0: Double, m1: Double) {
        self.x0 = x0
        self.h = x1 - x0
        self.a = a
        self.b = b
        self.ease = ease
        self.t0 = m0 * (x1 - x0)
        self.t1 = m1 * (x1 - x0)
    }

    /// `s` at `τ` in `[0, 1]`.
    func value(_ t: Double) -> Double {
        switch ease {
        case .linear:
            return a + (b - a) * t
        case .hold:
            return a
        case .smooth:
            return a + (b - a) * (t * t * (3 - 2 * t))
        case .cubic:
            let t2 = t * t, t3 = t2 * t
            let h00 = 2 * t3 - 3 * t2 + 1
            let h10 = t3 - 2 * t2 + t
            let h01 = 3 * t2 - 2 * t3
            let h11 = t3 - t2
            return h00 * a + h10 * t0 + h01 * b + h11 * t1
        }
    }

    /// `∫ s` from the start of the piece to `τ` in `[0, 1]`, in closed form.
    func integral(_ t: Double) -> Double {
        switch ease {
        case .linear:
            return h * t * (a + (b - a) * t / 2)
        case .hold:
            return h * t * a
        case .smooth:
            // ∫₀^τ (3v² - 2v³) dv = τ³ - τ⁴/2
            let t3 = t * t * t
            return h * (a * t + (b - a) * (t3 - t3 * t / 2))
        case .cubic:
            let t2 = t * t, t3 = t2 * t, t4 = t3 * t
            let i00 = t4 / 2 - t3 + t
            let i10 = t4 / 4 - 2 * t3 / 3 + t2 / 2
            let i01 = t3 - t4 / 2
            let i11 = t4 / 4 - t3 / 3
            return h * (i00 * a + i10 * t0 + i01 * b + i11 * t1)
        }
    }
}
