import TimeWarpMap

/// The curve options of `warp` and `plot` (the elements' time-map properties), as typed.
public struct CurveOptions: Sendable, Equatable {
    /// `--function`: a `WarpFunction` nick; `nil` picks `keyframes` or `expression` when those
    /// are given, else the element's default (`constant`).
    public var function: String?
    /// `--factor`.
    public var factor: Double
    /// `--modifier`.
    public var modifier: Double
    /// `--keyframes`.
    public var keyframes: String
    /// `--expression`.
    public var expression: String
    /// `--remap`: the remap curve's keys `"τ:t[:ease], ..."` in seconds.
    public var remap: String = ""
    /// `--boomerang`: the clip forwards, then backwards (`0s:0s, Ds:Ds, 2Ds:0s`), once `D` is known.
    public var boomerang = false

    /// `--speed` as typed, when the curve came from it (shown in the plan beside the
    /// element properties it became).
    public var speed: String?

    /// The demo's curve, named explicitly there: double smoothstep, factor 1.5, the element's
    /// modifier. (`warp` and `plot` without a curve use the element's default, `constant` 1.)
    public static let demo = CurveOptions(function: WarpFunction.doubleSmoothstep.nick, factor: 1.5,
                                          modifier: TimeMapDefaults.modifier)

    /// Options as typed; what is not given takes the element's default.
    public init(function: String? = nil, factor: Double = TimeMapDefaults.factor,
                modifier: Double = TimeMapDefaults.modifier,
                keyframes: String = "", expression: String = "") {
        self.function = function
        self.factor = factor
        self.modifier = modifier
        self.keyframes = keyframes
        self.expression = expression
    }

    /// The nicks of the `function` property, in enum order.
    public static let functionNicks: [String] = WarpFunction.allCases.map(\.nick)

    /// `unknown function 'trianlge'; did you mean 'triangle'? (choose one of: ...)`.
    public static func unknownFunctionMessage(_ nick: String) -> String {
        "unknown function '\(nick)'" + (Suggestion.closest(to: nick, in: functionNicks).map { "; did you mean '\($0)'?" } ?? "")
            + " (choose one of: \(functionNicks.joined(separator: ", ")))"
    }

    /// The options given that do nothing for the function in force, as one line naming the
    /// conflict (nil when there is none). `given` names the curve properties whose options the
    /// user typed (`--factor` is `.factor`).
    public func conflict(given: Set<PropertyName>) -> String? {
        let nick = resolvedFunction
        let resolved = WarpFunction(nick: nick)
        let how = function == nil ? "the function implied" : "--function \(nick)"
        if given.contains(.keyframes), resolved != .keyframes {
            return "--keyframes does nothing with \(how) (it is the curve of --function keyframes)"
        }
        if given.contains(.remap), resolved != .remap {
            return "--remap does nothing with \(how) (it is the curve of --function remap)"
        }
        if given.contains(.expression), resolved != .expression, resolved != .antiderivative {
            return "--expression does nothing with \(how) (it is for --function expression or antiderivative)"
        }
        // An unknown name counts as parametric: the unknown name is the error to report.
        let parametric = resolved.map(\.isBuiltin) ?? true
        for option in [PropertyName.factor, .modifier] where given.contains(option) {
            if !parametric || (option == .modifier && resolved == .constant) {
                return "--\(option.name) does nothing with \(how)"
                    + (resolved == .constant ? " (constant takes --factor only)"
                       : " (its curve is given by --\(Self.curveProperty(of: resolved).name))")
            }
        }
        return nil
    }

    /// The property that holds the curve of a function that is not built in: `keyframes`,
    /// `remap`, else `expression`.
    static func curveProperty(of function: WarpFunction?) -> PropertyName {
        switch function {
        case .keyframes?: return .keyframes
        case .remap?: return .remap
        default: return .expression
        }
    }

    /// The function nick in force (explicit, or implied by `keyframes` / `expression`).
    public var resolvedFunction: String {
        if let function { return function }
        if !remap.isEmpty || boomerang { return WarpFunction.remap.nick }
        if !keyframes.isEmpty { return WarpFunction.keyframes.nick }
        if !expression.isEmpty { return WarpFunction.expression.nick }
        return WarpFunction.propertyDefault.nick
    }

