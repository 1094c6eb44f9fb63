import ArgumentParser
import TimeWarpMap
import WarpLaunchKit

/// The curve options shared by `warp` and `plot`: `--speed` in editors' words, or the elements'
/// time-map properties.
struct CurveArguments: ParsableArguments {
    @Option(parsing: .unconditional,
            help: ArgumentHelp("Speed, as editors show it: 2 (or 2x, 200%) plays twice as fast, 0.5 (50%) at half speed; or a ramp '0:100%, 0.5:25%:smooth, 1:100%' (the --keyframes syntax with speeds). Instead of --function/--factor: --speed X is --function constant --factor 1/X.",
                               valueName: "speed"))
    var speed: String?

    @Option(help: ArgumentHelp("The time-scale function: \(WarpFunction.allValueStrings.joined(separator: ", ")). Default: \(WarpFunction.propertyDefault.nick) (the elements' default), or keyframes/expression when those are given.",
                               valueName: "name"),
            completion: .list(WarpFunction.allValueStrings),
            transform: WarpFunction.parser(refusing: CurveOptions.unknownFunctionMessage))
    var function: WarpFunction?

    @Option(parsing: .unconditional, help: "First parameter of the built-ins: the time scale itself for constant (2 = half speed; the inverse of --speed). Default: \(CurveOptions.number(TimeMapDefaults.factor)).")
    var factor: Double?

    @Option(parsing: .unconditional, help: "Second parameter of the built-ins, in (0, 1]. Default: \(CurveOptions.number(TimeMapDefaults.modifier)).")
    var modifier: Double?

    @Option(help: ArgumentHelp("A keyframe curve 'u:s[:ease], ...' of scales s (2 = half speed); positions all in fractions u of the duration, or all in seconds like 2.5s; ease linear, smooth, hold or cubic.",
                               valueName: "keys"))
    var keyframes: String?

    @Option(help: ArgumentHelp("s(u) for function=expression (variables u, t, D), or F(u) for function=antiderivative.",
                               valueName: "expr"))
    var expression: String?

    @Option(help: ArgumentHelp("A time-remap curve 'out:in[:ease], ...' in seconds: the input time shown and heard at each output time; it may freeze (a flat piece) and go backwards. Ease linear, smooth or hold; a repeated output time is a cut. The output lasts until the last key. Example: '0s:0s, 2s:2s, 3s:2s, 5s:0s, 10s:5s' plays 0–2 s, holds 1 s, rewinds to 0, plays 0–5 s.",
                               valueName: "keys"))
    var remap: String?

    @Flag(help: "Play the clip forwards, then backwards to its start (the remap '0s:0s, Ds:Ds, 2Ds:0s' for a clip of D seconds).")
    var boomerang = false

    /// Refuses options that do nothing for the function in force (`--keyframes` with
    /// `--function triangle`) and `--speed` beside the options it replaces: usage errors. (An
    /// unknown function is refused while parsing, with a did-you-mean.)
    func validate() throws {
        let given = givenProperties
        if boomerang {
            if let other = given.first(where: { $0 != .function }).map(\.name) ?? (speed != nil ? "speed" : nil) {
                throw ValidationError("--boomerang and --\(other) both set the curve: give one")
            }
            if let function, function != .remap { throw ValidationError("--boomerang is a remap curve: it does nothing with --function \(function.nick)") }
            return
        }
        if let speed {
            if let other = given.first {
                throw ValidationError("--speed and --\(other.name) both set the curve: give one (--speed X is --function constant --factor 1/X)")
            }
            do { _ = try SpeedWords.curve(speed) } catch { throw ValidationError(error.message) }
            return
        }
        if let conflict = options.conflict(given: Set(given)) { throw ValidationError(conflict) }
        if keyframes != nil, let mixed = options.mixedUnits { throw ValidationError(mixed) }
        if let remap {
            do { _ = try RemapCurve.parse(remap) } catch { throw ValidationError("--remap '\(remap)': \(error)") }
        }
    }

    /// The curve properties whose options were given, in the order of the options (each option
    /// is named as its property: `--factor` is `factor`).
    var givenProperties: [PropertyName] {
        let options: [(PropertyName, Bool)] = [
            (.function, function != nil), (.factor, factor != nil), (.modifier, modifier != nil),
            (.keyframes, keyframes != nil), (.expression, expression != nil), (.remap, remap != nil),
        ]
        return options.filter(\.1).map(\.0)
    }

    /// The curve options as given, as a child `warp` of a batch takes them.
    func forwardedArguments() -> [String] {
        let given: [(String, String?)] = [
            ("--speed", speed), ("--function", function?.nick), ("--factor", factor.map(CurveOptions.number)),
            ("--modifier", modifier.map(CurveOptions.number)), ("--keyframes", keyframes), ("--expression", expression),
        ]
        return given.flatMap { name, value in value.map { [name, $0] } ?? [] }
    }

    /// The options: from `--speed`, or as typed, defaulting to the elements' (`constant`, 1).
    var options: CurveOptions {
        if let speed, var curve = try? SpeedWords.curve(speed) {
            curve.speed = speed
            return curve
        }
        var options = CurveOptions(function: function?.nick, factor: factor ?? TimeMapDefaults.factor,
                                   modifier: modifier ?? TimeMapDefaults.modifier,
                                   keyframes: keyframes ?? "", expression: expression ?? "")
        options.remap = remap ?? ""
        options.boomerang = boomerang
        return options
    }
}
