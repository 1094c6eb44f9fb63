import CWarpSIMD

/// Runs of two-channel sinc outputs in one call of the vector kernels (`CWarpSIMD`): point `i`
/// reads the taps at offset `plan[2i]` of each channel and the table row and blend its phase key
/// `plan[2i + 1]` stands for in a table of `phases` rows (`WarpSincPhaseKey`), and writes its frame to `out + 2i`. Each output
/// is exactly what `WarpSincDotFloat.dot2` (F32) or `WarpSincDotDouble.weights` then `dot2`
/// (the other formats) make of that point.
enum WarpSincRun {
    /// The run of `count` points (see the type); `weights` is scratch for `taps` values.
    @inline(__always)
    static func run2<W: WarpWorkSample>(_ left: UnsafePointer<W>, _ right: UnsafePointer<W>,
                                        tables: WarpSincTables<W>, phases: Int, taps: Int, plan: UnsafePointer<Int>,
                                        count: Int, weights: UnsafeMutablePointer<W>, out: UnsafeMutablePointer<W>) {
        if W.self == Float.self {
            warp_simd_sinc2k_f32(floats(left), floats(right), floats(tables.rows), floats(tables.steps), tables.stride,
                                 phases, taps, plan, count, floats(out))
        } else if W.self == Double.self {
            warp_simd_sinc2k_f64(doubles(left), doubles(right), doubles(tables.rows), tables.stride, phases, taps, plan,
                                 count, doubles(weights), doubles(out))
        } else {
            // No other working type exists; the one-output form covers any.
            for i in 0..<count {
                let x = plan[2 &* i]
                let (row, alpha): (Int, W) = WarpSincPhaseKey.rowAndBlend(plan[2 &* i &+ 1], phases: phases,
                                                                           stride: tables.stride)
                W.sincPrepare(tables, row: row, taps: taps, alpha: alpha, weights: weights)
                let (l, r) = W.sincDot2(left + x, right + x, tables: tables, row: row, taps: taps, alpha: alpha,
                                        weights: weights)
                out[2 &* i] = l
                out[2 &* i &+ 1] = r
            }
        }
    }

    @inline(__always)
    private static func floats<T>(_ p: UnsafePointer<T>) -> UnsafePointer<Float> {
        UnsafeRawPointer(p).assumingMemoryBound(to: Float.self)
    }

    @inline(__always)
    private static func floats<T>(_ p: UnsafeMutablePointer<T>) -> UnsafeMutablePointer<Float> {
        UnsafeMutableRawPointer(p).assumingMemoryBound(to: Float.self)
    }

    @inline(__always)
    private static func doubles<T>(_ p: UnsafePointer<T>) -> UnsafePointer<Double> {
        UnsafeRawPointer(p).assumingMemoryBound(to: Double.self)
    }

    @inline(__always)
    private static func doubles<T>(_ p: UnsafeMutablePointer<T>) -> UnsafeMutablePointer<Double> {
        UnsafeMutableRawPointer(p).assumingMemoryBound(to: Double.self)
    }
}
