import TimeWarpMap

/// `--speed`: the curve in the words editors use, where a speed is the inverse of the scale
/// (`--speed 2` plays twice as fast: scale 1/2; `--speed 25%` plays at quarter speed: scale 4).
///
/// A value is a number (`2`), a number with `x` (`0.5x`) or a percentage (`25%`). A ramp is a
/// keyframe list with speeds in place of scales, with the keyframe syntax and eases of
/// `--keyframes` (`0:100%, 0.5:25%:smooth, 1:100%`); each speed becomes the scale `1/speed` at
/// its key, and the ease runs between those scales.
public enum SpeedWords {
    /// The slowest and fastest speeds taken (as for `--factor`, a scale of at most 1000 and at
    /// least 1/1000).
    public static let range: ClosedRange<Double> = 0.001...1000

    /// What `--speed` takes, for messages.
    public static let syntax = "a speed such as 2, 0.5x or 25%, or a ramp such as '0:100%, 0.5:25%:smooth, 1:100%'"

    /// One speed value (`2`, `0.5x`, `25%`) as a multiple of normal speed; throws a usage
    /// error naming the range.
    public static func value(_ text: String) throws(CLIError) -> Double {
        var t = text.trimmingSpaces.lowercased()
        var scale = 1.0
        if t.hasSuffix("%") { t.removeLast(); scale = 0.01 } else if t.hasSuffix("x") || t.hasSuffix("×") { t.removeLast() }
        guard let x = Double(t.trimmingSpaces), x.isFinite else {
            throw CLIError("--speed '\(text)' is not a speed: give \(syntax)", exitCode: 2)
        }
        let speed = x * scale
        guard range.contains(speed) else {
            throw CLIError("--speed must be between 0.001 (0.1%) and 1000 (100000%), got \(text)", exitCode: 2)
        }
        return speed
    }

    /// The curve `--speed TEXT` describes: `constant` with factor `1/speed` for one value,
    /// `keyframes` with each speed turned into its scale for a ramp.
    public static func curve(_ text: String) throws(CLIError) -> CurveOptions {
        guard text.contains(":") else {
            return CurveOptions(function: WarpFunction.constant.nick, factor: 1 / (try value(text)))
        }
        var keys: [String] = []
        for key in text.split(separator: ",", omittingEmptySubsequences: false) {
            var fields = key.split(separator: ":", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
            guard fields.count == 2 || fields.count == 3 else {
                throw CLIError("--speed ramp key '\(key.trimmingSpaces)' is not 'position:speed[:ease]' "
                               + "(e.g. '0:100%, 0.5:25%:smooth, 1:100%')", exitCode: 2)
            }
            fields[1] = CurveOptions.number(1 / (try value(fields[1])))
            keys.append(fields.joined(separator: ":"))
        }
        return CurveOptions(keyframes: keys.joined(separator: ", "))
    }
}
