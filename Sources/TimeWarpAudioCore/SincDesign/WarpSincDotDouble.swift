/// The `Double` sinc dot products (S16, S32 and F64 input): the two table rows are blended into
/// a weight buffer once per output, then applied to each channel's contiguous samples. Summation
/// orders depend only on `taps`, so results never depend on buffering, and `dot2` sums each
/// channel exactly as `dot` does.
enum WarpSincDotDouble {
    /// The blended weights `row0[t] + alpha * (row1[t] - row0[t])` for `t < taps`.
    @inline(__always)
    static func weights(row0: UnsafePointer<Double>, row1: UnsafePointer<Double>, taps: Int, alpha: Double,
                        into w: UnsafeMutablePointer<Double>) {
        for t in 0..<taps { w[t] = row0[t] + alpha * (row1[t] - row0[t]) }
    }

    /// `sum_t w[t] * x[t]` for `t < taps`.
    @inline(__always)
    static func dot(_ x: UnsafePointer<Double>, weights w: UnsafePointer<Double>, taps: Int) -> Double {
        var a = SIMD2<Double>(), b = SIMD2<Double>()
        var t = 0
        while t &+ 3 < taps {
            a += SIMD2(w[t], w[t &+ 1]) * SIMD2(x[t], x[t &+ 1])
            b += SIMD2(w[t &+ 2], w[t &+ 3]) * SIMD2(x[t &+ 2], x[t &+ 3])
            t &+= 4
        }
        var s = (a + b).sum()
        while t < taps { s += w[t] * x[t]; t &+= 1 }
        return s
    }

    /// `dot` of the same weights with two channels `x` and `y` (one pass).
    @inline(__always)
    static func dot2(_ x: UnsafePointer<Double>, _ y: UnsafePointer<Double>, weights w: UnsafePointer<Double>,
                     taps: Int) -> (Double, Double) {
        var a = SIMD2<Double>(), b = SIMD2<Double>(), c = SIMD2<Double>(), d = SIMD2<Double>()
        var t = 0
        while t &+ 3 < taps {
            let w0 = SIMD2(w[t], w[t &+ 1]), w1 = SIMD2(w[t &+ 2], w[t &+ 3])
            a += w0 * SIMD2(x[t], x[t &+ 1])
            b += w1 * SIMD2(x[t &+ 2], x[t &+ 3])
            c += w0 * SIMD2(y[t], y[t &+ 1])
            d += w1 * SIMD2(y[t &+ 2], y[t &+ 3])
            t &+= 4
        }
        var sx = (a + b).sum(), sy = (c + d).sum()
        while t < taps {
            sx += w[t] * x[t]
            sy += w[t] * y[t]
            t &+= 1
        }
        return (sx, sy)
    }
}
