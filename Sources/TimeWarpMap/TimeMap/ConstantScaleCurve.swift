/// `s = factor` everywhere, in seconds: the same map for every `D`, so `function=constant`
/// works on sources that report no duration (live sources, `videotestsrc`).
public struct ConstantScaleCurve: TimeScaleCurve {
    /// The constant scale.
    public let factor: Double

    /// The curve `s = factor`.
    public init(factor: Double) { self.factor = factor }

    /// Always `.seconds`: the map needs no media duration.
    public var domain: CurveDomain { .seconds }
    /// `0...1` (any range would do: the curve is linear everywhere).
    public var validationRange: ClosedRange<Double> { 0...1 }
    /// `factor`.
    public func scale(at x: Double) -> Double { factor }
    /// `factor * x`.
    public func integral(to x: Double) -> Double { factor * x }
    /// True when `factor == 1`.
    public var isIdentity: Bool { factor == 1 }
}

extension ConstantScaleCurve: CustomStringConvertible {
    /// E.g. `"function=constant factor=0.5"`.
    public var description: String { "function=constant factor=\(factor)" }
}
