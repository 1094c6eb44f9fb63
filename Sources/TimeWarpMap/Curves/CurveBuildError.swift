/// An error found while turning a parsed expression into a curve (rather than while parsing it).
public enum CurveBuildError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The expression uses `t` or `D` but no usable media duration was given.
    case durationRequired
    /// The media duration given is not a finite positive number of seconds.
    case invalidDuration(Double)
    /// `function` (`"s"` or `"F"`) evaluated to NaN or an infinity at `u`
    /// (`seconds` is `t = u * D` when the duration is known).
    case notFinite(function: String, u: Double, seconds: Double?, value: Double)
    /// An antiderivative expression must give `F(0) == 0` (within 1e-12); it gave `value`.
    case antiderivativeNotZeroAtStart(value: Double)
    /// Numerical integration of `s` did not converge near `u`: `s` is (nearly) singular there.
    case notIntegrable(u: Double, seconds: Double?)
    /// `s` varies too fast near `u` to be tabulated to the required accuracy within the budget.
    case tooIrregular(u: Double, seconds: Double?)

    /// A message naming the problem and, where there is one, the position where it occurs.
    public var description: String {
        switch self {
        case .durationRequired:
            return "the expression uses 't' or 'D' but the media duration is unknown"
        case .invalidDuration(let d):
            return "media duration \(d) s is not a finite positive number"
        case .notFinite(let function, let u, let seconds, let value):
            let shown = value.isNaN ? "NaN" : value > 0 ? "+infinity" : "-infinity"
            return "\(function)(u) is \(shown) at \(Self.place(u, seconds))"
        case .antiderivativeNotZeroAtStart(let value):
            return "an antiderivative must start at F(0) = 0, but F(0) = \(value)"
        case .notIntegrable(let u, let seconds):
            return "s(u) cannot be integrated near \(Self.place(u, seconds)); is it singular there?"
        case .tooIrregular(let u, let seconds):
            return "s(u) varies too fast near \(Self.place(u, seconds)) to be tabulated accurately"
        }
    }

    /// `u = 0.5 (t = 5.0 s)`, or `u = 0.5` when the duration is unknown.
    static func place(_ u: Double, _ seconds: Double?) -> String {
        seconds.map { "u = \(u) (t = \($0) s)" } ?? "u = \(u)"
    }
}
