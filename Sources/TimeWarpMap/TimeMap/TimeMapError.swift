/// Why a time map was refused. Every message names the curve and, where it applies, the position
/// of the failure both as a fraction `u` of the media duration and as media time `t` in seconds.
public enum TimeMapError: Error, CustomStringConvertible, Equatable {
    /// `F` does not increase between two neighbouring samples near position (`u`, `t`), where the
    /// scale is `scale`; `decreases` is false when `F` merely stays flat.
    case notIncreasing(u: Double?, t: Double?, scale: Double, decreases: Bool, curve: String)
    /// `quantity` (`"F(u)"` or `"s(u)"`) evaluated to `value` (NaN or infinite) at (`u`, `t`).
    case nonFinite(quantity: String, value: Double, u: Double?, t: Double?, curve: String)
    /// The curve lies on the normalized domain and no media duration is known.
    case needsDuration(curve: String)
    /// A parameter is out of its allowed range; `reason` says what is allowed.
    case invalidParameter(name: String, value: Double, reason: String)
    /// `F(0)` is not 0, so the map would not start at the start of the media.
    case nonZeroStart(value: Double, curve: String)
    /// The slope `scale` with which the map continues past the end of the curve, at (`u`, `t`), is
    /// not positive and finite.
    case badContinuation(u: Double?, t: Double?, scale: Double, curve: String)
    /// The output advances less than `TimeMap.smallestScale` (1 ns per second of input) on
    /// average over the curve: `average` is `F(end) / end`.
    case belowSmallestScale(average: Double, curve: String)

    /// A one-line message for `GST_ELEMENT_ERROR` and the command line.
    public var description: String {
        switch self {
        case let .notIncreasing(u, t, scale, decreases, curve):
            let verb = decreases ? "decreases" : "stops increasing"
            return "the time map \(verb) near \(Self.position(u: u, t: t)): "
                + "\(Self.variable(u: u, t: t, "s"))=\(Self.format(scale)) (\(curve))"
        case let .nonFinite(quantity, value, u, t, curve):
            return "\(quantity) is \(Self.format(value)) at \(Self.position(u: u, t: t)) (\(curve))"
        case let .needsDuration(curve):
            return "\(curve) needs the media duration: set the duration property or use a source "
                + "that reports one"
        case let .invalidParameter(name, value, reason):
            return "invalid \(name)=\(Self.format(value)): \(reason)"
        case let .nonZeroStart(value, curve):
            return "the time map must start at 0 but F(0)=\(Self.format(value)) (\(curve))"
        case let .belowSmallestScale(average, curve):
            return "the time map is nearly flat: its average scale \(Self.format(average)) is below the "
                + "smallest accepted, \(Self.format(TimeMap.smallestScale)) (1 ns of output per second of input) (\(curve))"
        case let .badContinuation(u, t, scale, curve):
            return "the time map must keep increasing after \(Self.position(u: u, t: t)), but its "
                + "slope there is \(Self.variable(u: u, t: t, "s"))=\(Self.format(scale)) (\(curve))"
        }
    }

    /// `"u=0.4375 (t=4.375 s)"`, `"t=4.375 s"` or `"u=0.4375"`, depending on what is known.
    static func position(u: Double?, t: Double?) -> String {
        switch (u, t) {
        case let (u?, t?): return "u=\(format(u)) (t=\(format(t)) s)"
        case let (u?, nil): return "u=\(format(u))"
        case let (nil, t?): return "t=\(format(t)) s"
        case (nil, nil): return "an unknown position"
        }
    }

    /// `"s(u)"` on normalized positions, `"s(t)"` on positions in seconds.
    static func variable(u: Double?, t: Double?, _ name: String) -> String {
        u != nil ? "\(name)(u)" : "\(name)(t)"
    }

    /// Formats a number for a message: integers without a fraction (`-1`), others to six
    /// significant digits (`0.00012207`), `NaN`, `inf`, `-inf`. Total for every input.
    static func format(_ x: Double) -> String {
        if x.isNaN { return "NaN" }
        if x.isInfinite { return x < 0 ? "-inf" : "inf" }
        if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
        // Round to six significant digits: scale by an exact power of ten, round, scale back, so
        // the result is the double nearest a short decimal and prints as that decimal.
        var exponent = 0
        var magnitude = abs(x)
        while magnitude >= 10, exponent < 400 { magnitude /= 10; exponent += 1 }
        while magnitude < 1, exponent > -400 { magnitude *= 10; exponent -= 1 }
        let shift = 5 - exponent
        let rounded: Double
        if shift >= 0, shift <= 22 {
            let p = powerOfTen(shift)
            rounded = (x * p).rounded() / p
        } else if shift < 0, shift >= -22 {
            let p = powerOfTen(-shift)
            rounded = (x / p).rounded() * p
        } else {
            rounded = x
        }
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        return String(rounded)
    }

    /// `10^n` for `0 <= n <= 22`, exactly (all of these are representable).
    private static func powerOfTen(_ n: Int) -> Double {
        var p = 1.0
        for _ in 0..<min(max(n, 0), 22) { p *= 10 }
        return p
    }
}