    /// The element settings these options describe, with `duration` (seconds) when known.
    /// Throws a `CLIError` with one readable line for an unknown function name or a missing
    /// keyframes/expression text.
    public func settings(duration: Double? = nil) throws -> TimeMapSettings {
        let nick = resolvedFunction
        guard let function = WarpFunction(nick: nick) else {
            throw CLIError(Self.unknownFunctionMessage(nick), exitCode: 2)
        }
        if function == .keyframes, keyframes.isEmpty {
            throw CLIError("function=keyframes needs --keyframes, e.g. --keyframes '0:1, 0.5:2:smooth, 1:1'", exitCode: 2)
        }
        if function == .expression || function == .antiderivative, expression.isEmpty {
            throw CLIError("function=\(nick) needs --expression, e.g. --expression '1 + u'", exitCode: 2)
        }
        if function == .keyframes, let mixed = mixedUnits { throw CLIError(mixed, exitCode: 2) }
        if function == .remap, remapKeys(duration: duration).isEmpty {
            throw CLIError(boomerang ? "--boomerang needs the input's duration, which is unknown"
                                     : "function=remap needs --remap, e.g. --remap '0s:0s, 2s:2s, 3s:2s, 5s:0s, 10s:5s'", exitCode: 2)
        }
        var s = TimeMapSettings()
        s.remap = remapKeys(duration: duration)
        s.function = function
        s.factor = factor
        s.modifier = modifier
        s.keyframes = keyframes
        s.expression = expression
        if let duration, duration.isFinite, duration > 0 {
            s.duration = Self.nanoseconds(duration)
        }
        return s
    }

    /// The longest time GStreamer's clock can express, in seconds: 2^63 - 1 ns (positions,
    /// durations and running times are signed 64-bit nanoseconds), about 292 years.
    public static let clockLimit = Double(Int64.max) / 1e9

    /// Builds and validates the map for media of `duration` seconds (or none: curves in
    /// seconds and `constant` need none). Errors become one line: "the curve is refused: ...".
    /// With a duration, the duration and the output duration `T(D)` must be within the clock's
    /// range (`clockLimit`); `inClockRange: false` skips that (a plot in units of an unknown D).
    public func makeMap(duration: Double?, inClockRange: Bool = true) throws -> TimeMap {
        if inClockRange, let duration, !(duration <= Self.clockLimit) {
            throw CLIError("a duration of \(Format.seconds(duration)) s is past the range of GStreamer's clock "
                           + "(\(Self.clockLimitText))", exitCode: 2)
        }
        let s = try settings(duration: duration)
        let map: TimeMap
        do {
            map = try s.makeMap(mediaDuration: duration)
        } catch {
            throw CLIError("the curve is refused: \(error)", exitCode: 2)
        }
        if inClockRange, let duration {
            let output = (try? s.remapCurve(mediaDuration: duration))??.outputDuration ?? map.outputDuration ?? map.warp(duration)
            guard output <= Self.clockLimit else {
                throw CLIError("the curve is refused: the output would last \(Format.seconds(output)) s, past the range "
                               + "of GStreamer's clock (\(Self.clockLimitText))", exitCode: 2)
            }
        }
        return map
    }

    static let clockLimitText = "at most \(Format.seconds(clockLimit)) s, about 292 years"

    /// The time-map properties these options set on an element, each with its value as
    /// `gst_util_set_object_arg` takes it (values are not quoted; they are set one by one, never
    /// parsed as a pipeline).
    public func elementProperties() -> [ElementProperty] {
        let nick = resolvedFunction
        var props = [ElementProperty(.function, nick)]
        switch WarpFunction(nick: nick) {
        case .keyframes?: props.append(ElementProperty(.keyframes, keyframes))
        case .remap?: props.append(ElementProperty(.remap, remap))
        case .expression?, .antiderivative?: props.append(ElementProperty(.expression, expression))
        case .constant?: props.append(ElementProperty(.factor, Self.number(factor)))
        default:
            props.append(ElementProperty(.factor, Self.number(factor)))
            props.append(ElementProperty(.modifier, Self.number(modifier)))
        }
        return props
    }

