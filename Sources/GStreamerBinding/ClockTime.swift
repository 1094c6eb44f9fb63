/// Nanosecond clock times (`GstClockTime`) and the overflow-safe integer arithmetic on them.
public enum ClockTime {
    /// `GST_CLOCK_TIME_NONE`.
    public static let none: UInt64 = .max
    /// `GST_SECOND`.
    public static let second: UInt64 = 1_000_000_000
    /// The end of the clock range: running times and stream times are signed 64-bit in many
    /// places of GStreamer, so output timestamps stay below 2^63 ns (292 years).
    public static let end: UInt64 = UInt64(Int64.max)

    /// `value * numerator / denominator` in 128-bit arithmetic, rounded down; `nil` when the
    /// denominator is zero or the result does not fit in 64 bits.
    @inlinable
    public static func scale(_ value: UInt64, _ numerator: UInt64, _ denominator: UInt64) -> UInt64? {
        guard denominator != 0 else { return nil }
        let product = value.multipliedFullWidth(by: numerator)
        guard product.high < denominator else { return nil }
        return denominator.dividingFullWidth(product).quotient
    }

    /// Converts seconds to nanoseconds, rounding to nearest; NaN, negative and huge values are
    /// clamped into `0 ... none - 1` so the result is always a valid clock time.
    @inlinable
    public static func fromSeconds(_ seconds: Double) -> UInt64 {
        guard seconds.isFinite, seconds > 0 else { return seconds == .infinity ? none - 1 : 0 }
        let ns = seconds * 1e9
        guard ns < 1.8e19 else { return none - 1 }
        // `ns.rounded()` (half away from zero) without the libm call it compiles to on baseline
        // x86-64 (it runs for every buffer): below 2^52 the fraction `ns - floor(ns)` is exact;
        // from there on `ns` is a whole number and the fraction is 0.
        // Below 2^63 (every timestamp of a stream) through the signed conversion, one
        // instruction on x86-64 where the unsigned one is a dozen.
        if ns < 9.2e18 {
            let whole = Int64(ns)
            return UInt64(truncatingIfNeeded: ns - Double(whole) >= 0.5 ? whole &+ 1 : whole)
        }
        let whole = UInt64(ns)
        return ns - Double(whole) >= 0.5 ? whole + 1 : whole
    }

    /// Converts nanoseconds to seconds.
    @inlinable
    public static func seconds(_ ns: UInt64) -> Double { Double(ns) / 1e9 }

    /// Signed nanoseconds to seconds.
    @inlinable
    public static func seconds(signed ns: Int64) -> Double { Double(ns) / 1e9 }

    /// Formats a clock time the way GStreamer does (`0:00:01.500000000`), or "none".
    public static func describe(_ t: UInt64) -> String {
        guard t != none else { return "none" }
        let s = t / second, ns = t % second
        let h = s / 3600, m = (s / 60) % 60, sec = s % 60
        let frac = String(ns), pad = String(repeating: "0", count: 9 - frac.count)
        return "\(h):\(m < 10 ? "0" : "")\(m):\(sec < 10 ? "0" : "")\(sec).\(pad)\(frac)"
    }
}
