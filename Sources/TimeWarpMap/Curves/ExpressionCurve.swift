/// The curve of `function=expression`: the expression is the scale `s(u)`, integrated
/// numerically once into a table (docs/mathematics.md#expressions).
///
/// `make` integrates `s` with adaptive Gauss–Kronrod 7-15 (to 1e-13 of `∫₀¹|s|`, with an
/// end-point check so jumps cannot hide between the rule's nodes) onto an adaptive table of
/// nodes holding `F` and the exact `s` (see `HermiteTableBuilder`: 64 to 32768 intervals, each
/// accepted when the Hermite cubic matches the exact `F` at its midpoint to 1e-10·max(1,|F|)).
/// `integral(to:)` is then one O(1) cubic Hermite interpolation, within 1e-9 of the true `F`
/// (about 1e-11 for smooth `s`; kinks and jumps get refined nodes). `scale(at:)` evaluates the
/// expression itself. Past `u = 1` the curve continues with slope `s(1)`; before `u = 0` with
/// slope `s(0)`. Building costs about 0.05–0.3 ms for smooth everyday expressions (release
/// build), more for fast oscillations or many jumps; expressions needing more than 10⁶
/// evaluations or 32768 intervals are refused as too irregular.
public struct ExpressionCurve: TimeScaleCurve {
    /// The expression for `s(u)` (with `D` bound to the duration when it uses `t` or `D`).
    public let expression: Expression
    /// The precomputed table of `F` and `s`.
    private let table: HermiteTable
    /// `D` passed to `evaluate` (NaN when unknown).
    private let boundDuration: Double

    /// Normalized: positions are fractions of the media duration.
    public var domain: CurveDomain { .normalized }
    /// `0...1`.
    public var validationRange: ClosedRange<Double> { 0...1 }

    /// Tabulates `F` for `expression` with media duration `mediaDuration` seconds (needed only
    /// when the expression uses `t` or `D`). Throws naming `u` (and `t`) where `s` is NaN or
    /// infinite, singular, or too irregular to tabulate.
    public static func make(expression: Expression,
                            mediaDuration: Double?) throws(CurveBuildError) -> ExpressionCurve {
        let duration = try expression.usableDuration(mediaDuration)
        let (bound, d) = expression.specialized(duration)
        do {
            let table = try HermiteTableBuilder.build { bound.evaluate(u: $0, duration: d) }
            return ExpressionCurve(expression: bound, table: table, boundDuration: d)
        } catch {
            throw error.buildError(function: "s", duration: duration)
        }
    }

    /// Stores a built table.
    private init(expression: Expression, table: HermiteTable, boundDuration: Double) {
        self.expression = expression
        self.table = table
        self.boundDuration = boundDuration
    }

    /// `s(u)`: the expression on `[0, 1]`, `s(0)` before and `s(1)` after.
    public func scale(at u: Double) -> Double {
        if u >= 1 { return table.s[table.s.count - 1] }
        if !(u > 0) { return table.s[0] }
        return expression.evaluate(u: u, duration: boundDuration)
    }

    /// `F(u)` by Hermite interpolation in the table; linear outside `[0, 1]`.
    public func integral(to u: Double) -> Double {
        let last = table.x.count - 1
        if u >= 1 { return table.f[last] + table.s[last] * (u - 1) }
        if !(u > 0) { return u.isNaN ? u : table.s[0] * u }
        return table.value(u)
    }
}
