import TimeWarpMap

/// The output frame rate of `warp`: a fixed rate `num/den` frames per second, or `any`
/// (variable: every frame kept with its warped time).
public enum FrameRateChoice: Sendable, Equatable, CustomStringConvertible {
    case fixed(Int, Int)
    case any

    /// A whole number of frames per second.
    public static func fixed(_ n: Int) -> FrameRateChoice { .fixed(n, 1) }

    /// What `--fps` takes, for messages.
    public static let syntax = "a rate such as 25, 24000/1001, 23.976, 29.97 or 120, or any"

    /// Parses `--fps`: `any`, an integer (`48`), a fraction (`24000/1001`) or a decimal
    /// (`12.5`). The NTSC decimals `23.976`, `29.97`, `47.952`, `59.94`, `119.88` mean
    /// `N*1000/1001`, as they do for every tool that prints them. Nil for anything else, zero,
    /// negative or out of `range` (0.01 to 1000 fps), or terms past 2^31.
    public init?(argument: String) {
        let text = argument.lowercased().filter { $0 != " " }
        if text == "any" { self = .any; return }
        var num: Int, den: Int
        if let slash = text.firstIndex(of: "/") {
            guard let n = Int(text[..<slash]), let d = Int(text[text.index(after: slash)...]) else { return nil }
            (num, den) = (n, d)
        } else if let n = Int(text) {
            (num, den) = (n, 1)
        } else {
            guard let x = Double(text), x.isFinite, !text.contains("e"), let dot = text.firstIndex(of: ".") else { return nil }
            let decimals = text.distance(from: text.index(after: dot), to: text.endIndex)
            guard decimals <= 6 else { return nil }
            if decimals <= 3, let ntsc = [24, 30, 48, 60, 120].first(where: { abs(x - Double($0 * 1000) / 1001) < 0.006 }) {
                (num, den) = (ntsc * 1000, 1001)
            } else {
                var scale = 1
                for _ in 0..<decimals { scale *= 10 }
                (num, den) = (Int((x * Double(scale)).rounded()), scale)
            }
        }
        guard num > 0, den > 0, num <= Int(Int32.max), den <= Int(Int32.max),
              Self.range.contains(Double(num) / Double(den)) else { return nil }
        let g = Self.gcd(num, den)
        self = .fixed(num / g, den / g)
    }

    /// The frame rates `--fps` takes (frames per second): a container's time scale is whole
    /// units, so a rate far below one frame a second writes a malformed file.
    public static let range: ClosedRange<Double> = 0.01...1000

    /// Why `--fps argument` is refused, as one line naming the syntax or the range; nil when
    /// it is taken.
    public static func refusal(_ argument: String) -> String? {
        if FrameRateChoice(argument: argument) != nil { return nil }
        let text = argument.filter { $0 != " " }
        var value: Double?
        if let slash = text.firstIndex(of: "/"), let n = Double(text[..<slash]), let d = Double(text[text.index(after: slash)...]) {
            value = d == 0 ? nil : n / d
        } else {
            value = Double(text)
        }
        if let value, value.isFinite, !Self.range.contains(value) || value == 0 {
            let hint = value == 0 ? "; --fps any keeps every frame (variable frame rate)" : ""
            return "--fps must be between 0.01 and 1000 frames per second, got \(argument)\(hint)"
        }
        return "--fps \(argument) is not a frame rate: give \(syntax)"
    }

    /// The greatest common divisor (for reducing fractions).
    static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }

    /// The caps value: `num/den`, or `0/1` for `any`.
    public var capsFraction: String {
        switch self {
        case .fixed(let n, let d): return "\(n)/\(d)"
        case .any: return "0/1"
        }
    }

    /// Frames per second (0 for `any`).
    public var framesPerSecond: Double {
        switch self {
        case .fixed(let n, let d): return Double(n) / Double(d)
        case .any: return 0
        }
    }

    public var description: String {
        switch self {
        case .fixed(let n, 1): return "\(n) fps"
        case .fixed(let n, let d): return "\(n)/\(d) fps (\(Format.fixed(Double(n) / Double(d), 3)))"
        case .any: return "variable frame rate (every frame kept)"
        }
    }
}

