/// The precision `WarpResampler` holds its input window and output in: `Float` for F32 input
/// (held exactly, half the memory traffic, and sinc dot products four lanes per SSE vector),
/// `Double` for the other formats.
///
/// - Linear and cubic interpolation evaluate in `Double` whatever the working type (a `Float`
///   window widens exactly), so their F32 output is the `Double` result rounded to `Float`.
/// - The sinc kernel takes weights (rounded from the same `Double` tables), products and sums in
///   the working type: for F32 that is about 1e-7 relative, far below the kernel's stop-band.
protocol WarpWorkSample: BinaryFloatingPoint, Sendable {
    /// The value widened to `Double` (exact).
    var warpDouble: Double { get }
    /// `value` rounded to this type.
    init(warpDouble value: Double)
    /// Stores `v` rounded to this type at `p` and `p + 1`.
    static func warpStorePair(_ v: SIMD2<Double>, to p: UnsafeMutablePointer<Self>)
    /// `(p[0] * g + p[2] * f, p[1] * g + p[3] * f)` in `Double`: linear interpolation between
    /// two consecutive interleaved stereo frames.
    static func warpLerpFrames(_ p: UnsafePointer<Self>, _ g: Double, _ f: Double) -> SIMD2<Double>

    /// Takes the resampler's store in this type out of `slot`, leaving it empty (a store in the
    /// other type is converted); `nil` when the slot is empty.
    static func takeStore(_ slot: inout WarpStoreSlot) -> WarpSampleStore<Self>?
    /// Puts `store` into `slot`.
    static func putStore(_ store: consuming WarpSampleStore<Self>, into slot: inout WarpStoreSlot)

    /// `level`'s tables in this type.
    static func sincTables(_ level: WarpSincLevel) -> WarpSincTables<Self>
    /// `direct`'s row in this type as a one-row table (row 0, blend 0).
    static func sincTables(direct: WarpSincDirectRow) -> WarpSincTables<Self>
    /// Writes the weights of the table row at offset `row` (`phi * tables.stride`) blended towards
    /// the next row by `alpha` into `weights` (`taps` values).
    static func sincWeights(_ tables: WarpSincTables<Self>, row: Int, taps: Int, alpha: Self,
                            into weights: UnsafeMutablePointer<Self>)
    /// Readies one output's weights for `sincDot`/`sincDot2` (`weights`: scratch for `taps`
    /// values, which some types fill here and read there).
    static func sincPrepare(_ tables: WarpSincTables<Self>, row: Int, taps: Int, alpha: Self,
                            weights: UnsafeMutablePointer<Self>)
    /// One channel's output from its `taps` contiguous samples at `x`.
    static func sincDot(_ x: UnsafePointer<Self>, tables: WarpSincTables<Self>, row: Int, taps: Int,
                        alpha: Self, weights: UnsafePointer<Self>) -> Self
    /// `sincDot` for two channels at once.
    static func sincDot2(_ x: UnsafePointer<Self>, _ y: UnsafePointer<Self>, tables: WarpSincTables<Self>,
                         row: Int, taps: Int, alpha: Self, weights: UnsafePointer<Self>) -> (Self, Self)
}

extension Float: WarpWorkSample {
    @inline(__always) var warpDouble: Double { Double(self) }

    @inline(__always) init(warpDouble value: Double) { self.init(value) }

    @inline(__always)
    static func warpStorePair(_ v: SIMD2<Double>, to p: UnsafeMutablePointer<Float>) {
        p[0] = Float(v[0])
        p[1] = Float(v[1])
    }

    /// One 16-byte load of both frames and two widenings.
    @inline(__always)
    static func warpLerpFrames(_ p: UnsafePointer<Float>, _ g: Double, _ f: Double) -> SIMD2<Double> {
        let v = UnsafeRawPointer(p).loadUnaligned(as: SIMD4<Float>.self)
        let a = SIMD2<Double>(Double(v[0]), Double(v[1])), b = SIMD2<Double>(Double(v[2]), Double(v[3]))
        return a * g + b * f
    }

    static func takeStore(_ slot: inout WarpStoreSlot) -> WarpSampleStore<Float>? {
        let taken = consume slot
        slot = .empty
        switch consume taken {
        case .empty: return nil
        case .float(let store): return store
        case .double(let store): return WarpSampleStore(converting: store)
        }
    }

    static func putStore(_ store: consuming WarpSampleStore<Float>, into slot: inout WarpStoreSlot) {
        slot = .float(store)
    }

    /// Rows and steps (`WarpSincLevel.floatRows`, `floatSteps`).
    /// The row and the zero row after it as its steps.
    static func sincTables(direct: WarpSincDirectRow) -> WarpSincTables<Float> {
        WarpSincTables(rows: UnsafePointer(direct.floats), steps: UnsafePointer(direct.floats + WarpSincDirectRow.capacity),
                       stride: WarpSincDirectRow.capacity)
    }

