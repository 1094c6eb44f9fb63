// TEMPORARY: replaced by the real time map. Do not commit.
public enum BuiltinFunction: String, CaseIterable, Sendable { case constant, triangle, cosine, taperedCosine = "tapered-cosine", power, doubleSmoothstep = "double-smoothstep" }
public struct BuiltinCurve: TimeScaleCurve {
    let f: Double
    public init(function: BuiltinFunction, factor: Double, modifier: Double) { f = factor }
    public var domain: CurveDomain { .normalized }
    public var validationRange: ClosedRange<Double> { 0...1 }
    public func scale(at x: Double) -> Double { f }
    public func integral(to x: Double) -> Double { f * x }
    public var isIdentity: Bool { f == 1 }
}
public struct TimeMap: Sendable {
    let curve: any TimeScaleCurve
    public let mediaDuration: Double?
    public init(curve: any TimeScaleCurve, mediaDuration: Double?) throws { self.curve = curve; self.mediaDuration = mediaDuration }
    public var outputDuration: Double? { mediaDuration.map { curve.integral(to: 1) * $0 } }
    public func warp(_ t: Double) -> Double { curve.integral(to: t) }
    public func unwarp(_ y: Double) -> Double { y / curve.scale(at: 0) }
    public var isIdentity: Bool { curve.isIdentity }
}
