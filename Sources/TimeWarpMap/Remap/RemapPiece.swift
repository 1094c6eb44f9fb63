/// One piece of a remap curve, between two keys `τ0 < τ1`: a constant (hold or freeze), a
/// straight line, or a cubic Hermite curve whose end tangents keep it monotone.
struct RemapPiece: Sendable, Equatable {
    /// How the piece is evaluated.
    enum Shape: Sendable, Equatable {
        /// `p = t0` over the whole piece.
        case constant
        /// `p = t0 + (τ - τ0) · (t1 - t0) / (τ1 - τ0)`.
        case linear
        /// Cubic Hermite with end slopes `m0`, `m1` (input seconds per output second).
        case hermite(m0: Double, m1: Double)
    }

    /// Output time where the piece starts (s).
    let τ0: Double
    /// Output time where the piece ends (s), greater than `τ0`.
    let τ1: Double
    /// Input time at `τ0` (s).
    let t0: Double
    /// Input time the piece reaches at `τ1` (s); equal to `t0` for a constant.
    let t1: Double
    /// The evaluation.
    let shape: Shape

    /// Output length of the piece (s).
    var length: Double { τ1 - τ0 }
    /// The input times the piece covers, as a range.
    var inputRange: ClosedRange<Double> { min(t0, t1)...max(t0, t1) }
    /// +1 moving forward, -1 backward, 0 constant.
    var direction: Int { shape == .constant || t0 == t1 ? 0 : (t1 > t0 ? 1 : -1) }

    /// `p(τ)` for `τ` in `τ0...τ1` (clamped to it).
    func value(at τ: Double) -> Double {
        let s = fraction(of: τ)
        switch shape {
        case .constant: return t0
        case .linear: return s >= 1 ? t1 : t0 + (t1 - t0) * s
        case .hermite(let m0, let m1):
            if s >= 1 { return t1 }
            let s2 = s * s, s3 = s2 * s
            let h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s
            let h01 = -2 * s3 + 3 * s2, h11 = s3 - s2
            return t0 * h00 + length * m0 * h10 + t1 * h01 + length * m1 * h11
        }
    }

    /// `p'(τ)`, the speed (input seconds per output second).
    func slope(at τ: Double) -> Double {
        switch shape {
        case .constant: return 0
        case .linear: return (t1 - t0) / length
        case .hermite(let m0, let m1):
            let s = fraction(of: τ), s2 = s * s
            let d00 = 6 * s2 - 6 * s, d10 = 3 * s2 - 4 * s + 1
            let d01 = -6 * s2 + 6 * s, d11 = 3 * s2 - 2 * s
            return (t0 * d00 + t1 * d01) / length + m0 * d10 + m1 * d11
        }
    }

    /// The output time in `τ0...τ1` at which the piece shows input `t`, for a moving piece and
    /// `t` within `inputRange` (clamped to it): closed form for lines, bisection for cubics (the
    /// piece is monotone, so 64 halvings reach the double next to the root).
    func outputTime(showing t: Double) -> Double {
        let lo = inputRange.lowerBound, hi = inputRange.upperBound
        let target = min(max(t, lo), hi)
        switch shape {
        case .constant: return τ0
        case .linear:
            if target == t1 { return τ1 }
            return τ0 + (target - t0) * (length / (t1 - t0))
        case .hermite:
            if target == t0 { return τ0 }
            if target == t1 { return τ1 }
            let rising = t1 > t0
            var a = τ0, b = τ1
            for _ in 0..<64 {
                let mid = a + (b - a) / 2
                guard mid > a, mid < b else { break }
                if (value(at: mid) < target) == rising { a = mid } else { b = mid }
            }
            return a + (b - a) / 2
        }
    }

    /// The output times `[from, to)` of this piece at which the input shown lies in `a..<b`,
    /// nil when there are none.
    func outputSpan(showingInput a: Double, _ b: Double) -> Range<Double>? {
        guard b > a else { return nil }
        switch direction {
        case 0:
            return (t0 >= a && t0 < b) ? τ0..<τ1 : nil
        case 1:
            let lo = max(a, t0), hi = min(b, t1)
            guard hi > lo || (lo == t0 && t0 >= a && t0 < b && hi >= lo) else { return nil }
            let from = outputTime(showing: lo)
            let to = hi >= t1 ? τ1 : outputTime(showing: hi)
            return to > from ? from..<to : nil
        default:
            // Backwards: input t in [a, b) is shown after the piece passed b, until it passes a.
            let lo = max(a, t1), hi = min(b, t0)
            guard hi >= lo else { return nil }
            let from = hi >= t0 ? τ0 : outputTime(showing: hi)
            let to = lo <= t1 ? τ1 : outputTime(showing: lo)
            return to > from ? from..<to : nil
        }
    }

    /// `(τ - τ0) / (τ1 - τ0)` clamped to `0...1` (0 for NaN).
    private func fraction(of τ: Double) -> Double {
        let s = (τ - τ0) / length
        return s.isNaN ? 0 : min(max(s, 0), 1)
    }
}