    @inline(__always)
    static func sincTables(_ level: WarpSincLevel) -> WarpSincTables<Float> {
        WarpSincTables(rows: UnsafePointer(level.floatRows), steps: UnsafePointer(level.floatSteps),
                       stride: level.floatStride)
    }

    @inline(__always)
    static func sincWeights(_ tables: WarpSincTables<Float>, row: Int, taps: Int, alpha: Float,
                            into weights: UnsafeMutablePointer<Float>) {
        let o = row
        WarpSincDotFloat.weights(row: tables.rows + o, step: tables.steps + o, taps: taps, alpha: alpha,
                                 into: weights)
    }

    /// Nothing: the `Float` dot products blend the weights on the fly.
    @inline(__always)
    static func sincPrepare(_ tables: WarpSincTables<Float>, row: Int, taps: Int, alpha: Float,
                            weights: UnsafeMutablePointer<Float>) {}

    @inline(__always)
    static func sincDot(_ x: UnsafePointer<Float>, tables: WarpSincTables<Float>, row: Int, taps: Int,
                        alpha: Float, weights: UnsafePointer<Float>) -> Float {
        let o = row
        return WarpSincDotFloat.dot(x, row: tables.rows + o, step: tables.steps + o, taps: taps, alpha: alpha)
    }

    @inline(__always)
    static func sincDot2(_ x: UnsafePointer<Float>, _ y: UnsafePointer<Float>, tables: WarpSincTables<Float>,
                         row: Int, taps: Int, alpha: Float, weights: UnsafePointer<Float>) -> (Float, Float) {
        let o = row
        return WarpSincDotFloat.dot2(x, y, row: tables.rows + o, step: tables.steps + o, taps: taps, alpha: alpha)
    }
}

extension Double: WarpWorkSample {
    @inline(__always) var warpDouble: Double { self }

    @inline(__always) init(warpDouble value: Double) { self = value }

    @inline(__always)
    static func warpStorePair(_ v: SIMD2<Double>, to p: UnsafeMutablePointer<Double>) {
        p[0] = v[0]
        p[1] = v[1]
    }

    @inline(__always)
    static func warpLerpFrames(_ p: UnsafePointer<Double>, _ g: Double, _ f: Double) -> SIMD2<Double> {
        SIMD2<Double>(p[0], p[1]) * g + SIMD2<Double>(p[2], p[3]) * f
    }

    static func takeStore(_ slot: inout WarpStoreSlot) -> WarpSampleStore<Double>? {
        let taken = consume slot
        slot = .empty
        switch consume taken {
        case .empty: return nil
        case .double(let store): return store
        case .float(let store): return WarpSampleStore(converting: store)
        }
    }

    static func putStore(_ store: consuming WarpSampleStore<Double>, into slot: inout WarpStoreSlot) {
        slot = .double(store)
    }

    /// The rows (`WarpSincLevel.rows`; no steps).
    /// The row, with the zero row after it as the next row.
    static func sincTables(direct: WarpSincDirectRow) -> WarpSincTables<Double> {
        WarpSincTables(rows: UnsafePointer(direct.doubles), steps: UnsafePointer(direct.doubles),
                       stride: WarpSincDirectRow.capacity)
    }

    @inline(__always)
    static func sincTables(_ level: WarpSincLevel) -> WarpSincTables<Double> {
        WarpSincTables(rows: UnsafePointer(level.rows), steps: UnsafePointer(level.rows), stride: 2 &* level.halfTaps)
    }

    @inline(__always)
    static func sincWeights(_ tables: WarpSincTables<Double>, row: Int, taps: Int, alpha: Double,
                            into weights: UnsafeMutablePointer<Double>) {
        let r0 = tables.rows + row
        WarpSincDotDouble.weights(row0: r0, row1: r0 + tables.stride, taps: taps, alpha: alpha, into: weights)
    }

    /// Blends the weights into `weights`.
    @inline(__always)
    static func sincPrepare(_ tables: WarpSincTables<Double>, row: Int, taps: Int, alpha: Double,
                            weights: UnsafeMutablePointer<Double>) {
        sincWeights(tables, row: row, taps: taps, alpha: alpha, into: weights)
    }

    @inline(__always)
    static func sincDot(_ x: UnsafePointer<Double>, tables: WarpSincTables<Double>, row: Int, taps: Int,
                        alpha: Double, weights: UnsafePointer<Double>) -> Double {
        WarpSincDotDouble.dot(x, weights: weights, taps: taps)
    }

    @inline(__always)
    static func sincDot2(_ x: UnsafePointer<Double>, _ y: UnsafePointer<Double>, tables: WarpSincTables<Double>,
                         row: Int, taps: Int, alpha: Double, weights: UnsafePointer<Double>) -> (Double, Double) {
        WarpSincDotDouble.dot2(x, y, weights: weights, taps: taps)
    }
}
