/// `s = factor` everywhere, in seconds: the same map for every `D`, so `function=constant`
/// works on sources that report no duration (live sources, `videotestsrc`).
struct ConstantScaleCurve: TimeScaleCurve {
    /// The constant scale.
    let factor: Double

    var domain: CurveDomain { .seconds }
    var validationRange: ClosedRange<Double> { 0...1 }
    func scale(at x: Double) -> Double { factor }
    func integral(to x: Double) -> Double { factor * x }
    var isIdentity: Bool { factor == 1 }
}

extension ConstantScaleCurve: CustomStringConvertible {
    var description: String { "function=constant factor=\(factor)" }
}
