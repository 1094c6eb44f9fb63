import CWarpSIMD

/// A point's table row and blend in one integer, as the run kernels of `CWarpSIMD` read them
/// (`sinc2k_f32` and relatives): `phi << 21 | q` for row `phi` and blend `q / 2^20`
/// (`0 <= q <= 2^20`, see `WarpSincKernel.quantum`). One key per point makes a plan smaller and
/// gives the row cache one value to compare.
enum WarpSincPhaseKey {
    /// Bits of the blend's numerator (`WARP_SIMD_KEY_SHIFT`).
    static var shift: Int { Int(WARP_SIMD_KEY_SHIFT) }

    /// The key of row `phi` and blend numerator `q`.
    @inline(__always)
    static func make(_ phi: Int, _ q: Int) -> Int { phi &<< shift | q }

    /// The row offset `phi * stride` of `key`.
    @inline(__always)
    static func row(_ key: Int, stride: Int) -> Int { (key &>> shift) &* stride }

    /// The blend `q / 2^20` of `key` (exact in `Float` and `Double`, as the kernels make it).
    @inline(__always)
    static func blend<W: WarpWorkSample>(_ key: Int) -> W {
        W(warpDouble: Double(key & (1 &<< shift &- 1)) * 0x1p-20)
    }
}
