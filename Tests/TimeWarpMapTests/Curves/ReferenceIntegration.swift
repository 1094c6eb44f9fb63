#if canImport(Glibc)
import Glibc
#endif

/// Composite Simpson rule, independent of the library's quadrature: `intervals` (even) panels
/// on each piece between consecutive `breakpoints` (kinks or jumps of `f` must be breakpoints
/// so every piece is smooth).
func curveSimpson(_ f: (Double) -> Double, from a: Double, to b: Double,
             intervals: Int = 100_000, breakpoints: [Double] = []) -> Double {
    let cuts = [a] + breakpoints.filter { $0 > a && $0 < b }.sorted() + [b]
    var total = 0.0
    for k in 0..<(cuts.count - 1) {
        let lo = cuts[k], hi = cuts[k + 1]
        let n = max(2, intervals / (cuts.count - 1) / 2 * 2)
        let h = (hi - lo) / Double(n)
        // Evaluate just inside the ends so a jump at a breakpoint uses this piece's side.
        var sum = f(lo.nextUp) + f(hi.nextDown)
        for i in 1..<n {
            sum += (i % 2 == 1 ? 4 : 2) * f(lo + Double(i) * h)
        }
        total += sum * h / 3
    }
    return total
}
