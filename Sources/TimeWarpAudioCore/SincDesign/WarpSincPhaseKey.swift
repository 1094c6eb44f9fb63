import CWarpSIMD

/// A point's table row and blend in one integer, as the run kernels of `CWarpSIMD` read them
/// (`sinc2k_f32` and relatives): the phase `f * phases` in units of 2^-20 of a row, rounded
/// (`WarpSincKernel.phaseUnits`), `0 ... phases * 2^20`. Its row is `min(key >> 20, phases - 1)`
/// and its blend the rest over 2^20 (`0 ... 1`): `WarpSincKernel.blend`'s row and blend. One key
/// per point makes a plan smaller and gives the row cache one value to compare.
enum WarpSincPhaseKey {
    /// Bits of a key below the row (`WARP_SIMD_KEY_BITS`).
    static var bits: Int { Int(WARP_SIMD_KEY_BITS) }

    /// The row of `key` in a table of `phases` rows (plus the last).
    @inline(__always)
    static func phi(_ key: Int, phases: Int) -> Int { min(key &>> bits, phases &- 1) }

    /// The blend numerator `q` (`0 ... 2^20`) of `key` at row `phi`.
    @inline(__always)
    static func numerator(_ key: Int, phi: Int) -> Int { key &- (phi &<< bits) }

    /// The row offset `phi * stride` and the blend `q / 2^20` of `key` (exact in `Float` and
    /// `Double`, as the kernels make it).
    @inline(__always)
    static func rowAndBlend<W: WarpWorkSample>(_ key: Int, phases: Int, stride: Int) -> (row: Int, alpha: W) {
        let phi = phi(key, phases: phases)
        return (phi &* stride, W(warpDouble: Double(numerator(key, phi: phi)) * 0x1p-20))
    }
}
