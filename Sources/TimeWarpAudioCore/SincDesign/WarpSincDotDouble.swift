import CWarpSIMD

/// The `Double` sinc dot products (S16, S32 and F64 input): the two table rows are blended into
/// a weight buffer once per output, then applied to each channel's contiguous samples. Both run
/// in the vector kernels of `CWarpSIMD` (the instruction set chosen once per process). Summation
/// orders depend only on `taps`, so results never depend on buffering, and `dot2` sums each
/// channel exactly as `dot` does.
enum WarpSincDotDouble {
    /// The blended weights `row0[t] + alpha * (row1[t] - row0[t])` for `t < taps`.
    @inline(__always)
    static func weights(row0: UnsafePointer<Double>, row1: UnsafePointer<Double>, taps: Int, alpha: Double,
                        into w: UnsafeMutablePointer<Double>) {
        warp_simd_blend_f64(row0, row1, alpha, taps, w)
    }

    /// `sum_t w[t] * x[t]` for `t < taps`.
    @inline(__always)
    static func dot(_ x: UnsafePointer<Double>, weights w: UnsafePointer<Double>, taps: Int) -> Double {
        warp_simd_dot_f64(x, w, taps)
    }

    /// `dot` of the same weights with two channels `x` and `y` (one pass).
    @inline(__always)
    static func dot2(_ x: UnsafePointer<Double>, _ y: UnsafePointer<Double>, weights w: UnsafePointer<Double>,
                     taps: Int) -> (Double, Double) {
        var out = SIMD2<Double>()
        withUnsafeMutableBytes(of: &out) { raw in
            warp_simd_dot2_f64(x, y, w, taps, raw.baseAddress?.assumingMemoryBound(to: Double.self))
        }
        return (out[0], out[1])
    }
}
