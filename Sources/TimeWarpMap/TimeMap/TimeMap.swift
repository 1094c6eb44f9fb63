/// The validated time map `T` (docs/mathematics.md#the-time-map): media time `t` (seconds) to output time
/// `T(t) = D * F(t / D)` for normalized curves, or `T(t) = F(t)` for curves in seconds, and back.
///
/// Construction checks the curve once (parameters, `F(0) = 0`, `F` finite and strictly increasing
/// on a grid of 4096 intervals, a positive continuation slope) and keeps that grid as a bracket
/// table for the inverse. Every member is total: any `Double` (NaN, infinities) gives a value,
/// never a trap.
public struct TimeMap: Sendable {
    /// The curve being mapped through.
    public let curve: any TimeScaleCurve
    /// The media duration `D` in seconds, when known.
    public let mediaDuration: Double?
    /// The output duration in seconds: `D * F(1)` (normalized) or `F(D)` (seconds); `nil` when `D`
    /// is unknown.
    public let outputDuration: Double?

    /// Seconds per unit of the curve's domain: `D` for normalized curves, 1 for seconds.
    @usableFromInline let unit: Double
    /// `F` at the grid positions `end * k / n`, `k = 0...n`; strictly increasing.
    let table: [Double]
    /// The end of the grid, `curve.validationRange.upperBound` (curve units).
    let end: Double
    /// `s(end)`: the slope of the linear continuation, finite and positive.
    let endScale: Double
    /// `s` at the grid nodes of `table`.
    let scales: [Double]
    /// Where the grid of `table` ends (curve units): `end`, unless the map was extended by
    /// `extendingLastSampledPiece` past the grid, which validates only the new part and keeps
    /// the grid of the part before (the inverse brackets the rest itself).
    let tableEnd: Double

    /// The number of grid intervals used for validation and as the inverse's bracket table.
    static let gridIntervals = 4096

    /// The smallest scale a map may have on average over its curve, and past its end: output
    /// advances at least 1 ns per second of input (docs/mathematics.md#validation). Locally the
    /// scale may touch 0.
    public static let smallestScale = 1e-9

    /// Validates `curve` and builds the map. `mediaDuration` (seconds, finite and positive) is
    /// required when `curve.domain == .normalized`; curves in seconds work without it.
    public init(curve: any TimeScaleCurve, mediaDuration: Double?) throws(TimeMapError) {
        if let builtin = curve as? BuiltinCurve { try builtin.validateParameters() }
        if let duration = mediaDuration, !(duration.isFinite && duration > 0) {
            throw .invalidParameter(name: "duration", value: duration,
                                    reason: "the media duration must be finite and greater than 0 s")
        }
        let unit: Double
        switch curve.domain {
        case .normalized:
            guard let duration = mediaDuration else {
                throw .needsDuration(curve: TimeMap.name(of: curve))
            }
            unit = duration
        case .seconds:
            unit = 1
        }
        let grid = try TimeMap.validatedGrid(curve, mediaDuration: mediaDuration)
        self.curve = curve
        self.mediaDuration = mediaDuration
        self.unit = unit
        self.table = grid.table
        self.end = grid.end
        self.endScale = grid.endScale
        self.scales = grid.scales
        self.tableEnd = grid.end
        self.outputDuration = mediaDuration.map { unit * curve.integral(to: $0 / unit) }
    }

    /// A map of `curve` that keeps `grid`'s table (validated before) and whose own checks were
    /// made by the caller up to `end` (curve units).
    init(curve: any TimeScaleCurve, mediaDuration: Double?, unit: Double, keeping grid: TimeMap, end: Double,
         endScale: Double) {
        self.curve = curve
        self.mediaDuration = mediaDuration
        self.unit = unit
        self.table = grid.table
        self.scales = grid.scales
        self.tableEnd = grid.tableEnd
        self.end = end
        self.endScale = endScale
        self.outputDuration = mediaDuration.map { unit * curve.integral(to: $0 / unit) }
    }

    /// `T(t)`: the output time in seconds of media time `t` in seconds.
    @inlinable
    public func warp(_ t: Double) -> Double {
        unit * curve.integral(to: t / unit)
    }

    /// `T(t)` as `warp(_:)` computes it, with the curve known to be `builtin` (the map's own
    /// curve): called directly, not through the existential (per-frame callers cache it).
    @inlinable
    public func warp(_ t: Double, builtin: BuiltinCurve) -> Double {
        unit * builtin.integral(to: t / unit)
    }

    /// `T⁻¹(y)`: the media time in seconds that is output at `y` seconds; 0 for `y <= 0`.
    /// Accurate to about 1e-15 relative, in a bounded number of steps.
    @inlinable
    public func unwarp(_ y: Double) -> Double {
        unit * inverseIntegral(y / unit)
    }

    /// `dT/dt = s(t / D)` (or `s(t)` for curves in seconds): the local stretch at media time `t`.
    @inlinable
    public func scale(atSeconds t: Double) -> Double {
        curve.scale(at: t / unit)
    }

    /// The least `s` on the validation grid and past its end: where the map plays fastest
    /// (`1/s` times real speed), at least `smallestScale`.
    public var leastScale: Double { max(min(scales.min() ?? endScale, endScale), Self.smallestScale) }

    /// True when the map is exactly the identity (elements may pass data through untouched).
    public var isIdentity: Bool { curve.isIdentity }

    /// A short name of the curve for messages: `"function=triangle"` for built-ins.
    static func name(of curve: any TimeScaleCurve) -> String {
        if let builtin = curve as? BuiltinCurve { return "function=\(builtin.function.nick)" }
        return summary(of: curve)
    }

    /// The curve with its parameters for messages: `"function=constant factor=-1"`.
    static func summary(of curve: any TimeScaleCurve) -> String {
        if let described = curve as? any CustomStringConvertible { return described.description }
        return "custom curve"
    }
}