/// What `warp` will do, worked out before it starts (the caption under the plot of the curve).
public struct WarpPlan: Sendable {
    /// The media duration `D` (seconds): the container's duration.
    public let inputDuration: Double
    /// `D * F(1)` (seconds).
    public let outputDuration: Double
    /// The number of input video frames (estimated from the frame rate), if there is video.
    public let inputFrames: Int?
    /// The output frame rate.
    public let frameRate: FrameRateChoice
    /// The range of `s` over the played part of the curve.
    public let minimumScale: Double
    public let maximumScale: Double
    /// Whether frames are blended (`--blend`: videotimewarp frame-mode=blend).
    public var blend = false
    /// Whether frames are made along the motion (`--flow`: videotimewarp frame-mode=flow).
    public var flow = false
    /// `--pitch preserve`: the audio keeps its pitch (only its tempo follows the curve).
    public var preservesPitch = false
    /// How the pitch is kept (`--pitch-engine`; the element's default when nil).
    public var pitchEngine: AudioPitchEngine?

    /// The remap curve, when the curve is one (its output lasts until its last key).
    public let remap: RemapCurve?

    public init(map: TimeMap, inputDuration: Double, inputFrames: Int?, frameRate: FrameRateChoice, remap: RemapCurve? = nil) {
        self.inputDuration = inputDuration
        self.remap = remap
        self.outputDuration = remap?.outputDuration ?? map.outputDuration ?? map.warp(inputDuration)
        self.inputFrames = inputFrames
        self.frameRate = frameRate
        let range = ScaleRange(map: map, duration: inputDuration)
        minimumScale = range.minimum
        maximumScale = range.maximum
    }

    /// The audio's pitch in words, for the plan.
    public var pitchText: String {
        guard preservesPitch else { return "follow (moves with the speed, as tape)" }
        return "preserve (only the tempo follows the curve; the \((pitchEngine ?? .propertyDefault).nick) engine)"
    }

    /// The remap's history line for the plan: how much input the curve keeps to show again, and
    /// where (nil for other curves).
    public var historyText: String? {
        guard let remap else { return nil }
        let history = remap.historyNeeded
        guard history > 0 else { return "no input is shown twice: nothing is kept" }
        return "the curve shows up to \(Format.seconds(history)) s of input again: the elements keep those frames "
            + "(in memory up to 256 MiB, past it in a nameless temporary file in $TMPDIR) and samples while it does"
    }

    /// `frames / (D * F(1))`: the average output rate when every frame is kept (`--fps any`).
    public var estimatedAverageFrameRate: Double? {
        guard let frames = inputFrames, outputDuration > 0 else { return nil }
        return Double(frames) / outputDuration
    }

    /// The number of output frames at a fixed rate: the slots `k / N` before `T(D)`.
    public var expectedOutputFrames: Int? {
        switch frameRate {
        case .fixed(let n, let d): return Int(exactly: (outputDuration * Double(n) / Double(d)).rounded(.up))
        case .any: return inputFrames
        }
    }

    /// How output frames are made, for the plan's "Frames:" line.
    public var framesText: String {
        if flow {
            if case .any = frameRate { return "every frame kept at a variable rate (--flow has no effect)" }
            return "flow: slow motion moves the two nearest frames along their optical flow, speed-ups are blurred "
                + "along it (costs one flow estimate per pair of input frames, faster than real time at 1080p)"
        }
        switch (frameRate, blend) {
        case (.any, true): return "every frame kept at a variable rate (--blend has no effect)"
        case (.any, false): return "every frame kept at a variable rate"
        case (.fixed, true): return "blended: slow motion mixes the two nearest frames, speed-ups average the frames of each slot"
        case (.fixed, false): return "nearest: frames repeated or dropped to the rate (--blend mixes them instead)"
        }
    }

