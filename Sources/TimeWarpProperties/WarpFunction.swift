/// The elements' `function` property: one case per value of the GEnum `GstTimeWarpFunction`
/// (raw value = GEnum value; C table in `enums.c`). The element, the CLI and
/// `CurveOptions` all name functions through this enum.
public enum WarpFunction: Int32, PropertyEnum {
    /// A constant scale.
    case constant = 0
    /// A triangle of height `factor` centred on `u = 1/2`.
    case triangle = 1
    /// A cosine of amplitude `factor` and frequency `modifier`.
    case cosine = 2
    /// The cosine, faded in from 1 by a smoothstep.
    case taperedCosine = 3
    /// `2 * modifier * u^factor + modifier / 2`.
    case power = 4
    /// Eased up to `factor`, held, eased back to 1.
    case doubleSmoothstep = 5
    /// The curve of the `keyframes` property.
    case keyframes = 6
    /// `s(u)` given by the `expression` property.
    case expression = 7
    /// `F(u)` itself given by the `expression` property.
    case antiderivative = 8
    /// The remap curve `p(τ)` of the `remap` property (it may stop and go backwards).
    case remap = 9

    /// The registered name of the GEnum type.
    public static let gTypeName = "GstTimeWarpFunction"

    /// The property's default: constant (with `factor` 1, an exact pass-through).
    public static let propertyDefault = WarpFunction.constant

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
        case .remap: return "remap"
        }
    }

    /// The GEnum value's description (`value_name`), as `gst-inspect-1.0` lists it.
    public var summary: String {
        switch self {
        case .constant: return "Constant scale: s(u) = factor"
        case .triangle: return "Triangle: 1 outside [c-w, c+w], peak factor at c = 1/2, w = modifier/2"
        case .cosine: return "Cosine: factor*(cos(12*modifier*pi*u)+1)+factor/2"
        case .taperedCosine: return "Tapered cosine: 1 + (cosine(u)-1)*smoothstep(u)"
        case .power: return "Power: 2*modifier*u^factor + modifier/2"
        case .doubleSmoothstep: return "Double smoothstep: 1, eased up to factor, held, eased back to 1"
        case .keyframes: return "Keyframes: the curve given by the keyframes property"
        case .expression: return "Expression: s(u) given by the expression property"
        case .antiderivative: return "Antiderivative: F(u) itself given by the expression property"
        case .remap: return "Remap: the input time shown at each output time, given by the remap property (it may stop and go backwards)"
        }
    }

    /// The functions with closed-form integrals whose curve `factor` and `modifier` parametrise
    /// (docs/mathematics.md#built-in-scale-functions), in table order.
    public static let builtins: [WarpFunction] = [.constant, .triangle, .cosine, .taperedCosine, .power, .doubleSmoothstep]

    /// True for a closed-form built-in (false for the curves the `keyframes`, `expression` and
    /// `remap` properties give).
    public var isBuiltin: Bool { Self.builtins.contains(self) }
}
