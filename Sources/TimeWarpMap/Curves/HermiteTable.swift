/// A table of `F` and its exact derivative `s` at ascending nodes on `[0, 1]`, evaluated between
/// nodes by cubic Hermite interpolation in O(1).
///
/// Nodes need not be uniform; a uniform bucket index (one bucket per node interval on average)
/// finds the interval of `u` directly, with a short binary search inside the rare buckets that
/// hold several nodes (where the table was refined around a kink or jump).
struct HermiteTable: Sendable {
    /// Node positions, ascending, from 0 to 1.
    let x: [Double]
    /// `F` at the nodes.
    let f: [Double]
    /// `s = F'` at the nodes.
    let s: [Double]
    /// `bucket[j]`: index of the interval containing `j / bucket.count`.
    private let bucket: [Int32]

    /// Builds the index for nodes `x` (ascending, `x[0] == 0`, `x.last == 1`, at least 2).
    init(x: [Double], f: [Double], s: [Double]) {
        self.x = x
        self.f = f
        self.s = s
        let intervals = x.count - 1
        var m = 64
        while m < intervals && m < (1 << 20) { m <<= 1 }
        var bucket = [Int32](repeating: 0, count: m)
        var k = 0
        for j in 0..<m {
            let u = Double(j) / Double(m)
            while k + 1 < intervals && x[k + 1] <= u { k += 1 }
            bucket[j] = Int32(k)
        }
        self.bucket = bucket
    }

    /// Index `i` of the interval `[x[i], x[i+1]]` containing `u` in `[0, 1]`.
    @inline(__always)
    func interval(_ u: Double) -> Int {
        let m = bucket.count
        let j = min(Int(u * Double(m)), m - 1)
        var lo = Int(bucket[j])
        var hi = j + 1 < m ? Int(bucket[j + 1]) : x.count - 2
        while lo < hi {
            let mid = (lo + hi + 1) >> 1
            if x[mid] <= u { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// `F(u)` for `u` in `[0, 1]` by cubic Hermite interpolation (exact at the nodes).
    @inline(__always)
    func value(_ u: Double) -> Double {
        let i = interval(u)
        let x0 = x[i], h = x[i + 1] - x0
        let t = (u - x0) / h
        let t2 = t * t, t3 = t2 * t
        let h00 = 2 * t3 - 3 * t2 + 1
        let h10 = t3 - 2 * t2 + t
        let h01 = 3 * t2 - 2 * t3
        let h11 = t3 - t2
        return h00 * f[i] + h10 * h * s[i] + h01 * f[i + 1] + h11 * h * s[i + 1]
    }
}
