/// One piece of a spliced map: from input time `start` (seconds) on, the output follows `curve`
/// shifted so that it continues where the pieces before it ended (docs/mathematics.md#live-changes).
public struct SplicePiece: Sendable {
    /// Input time (seconds) where this piece takes over.
    public let start: Double
    /// The applied map's output time (seconds) at `start`.
    public let outputStart: Double
    /// The curve of the map that was set at `start`.
    let curve: any TimeScaleCurve
    /// Seconds per unit of `curve`'s domain (`D` for normalized curves, 1 for seconds).
    let unit: Double
    /// The curve's own map at `start`: `unit * F(start / unit)`.
    let curveAtStart: Double

    /// The piece of `map` that starts at input time `start` and output time `outputStart`.
    init(start: Double, outputStart: Double, map: TimeMap) {
        self.init(start: start, outputStart: outputStart, curve: map.curve, unit: map.unit)
    }

    /// The piece of `curve` (measured in `unit` seconds) from `start` on.
    init(start: Double, outputStart: Double, curve: any TimeScaleCurve, unit: Double) {
        self.start = start
        self.outputStart = outputStart
        self.curve = curve
        self.unit = unit
        curveAtStart = unit * curve.integral(to: start / unit)
    }

    /// The applied map at `t >= start`: `outputStart + T_piece(t) - T_piece(start)`.
    func warp(_ t: Double) -> Double {
        outputStart + (unit * curve.integral(to: t / unit) - curveAtStart)
    }

    /// `dT/dt` at input time `t`.
    func scale(at t: Double) -> Double {
        curve.scale(at: t / unit)
    }

    /// Where the curve stops being described explicitly (seconds); it continues linearly after.
    var curveEnd: Double { unit * curve.validationRange.upperBound }
}
