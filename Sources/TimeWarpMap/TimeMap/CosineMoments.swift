#if canImport(Glibc)
import Glibc
#endif

/// The moments `∫₀ᵘ v² cos(kv) dv` and `∫₀ᵘ v³ cos(kv) dv` that the tapered cosine's integral
/// needs, in closed form (integration by parts), switching to the Taylor series of the integrand
/// where `|k u| <= 2` to avoid the cancellation of the closed form there.
struct CosineMoments {
    /// `∫₀ᵘ v² cos(kv) dv`.
    let second: Double
    /// `∫₀ᵘ v³ cos(kv) dv`.
    let third: Double

    /// Computes both moments for upper limit `u` and angular rate `k`.
    init(u: Double, k: Double) {
        let x = k * u
        if abs(x) <= 2 {
            // cos(kv) = Σ (-1)^n (kv)^(2n) / (2n)!, so
            // ∫₀ᵘ v^p cos(kv) dv = u^(p+1) Σ (-1)^n x^(2n) / ((2n)! (2n+p+1)).
            var term = 1.0
            var sum2 = 0.0
            var sum3 = 0.0
            for n in 0..<18 {
                let twoN = Double(2 * n)
                sum2 += term / (twoN + 3)
                sum3 += term / (twoN + 4)
                term *= -x * x / ((twoN + 1) * (twoN + 2))
            }
            let u3 = u * u * u
            second = u3 * sum2
            third = u3 * u * sum3
        } else {
            // With x = ku:  k³ ∫ = x² sin x + 2x cos x - 2 sin x
            //               k⁴ ∫ = x³ sin x + 3x² cos x - 6x sin x - 6 cos x + 6
            let sn = sin(x)
            let cs = cos(x)
            let k2 = k * k
            second = (x * x * sn + 2 * x * cs - 2 * sn) / (k2 * k)
            third = (x * x * x * sn + 3 * x * x * cs - 6 * x * sn - 6 * cs + 6) / (k2 * k2)
        }
    }
}
