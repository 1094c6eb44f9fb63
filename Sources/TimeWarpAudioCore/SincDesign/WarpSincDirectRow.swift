/// One output's sinc weights evaluated straight from the prototype, laid out as a one-row
/// `WarpSincTables` (row 0, blend 0), for levels whose table is not built (see
/// `WarpSincBank.charge`). Each layout is followed by a zero row: the `Float` dot products blend
/// `row + 0 * step` and the `Double` ones `row0 + 0 * (row1 - row0)`, both exactly `row`.
final class WarpSincDirectRow {
    /// Entries per row (room for the widest kernel, a whole number of `Float` vectors).
    static let capacity = (2 * WarpSincTable.maxHalfWidth + 8 + 3) & ~3
    /// The `Float` row then a zero row, 16-byte aligned.
    let floats: UnsafeMutablePointer<Float>
    /// The `Double` row then a zero row.
    let doubles: UnsafeMutablePointer<Double>

    init() {
        let n = 2 * WarpSincDirectRow.capacity
        floats = UnsafeMutableRawPointer.allocate(byteCount: n * MemoryLayout<Float>.stride,
                                                  alignment: WarpSincLevel.floatAlignment)
            .bindMemory(to: Float.self, capacity: n)
        floats.initialize(repeating: 0, count: n)
        doubles = UnsafeMutablePointer<Double>.allocate(capacity: n)
        doubles.initialize(repeating: 0, count: n)
    }

    deinit {
        UnsafeMutableRawPointer(floats).deallocate()
        doubles.deallocate()
    }

    /// Fills the row with the normalised weights `K(g (k - f))`, `k = -(H-1) ... H`
    /// (`taps = 2H <= capacity`), exactly as `WarpSincLevel` computes a table row.
    func fill(prototype: WarpSincTable, bandwidth g: Double, halfTaps h: Int, fraction f: Double) {
        let taps = min(2 &* h, WarpSincDirectRow.capacity)
        var sum = 0.0
        for k in 0..<taps {
            let v = prototype.kernel(g * (Double(k &- (h &- 1)) - f))
            doubles[k] = v
            sum += v
        }
        let inv = sum > 0 ? 1 / sum : 1
        for k in 0..<taps {
            let w = doubles[k] * inv
            doubles[k] = w
            floats[k] = Float(w)
        }
    }
}
