/// Adaptive bisection with the Gauss–Kronrod 7-15 pair.
///
/// A subinterval of width `w` is accepted when its error estimate (the larger of `|K15 - G7|`
/// and the end-gap bound of `GaussKronrod15.apply`) is at most `max(tolerancePerUnit * w,
/// toleranceFloor)`: the first term keeps the total error below `tolerancePerUnit` per unit of
/// width (set it to the relative target times `∫|s|`), the floor lets bisection isolate jumps.
struct AdaptiveQuadrature {
    /// Error allowed per unit width.
    var tolerancePerUnit: Double
    /// Error always allowed on one subinterval.
    var toleranceFloor: Double
    /// Remaining integrand evaluations before giving up.
    var budget: Int

    /// `∫_a^b f`, bisecting until each piece meets the tolerance.
    mutating func integrate(_ f: (Double) -> Double, _ a: Double,
                            _ b: Double) throws(QuadratureFailure) -> Double {
        // Fast path: smooth integrands on short intervals need no subdivision (and no array).
        budget -= 17
        if budget < 0 { throw .budgetExhausted(u: 0.5 * (a + b)) }
        let whole = try GaussKronrod15.apply(f, a, b)
        if max(abs(whole.kronrod - whole.gauss), whole.hidden)
            <= max(tolerancePerUnit * (b - a), toleranceFloor) {
            return whole.kronrod
        }
        var total = 0.0, compensation = 0.0
        // Depth-first, left piece first; at most ~60 pending pieces (one per level).
        let mid = 0.5 * (a + b)
        guard mid > a, mid < b else { throw .singular(u: mid) }
        var pending: [(Double, Double)] = [(mid, b), (a, mid)]
        while let (lo, hi) = pending.popLast() {
            budget -= 17
            if budget < 0 { throw .budgetExhausted(u: 0.5 * (lo + hi)) }
            let r = try GaussKronrod15.apply(f, lo, hi)
            let width = hi - lo
            let error = max(abs(r.kronrod - r.gauss), r.hidden)
            let mid = 0.5 * (lo + hi)
            if error <= max(tolerancePerUnit * width, toleranceFloor) {
                // Kahan summation keeps the sum of many small pieces exact to rounding.
                let y = r.kronrod - compensation
                let t = total + y
                compensation = (t - total) - y
                total = t
            } else if mid <= lo || mid >= hi || width < 0x1p-50 * max(1, abs(mid)) {
                throw .singular(u: mid)
            } else {
                pending.append((mid, hi))
                pending.append((lo, mid))
            }
        }
        return total
    }
}