    /// Seconds as a clock time in nanoseconds, rounded to nearest and clamped below
    /// GStreamer's NONE (as `ClockTime.fromSeconds`, for a positive finite duration).
    static func nanoseconds(_ seconds: Double) -> UInt64 {
        let ns = seconds * 1e9
        return ns < 1.8e19 ? UInt64(ns.rounded()) : UInt64.max - 1
    }

    /// The remap keys in force: `--remap`, or for `--boomerang` the clip of `duration` seconds
    /// forwards then backwards (empty while the duration is unknown).
    public func remapKeys(duration: Double?) -> String {
        guard boomerang else { return remap }
        guard let d = duration, d.isFinite, d > 0 else { return "" }
        let D = Self.number(d)
        return "0s:0s, \(D)s:\(D)s, \(Self.number(2 * d))s:0s"
    }

    /// The options with `--boomerang` written out as the remap keys it means for `duration`.
    public func resolvingBoomerang(duration: Double) -> CurveOptions {
        guard boomerang else { return self }
        var resolved = self
        resolved.remap = remapKeys(duration: duration)
        resolved.boomerang = false
        return resolved
    }

    /// The remap curve of `--remap` (or `--boomerang` over `duration` seconds), checked against
    /// the duration; nil for other curves.
    public func remapCurve(duration: Double?) throws -> RemapCurve? {
        guard WarpFunction(nick: resolvedFunction) == .remap else { return nil }
        do { return try settings(duration: duration).remapCurve(mediaDuration: duration) } catch let e as CLIError {
            throw e
        } catch {
            throw CLIError("the curve is refused: \(error)", exitCode: 2)
        }
    }

    /// Keyframes that mix positions in fractions of D and in seconds (`0:1, 0.5s:2, 1:1`), as
    /// one line; nil when all (after the first, 0 in either unit) are in one unit or the text
    /// does not parse (the parser's error is the one to report).
    public var mixedUnits: String? {
        guard let spec = try? KeyframeSpec.parse(keyframes) else { return nil }
        let later = spec.keys.dropFirst()
        let seconds = later.filter { $0.position.isSeconds }.count
        guard seconds > 0, seconds < later.count else { return nil }
        return "--keyframes mixes fractions of the duration and seconds (\(keyframes)): write every position in one unit "
            + "(0.5 or 2.5s)"
    }

    /// A warning for keyframes in seconds past the end of media of `duration` seconds (the
    /// curve then holds its last scale beyond the media's end, which is never reached); nil
    /// otherwise.
    public func secondsPastEnd(duration: Double) -> String? {
        guard WarpFunction(nick: resolvedFunction) == .keyframes, let spec = try? KeyframeSpec.parse(keyframes),
              let last = spec.keys.last, last.position.isSeconds, last.position.number > duration * (1 + 1e-9) else { return nil }
        return "the keyframes go on to \(Format.seconds(last.position.number)) s, past the end of the input at "
            + "\(Format.seconds(duration)) s: the part of the curve after it is never used"
    }

    /// E.g. `function=double-smoothstep factor=1.5 modifier=0.5`, or
    /// `function=keyframes keyframes="0:1, 1:2"`; after `--speed`, what was typed first
    /// (`speed 2 (function=constant factor=0.5)`).
    public var summary: String {
        let properties = elementSummary
        return speed.map { "speed \($0) (\(properties))" } ?? properties
    }

    /// The element properties as `name=value` words.
    public var elementSummary: String {
        elementProperties().map(\.summary).joined(separator: " ")
    }

    /// A number as the shortest decimal that round-trips (`1.5`, `2`, `0.1`).
    public static func number(_ x: Double) -> String {
        if x == x.rounded(), abs(x) < 1e15, let n = Int64(exactly: x) { return String(n) }
        return String(x)
    }
}

/// An error of the command line: one readable line, printed as `error: <message>`.
public struct CLIError: Error, CustomStringConvertible, Equatable {
    public let message: String
    /// The process exit status (1; 130 after Ctrl-C).
    public let exitCode: Int32
    public init(_ message: String, exitCode: Int32 = 1) {
        self.message = message
        self.exitCode = exitCode
    }
    public var description: String { message }
}
