/// Total (never trapping) numeric conversions used throughout the audio core. None of them calls
/// into libm (the x86-64 baseline has no rounding instruction, so `rounded(.down)` is a call).
enum WarpNumerics {
    /// `x` rounded to the nearest integer (halves away from zero), saturated to `0...Int64.max`;
    /// NaN and negative values give 0.
    static func nonNegativeRoundedCount(_ x: Double) -> Int64 {
        let r = x.rounded()
        guard r > 0 else { return 0 }                 // also catches NaN
        guard r < 9.2e18 else { return Int64.max }
        return Int64(r)
    }

    /// `floor(x)` for `x >= 0`: NaN and negatives give 0, values beyond `9.2e18` give `Int64.max`.
    @inline(__always)
    static func floorIndex(_ x: Double) -> Int64 {
        guard x >= 0 else { return 0 }
        guard x < 9.2e18 else { return Int64.max }
        return Int64(x)                               // truncation is floor for x >= 0
    }

    /// Raises `largest` to the largest finite value among `xs[0 ..< count]` (NaN and infinities
    /// are ignored). Warped times normally increase, so the last value is the largest: that is
    /// checked first, with comparisons of neighbours that do not depend on each other (a running
    /// maximum would be one long chain of dependent selects); anything else takes the plain scan.
    @inline(__always)
    static func raiseToLargestFinite(_ largest: inout Double, _ xs: UnsafePointer<Double>, _ count: Int) {
        guard count > 0 else { return }
        var unordered: UInt8 = 0
        for k in 1..<max(count, 1) { unordered |= xs[k] > xs[k &- 1] ? 0 : 1 }
        let last = xs[count &- 1]
        if unordered == 0 && xs[0] > -.infinity && last < .infinity {
            if last > largest { largest = last }      // increasing from a finite value to one
            return
        }
        var m = largest
        for k in 0..<count {
            let x = xs[k]
            if x > m && x < .infinity { m = x }
        }
        largest = m
    }
}
