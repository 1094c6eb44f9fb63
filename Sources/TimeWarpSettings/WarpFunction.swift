import TimeWarpMap

/// The values of the `function` property (the `GstTimeWarpFunction` GEnum, same order).
public enum WarpFunction: Int32, CaseIterable, Sendable {
    case constant = 0, triangle, cosine, taperedCosine, power, doubleSmoothstep
    case keyframes, expression, antiderivative

    /// The GEnum nick (`tapered-cosine`, ...), as users write it.
    public var nick: String {
        switch self {
        case .constant: return "constant"
        case .triangle: return "triangle"
        case .cosine: return "cosine"
        case .taperedCosine: return "tapered-cosine"
        case .power: return "power"
        case .doubleSmoothstep: return "double-smoothstep"
        case .keyframes: return "keyframes"
        case .expression: return "expression"
        case .antiderivative: return "antiderivative"
        }
    }

    /// The built-in function this value names, if it is one.
    public var builtin: BuiltinFunction? {
        switch self {
        case .constant: return .constant
        case .triangle: return .triangle
        case .cosine: return .cosine
        case .taperedCosine: return .taperedCosine
        case .power: return .power
        case .doubleSmoothstep: return .doubleSmoothstep
        case .keyframes, .expression, .antiderivative: return nil
        }
    }
}
