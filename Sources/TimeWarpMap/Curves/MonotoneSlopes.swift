#if canImport(Glibc)
import Glibc
#endif

/// Fritsch–Carlson tangents for a monotone piecewise cubic Hermite interpolant.
///
/// Given strictly ascending `x` and values `y`, returns a slope per key such that the cubic
/// Hermite piece on every interval is monotone, so it stays between the values of its two keys
/// (no overshoot). Flat intervals and local extrema get zero slopes.
func fritschCarlsonSlopes(x: [Double], y: [Double]) -> [Double] {
    let n = x.count
    guard n >= 2 else { return [Double](repeating: 0, count: n) }
    var delta = [Double](repeating: 0, count: n - 1)
    for k in 0..<(n - 1) {
        delta[k] = (y[k + 1] - y[k]) / (x[k + 1] - x[k])
    }
    var m = [Double](repeating: 0, count: n)
    m[0] = delta[0]
    m[n - 1] = delta[n - 2]
    if n > 2 {
        for k in 1..<(n - 1) {
            // Average of the secants, or zero at a local extremum.
            m[k] = delta[k - 1] * delta[k] > 0 ? (delta[k - 1] + delta[k]) / 2 : 0
        }
    }
    for k in 0..<(n - 1) {
        if delta[k] == 0 {
            m[k] = 0
            m[k + 1] = 0
            continue
        }
        let alpha = m[k] / delta[k]
        let beta = m[k + 1] / delta[k]
        // Slopes pointing against the secant would overshoot: flatten them.
        if alpha < 0 { m[k] = 0 }
        if beta < 0 { m[k + 1] = 0 }
        let a = max(alpha, 0), b = max(beta, 0)
        let r = a * a + b * b
        if r > 9 {
            let tau = 3 / sqrt(r)
            m[k] = tau * a * delta[k]
            m[k + 1] = tau * b * delta[k]
        }
    }
    return m
}
