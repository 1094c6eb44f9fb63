import TimeWarpMap

/// A plot of the curve as data: the scale function `s` over the unit interval with its
/// minimum and maximum, the time map `T(t)`, and a caption with the expected output duration.
/// Rendered by `SVGPlot` (a file) and `TerminalPlot` (text).
public struct CurvePlot: Sendable {
    /// The curve being plotted, e.g. `function=double-smoothstep factor=1.5 modifier=0.5`.
    public let title: String
    /// The map, built for `duration` seconds (1 when the real duration is unknown).
    public let map: TimeMap
    /// The media duration `D` in seconds; `nil` when unknown (axes in `u`, `T` in units of `D`).
    public let duration: Double?
    /// The number of input frames, for the average frame rate of `--fps any`.
    public let frames: Int?
    /// The extent of the time axis: `D`, or 1 when unknown.
    public let extent: Double
    /// The range of `s` over `[0, D]`.
    public let range: ScaleRange

    /// A plot of `options` for media of `duration` seconds (`nil`: unknown). For curves in
    /// seconds without a duration, the curve's own last key is taken as `D`.
    public init(options: CurveOptions, duration: Double?, frames: Int? = nil) throws {
        var d = duration
        let settings = try options.settings(duration: duration)
        if d == nil {
            // Curves in seconds (keyframes like "0s:1, 4s:2") have an extent of their own.
            if let curve = try? settings.makeCurve(mediaDuration: nil), curve.domain == .seconds,
               curve.validationRange.upperBound > 0, options.resolvedFunction != "constant" {
                d = curve.validationRange.upperBound
                if !(curve.validationRange.upperBound <= CurveOptions.clockLimit) {
                    throw CLIError("the curve's keys reach \(Format.seconds(curve.validationRange.upperBound)) s, past the "
                                   + "range of GStreamer's clock (\(CurveOptions.clockLimitText))")
                }
            }
        }
        // Without a duration the plot is in units of D: any size is drawn.
        let map = try options.makeMap(duration: d ?? 1, inClockRange: d != nil)
        self.init(title: options.summary, map: map, duration: d, frames: frames)
    }

    /// A plot of a built map.
    public init(title: String, map: TimeMap, duration: Double?, frames: Int? = nil) {
        self.title = title
        self.map = map
        self.duration = duration
        self.frames = frames
        self.extent = duration ?? 1
        self.range = ScaleRange(map: map, duration: duration ?? 1)
    }

    /// `s` at `u` in `[0, 1]`.
    public func scale(atUnit u: Double) -> Double { map.scale(atSeconds: u * extent) }

    /// `T(t)` for `t` in `[0, extent]`.
    public func warp(_ t: Double) -> Double { map.warp(t) }

    /// `T(D)`: the expected output duration (in units of `D` when `D` is unknown).
    public var outputDuration: Double { map.warp(extent) }

    /// The caption: the range of `s` and the expected scaled duration (with the average frame
    /// rate when the frame count is known).
    public var caption: [String] {
        let lo = Format.fixed(range.minimum, 2), hi = Format.fixed(range.maximum, 2)
        var lines = ["Time scale on [0,1] to [\(lo), \(hi)]"]
        if duration != nil {
            var expected = "Expected scaled duration: \(Format.clock(outputDuration)) "
                + "(\(Format.seconds(extent)) s -> \(Format.seconds(outputDuration)) s)"
            if let frames, outputDuration > 0 {
                expected += " (\(Format.fixed(Double(frames) / outputDuration, 2)) FPS)"
            }
            lines.append(expected)
        } else {
            lines.append("Expected scaled duration: \(Format.fixed(outputDuration, 4)) x D "
                         + "(give --duration for seconds)")
        }
        return lines
    }

    /// The label of the time axis of the `T` panel.
    public var timeAxisLabel: String { duration == nil ? "t / D" : "t (s)" }

    /// A y range for the `s` panel: the curve and 1 (no change), with headroom; infinite values
    /// (integrable singularities) are capped at the largest finite sample.
    public func scaleAxisRange(samples: Int = 400) -> (Double, Double) {
        var hi = 1.0, lo = 1.0
        for k in 0...samples {
            let s = scale(atUnit: Double(k) / Double(samples))
            guard s.isFinite else { continue }
            hi = max(hi, s)
            lo = min(lo, s)
        }
        let pad = max((hi - lo) * 0.1, 0.05)
        let bottom = lo >= 0 && lo - pad < 0 ? 0 : lo - pad
        return (bottom, hi + pad)
    }

    /// A y range for the `T` panel: from 0 to the larger of `T(D)` and `D`.
    public var mapAxisRange: (Double, Double) {
        var hi = max(outputDuration, extent)
        for k in 0...200 { hi = max(hi, warp(extent * Double(k) / 200)) }
        return (0, hi * 1.04)
    }
}

/// "Nice" axis ticks: about `count` round numbers covering `lo...hi`.
public func niceTicks(_ lo: Double, _ hi: Double, count: Int = 5) -> [Double] {
    guard lo.isFinite, hi.isFinite, hi > lo, count > 0 else { return [lo] }
    let rough = (hi - lo) / Double(count)
    guard rough.isFinite, rough > 0 else { return [lo, hi] }
    var step = 1.0
    while step > rough { step /= 10 }
    while step * 10 <= rough { step *= 10 }
    for m in [1.0, 2.0, 2.5, 5.0, 10.0] where step * m >= rough {
        step *= m
        break
    }
    var ticks: [Double] = []
    var v = (lo / step).rounded(.up) * step
    while v <= hi + step * 1e-9, ticks.count < 50 {
        ticks.append(abs(v) < step * 1e-9 ? 0 : v)
        v += step
    }
    return ticks
}

/// A tick label: as few decimals as the step needs.
func tickLabel(_ v: Double) -> String {
    for digits in 0...4 {
        let text = Format.fixed(v, digits)
        if let back = Double(text), abs(back - v) < 1e-9 * max(1, abs(v)) { return text }
    }
    return Format.fixed(v, 4)
}
