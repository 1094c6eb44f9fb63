/// A scale function `s(u)` supplied by application code as a closure, integrated once into a
/// Hermite table exactly like `function=expression` (O(1) per evaluation afterwards).
public struct ScaleClosureCurve: TimeScaleCurve {
    private let s: @Sendable (Double) -> Double
    private let table: HermiteTable

    /// Normalized: `u = t / D`.
    public var domain: CurveDomain { .normalized }
    /// `0...1`.
    public var validationRange: ClosedRange<Double> { 0...1 }

    /// Integrates `scale` on `[0, 1]`; throws naming `u` where it is not finite or integrable.
    public static func make(scale: @escaping @Sendable (Double) -> Double) throws(CurveBuildError) -> ScaleClosureCurve {
        do {
            return ScaleClosureCurve(s: scale, table: try HermiteTableBuilder.build(scale))
        } catch {
            throw error.buildError(function: "s", duration: nil)
        }
    }

    private init(s: @escaping @Sendable (Double) -> Double, table: HermiteTable) {
        self.s = s
        self.table = table
    }

    /// `s(u)` on `[0, 1]`, `s(0)` before and `s(1)` after.
    public func scale(at u: Double) -> Double {
        guard let first = table.s.first, let last = table.s.last else { return .nan }
        if u >= 1 { return last }
        if !(u > 0) { return first }
        return s(u)
    }

    /// `F(u)` from the table; linear outside `[0, 1]`.
    public func integral(to u: Double) -> Double {
        guard let f1 = table.f.last, let s0 = table.s.first, let s1 = table.s.last else { return .nan }
        if u >= 1 { return f1 + s1 * (u - 1) }
        if !(u > 0) { return u.isNaN ? u : s0 * u }
        return table.value(u)
    }
}
