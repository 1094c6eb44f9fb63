import CWarpSIMD

/// The `Float` sinc dot products (F32 input). A row's weights are blended on the fly,
/// `w = row + alpha * step` (see `WarpSincLevel`), and applied to one channel's contiguous
/// samples, in the vector kernels of `CWarpSIMD` (the instruction set chosen once per process).
/// Summation orders depend only on `taps`, so results never depend on buffering, and `dot2` sums
/// each channel exactly as `dot` does.
enum WarpSincDotFloat {
    /// `sum_t (row[t] + alpha * step[t]) * x[t]` for `t < taps`.
    @inline(__always)
    static func dot(_ x: UnsafePointer<Float>, row: UnsafePointer<Float>, step: UnsafePointer<Float>,
                    taps: Int, alpha: Float) -> Float {
        warp_simd_dot_blend_f32(x, row, step, alpha, taps)
    }

    /// `dot` of the same weights with two channels `x` and `y` (one pass, shared weights).
    @inline(__always)
    static func dot2(_ x: UnsafePointer<Float>, _ y: UnsafePointer<Float>, row: UnsafePointer<Float>,
                     step: UnsafePointer<Float>, taps: Int, alpha: Float) -> (Float, Float) {
        var out = SIMD2<Float>()
        withUnsafeMutableBytes(of: &out) { raw in
            warp_simd_dot2_blend_f32(x, y, row, step, alpha, taps, raw.baseAddress?.assumingMemoryBound(to: Float.self))
        }
        return (out[0], out[1])
    }

    /// The blended weights `row[t] + alpha * step[t]` for `t < taps`.
    @inline(__always)
    static func weights(row: UnsafePointer<Float>, step: UnsafePointer<Float>, taps: Int, alpha: Float,
                        into w: UnsafeMutablePointer<Float>) {
        warp_simd_blend_f32(row, step, alpha, taps, w)
    }
}
