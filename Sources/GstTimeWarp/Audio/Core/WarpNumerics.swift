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
}
