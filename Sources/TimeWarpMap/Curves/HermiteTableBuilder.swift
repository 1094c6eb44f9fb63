/// Builds a `HermiteTable` for `F(u) = ∫₀ᵘ s` on `[0, 1]` by adaptive bisection.
///
/// Starts from 64 uniform intervals. For an interval `[a, b]` it integrates both halves with
/// `AdaptiveQuadrature`, then compares the Hermite cubic built from the ends with the exact `F`
/// and `s` at the midpoint. Intervals that agree to `interpolationTolerance` are kept (with the
/// midpoint as an extra node, which cuts the remaining error about 16-fold for smooth `s`);
/// others are split and checked again. Kinks and jumps of `s` thus get short intervals, smooth
/// stretches long ones.
struct HermiteTableBuilder {
    /// Uniform starting intervals.
    static let baseIntervals = 64
    /// Most intervals the table may get before the expression counts as too irregular.
    static let maxIntervals = 1 << 15
    /// Most integrand evaluations spent on one table.
    static let evaluationBudget = 1_000_000
    /// Relative accuracy of each quadrature (of `∫₀¹ |s|`).
    static let quadratureTolerance = 1e-13
    /// Largest midpoint disagreement accepted, relative to `max(1, |F|)`.
    static let interpolationTolerance = 1e-10

    /// Tabulates `s`; throws where `s` is not finite, singular, or too irregular.
    static func build(_ s: (Double) -> Double) throws(QuadratureFailure) -> HermiteTable {
        let n = baseIntervals
        let step = 1.0 / Double(n)
        // First pass: the size of ∫|s| (trapezoid on 4n+1 samples), to turn the relative target
        // into absolute tolerances.
        let samples = 4 * n
        var magnitude = 0.0
        for j in 0...samples {
            let v = abs(try sample(s, Double(j) / Double(samples)))
            magnitude += j == 0 || j == samples ? 0.5 * v : v
        }
        let scale = max(magnitude / Double(samples), 1e-300)
        var quadrature = AdaptiveQuadrature(
            tolerancePerUnit: quadratureTolerance * scale,
            toleranceFloor: 1e-15 * scale,
            budget: evaluationBudget)

        let s0 = try sample(s, 0)
        var xs: [Double] = [0], fs: [Double] = [0], ss: [Double] = [s0]
        xs.reserveCapacity(8 * n + 1)
        fs.reserveCapacity(8 * n + 1)
        ss.reserveCapacity(8 * n + 1)
        var intervals = 0

        for j in 0..<n {
            let b0 = j + 1 == n ? 1.0 : Double(j + 1) * step
            // Pending intervals right to left; the right end's F is known except for the base one.
            var pending: [(b: Double, fb: Double?, sb: Double)] = [(b0, nil, try sample(s, b0))]
            while let (b, knownFb, sb) = pending.popLast() {
                let a = xs[xs.count - 1], fa = fs[fs.count - 1], sa = ss[ss.count - 1]
                let m = 0.5 * (a + b), h = b - a
                let sm = try sample(s, m)
                let fm = try fa + quadrature.integrate(s, a, m)
                let fb: Double
                if let knownFb { fb = knownFb } else { fb = try fm + quadrature.integrate(s, m, b) }
                // Hermite cubic on [a, b] at its midpoint: value and slope.
                let hm = 0.5 * (fa + fb) + 0.125 * h * (sa - sb)
                let dm = 1.5 * (fb - fa) / h - 0.25 * (sa + sb)
                let error = max(abs(hm - fm), 0.25 * h * abs(dm - sm))
                let tolerance = interpolationTolerance * max(1, abs(fm))
                if error <= tolerance {
                    xs.append(m); fs.append(fm); ss.append(sm)
                    xs.append(b); fs.append(fb); ss.append(sb)
                    intervals += 2
                } else if h < 0x1p-50 || m <= a || m >= b {
                    throw .singular(u: m)
                } else if intervals + pending.count + 2 > maxIntervals {
                    throw .budgetExhausted(u: m)
                } else {
                    pending.append((b, fb, sb))
                    pending.append((m, fm, sm))
                }
            }
        }
        return HermiteTable(x: xs, f: fs, s: ss)
    }

    /// `s(u)`, refusing NaN and infinities.
    @inline(__always)
    private static func sample(_ s: (Double) -> Double, _ u: Double) throws(QuadratureFailure) -> Double {
        let v = s(u)
        guard v.isFinite else { throw .notFinite(u: u, value: v) }
        return v
    }
}