    /// The expected duration, as the plot's caption writes it:
    /// `0:00:12.500 (12.500 s)`, plus `(24.00 FPS)` for a variable rate.
    public var expectedDurationText: String {
        var text = "\(Format.clock(outputDuration)) (\(Format.seconds(outputDuration)) s)"
        if frameRate == .any, let fps = estimatedAverageFrameRate {
            text += ", about \(Format.fixed(fps, 2)) FPS on average"
        }
        return text
    }
}

/// The minimum and maximum of `s` over the played part of a map.
public struct ScaleRange: Sendable, Equatable {
    public let minimum: Double
    public let maximum: Double

    /// Samples `s` at 4001 points of `[0, D]` (or of the curve's own range when `D` is unknown).
    public init(map: TimeMap, duration: Double?, samples: Int = 4000) {
        let end = duration ?? Self.defaultEnd(map.curve)
        var lo = Double.infinity, hi = -Double.infinity
        for k in 0...samples {
            let s = map.scale(atSeconds: end * Double(k) / Double(samples))
            guard !s.isNaN else { continue }
            lo = min(lo, s)
            hi = max(hi, s)
        }
        minimum = lo == .infinity ? 0 : lo
        maximum = hi == -.infinity ? 0 : hi
    }

    /// The natural extent of a curve in seconds when no duration is given.
    static func defaultEnd(_ curve: any TimeScaleCurve) -> Double {
        curve.domain == .seconds ? max(curve.validationRange.upperBound, 1) : 1
    }
}

/// Number and time formatting shared by the commands.
public enum Format {
    /// `H:MM:SS.mmm` (past the Int64 range of milliseconds, the hours alone).
    public static func clock(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "-:--:--.---" }
        guard let ms = Int64(exactly: (max(seconds, 0) * 1000).rounded()) else {
            return "\(fixed((seconds / 3600).rounded(.down), 0)):--:--.---"
        }
        let h = ms / 3_600_000, m = (ms / 60_000) % 60, s = (ms / 1000) % 60, f = ms % 1000
        return "\(h):\(pad(m, 2)):\(pad(s, 2)).\(pad(f, 3))"
    }

    /// `M:SS` (or `H:MM:SS`) for elapsed and remaining times.
    public static func shortClock(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0, let total = Int64(exactly: seconds.rounded()) else { return "--:--" }
        let h = total / 3600, m = (total / 60) % 60, s = total % 60
        return h > 0 ? "\(h):\(pad(m, 2)):\(pad(s, 2))" : "\(m):\(pad(s, 2))"
    }

    /// Seconds with three decimals: `12.500`.
    public static func seconds(_ x: Double) -> String { fixed(x, 3) }

    /// `x` with `digits` decimals, rounded half away from zero; total for every input.
    public static func fixed(_ x: Double, _ digits: Int) -> String {
        guard x.isFinite else { return x.isNaN ? "nan" : (x < 0 ? "-inf" : "inf") }
        let digits = min(max(digits, 0), 17)
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(x) * scale).rounded()
        guard scaled < 9e18, let n = Int64(exactly: scaled) else { return String(x) }
        let whole = n / Int64(scale), frac = n % Int64(scale)
        let sign = x < 0 && n != 0 ? "-" : ""
        return digits > 0 ? "\(sign)\(whole).\(pad(frac, digits))" : "\(sign)\(whole)"
    }

    /// A time in nanoseconds as seconds with nine decimals: `1.933333333`.
    public static func nanos(_ ns: UInt64) -> String {
        "\(ns / 1_000_000_000).\(pad(Int64(ns % 1_000_000_000), 9))"
    }

    static func pad(_ n: Int64, _ width: Int) -> String {
        let s = String(n)
        return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }
}
