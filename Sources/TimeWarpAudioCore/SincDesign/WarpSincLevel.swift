/// One level of `WarpSincBank`: an immutable polyphase table in manually managed memory, so the
/// kernel can read it through plain pointers while holding a reference to it.
///
/// The table is computed in `Double` and kept in the layouts the kernels read: `Double` rows
/// (S16, S32, F64), and for F32 `Float` rows with the steps to the next row (`row[φ+1] - row[φ]`,
/// so a blended row is `row + alpha * step`). The `Float` tables are 16-byte aligned with rows
/// padded to whole vectors (`floatStride`), so every row starts on a vector boundary.
final class WarpSincLevel {
    /// The level `q`.
    let level: Int
    /// `H`: taps `n-(H-1) ... n+H` around `c = n + f`.
    let halfTaps: Int
    /// Fractional phases per input sample (rows `0 ... phases`).
    let phases: Int
    /// Row-major `(phases + 1) x (2H)` weights, each row summing to 1. Immutable after `init`.
    let rows: UnsafeMutablePointer<Double>
    /// `rows` rounded to `Float`, `floatStride` entries per row (zero padded), 16-byte aligned.
    let floatRows: UnsafeMutablePointer<Float>
    /// `rows[φ+1] - rows[φ]` rounded to `Float`, laid out like `floatRows` (the last row is 0).
    let floatSteps: UnsafeMutablePointer<Float>
    /// Entries per row of the `Float` tables: `2H` rounded up to a multiple of 4.
    let floatStride: Int
    /// Number of entries in `rows`.
    let count: Int
    /// Scales in `[low, high)` use this level.
    let low: Double
    let high: Double

    /// Alignment of the `Float` tables (one `SIMD4<Float>`).
    static let floatAlignment = 16

    /// The table of level `q` (clamped to `0 ... deepest`, the bank's deepest level) for the
    /// kernel `prototype`.
    init(level q: Int, deepest: Int, prototype: WarpSincTable) {
        let (qq, g, h, ph, lowBound, highBound) = WarpSincLevel.shape(level: q, deepest: deepest, prototype: prototype)
        let taps = 2 * h
        count = (ph + 1) * taps
        rows = UnsafeMutablePointer<Double>.allocate(capacity: count)
        rows.initialize(repeating: 0, count: count)
        for row in 0...ph {
            let f = Double(row) / Double(ph)
            let r = rows + row * taps
            var sum = 0.0
            for k in 0..<taps {
                let v = prototype.kernel(g * (Double(k - (h - 1)) - f))
                r[k] = v
                sum += v
            }
            if sum > 0 {
                let inv = 1 / sum
                for k in 0..<taps { r[k] *= inv }
            }
        }
        let stride = (taps + 3) & ~3
        let floatCount = (ph + 1) * stride
        floatStride = stride
        floatRows = WarpSincLevel.allocateFloats(floatCount)
        floatSteps = WarpSincLevel.allocateFloats(floatCount)
        for row in 0...ph {
            for k in 0..<taps {
                let w = rows[row * taps + k]
                floatRows[row * stride + k] = Float(w)
                floatSteps[row * stride + k] = row < ph ? Float(rows[(row + 1) * taps + k] - w) : 0
            }
        }
        level = qq
        halfTaps = h
        phases = ph
        low = lowBound
        high = highBound
    }

    /// Level `q`'s parameters without its table: the level clamped to `0 ... deepest`, its
    /// bandwidth `g`, half-width `H`, phase count and scale range `low ..< high`.
    static func shape(level q: Int, deepest: Int, prototype: WarpSincTable)
        -> (level: Int, bandwidth: Double, halfTaps: Int, phases: Int, low: Double, high: Double) {
        let qq = min(max(q, 0), deepest)
        let g = WarpSincBank.bandwidths[qq]
        let z = Double(prototype.halfWidth)
        let h = min(max(1, Int((z / g - 1e-9).rounded(.up))), WarpSincTable.maxHalfWidth)
        let ph = max(8, Int((Double(prototype.quality.phasesPerSample) * g - 1e-9).rounded(.up)))
        let low = qq == deepest ? -Double.infinity : WarpSincBank.lowerBounds[qq]
        let high = qq == 0 ? Double.infinity : WarpSincBank.lowerBounds[qq - 1]
        return (qq, g, h, ph, low, high)
    }

    deinit {
        rows.deallocate()
        UnsafeMutableRawPointer(floatRows).deallocate()
        UnsafeMutableRawPointer(floatSteps).deallocate()
    }

    /// `count` zeroed floats, `floatAlignment`-aligned.
    private static func allocateFloats(_ count: Int) -> UnsafeMutablePointer<Float> {
        let p = UnsafeMutableRawPointer.allocate(byteCount: max(count, 1) * MemoryLayout<Float>.stride,
                                                 alignment: floatAlignment)
            .bindMemory(to: Float.self, capacity: max(count, 1))
        p.initialize(repeating: 0, count: max(count, 1))
        return p
    }
}

/// Pointers into one `WarpSincLevel`'s tables in the working precision `W`.
struct WarpSincTables<W> {
    /// Row `φ` of the weights starts at `rows + φ * stride`.
    let rows: UnsafePointer<W>
    /// `Float`: the steps to the next row, laid out like `rows`; `Double`: unused (`rows`).
    let steps: UnsafePointer<W>
    /// Entries per row (at least `2H`).
    let stride: Int
}
