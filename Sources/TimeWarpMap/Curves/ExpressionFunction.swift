#if canImport(Glibc)
import Glibc
#endif

/// A function callable from a curve expression, with its fixed number of arguments.
public enum ExpressionFunction: String, Sendable, CaseIterable, Equatable {
    /// Sine (radians).
    case sin
    /// Cosine (radians).
    case cos
    /// Tangent (radians).
    case tan
    /// Arc sine.
    case asin
    /// Arc cosine.
    case acos
    /// Arc tangent.
    case atan
    /// `e^x`.
    case exp
    /// Natural logarithm.
    case log
    /// Square root.
    case sqrt
    /// Absolute value.
    case abs
    /// Largest integer not greater than `x`.
    case floor
    /// Smallest integer not less than `x`.
    case ceil
    /// The smaller of two values.
    case min
    /// The larger of two values.
    case max
    /// `pow(x, y) = x^y`.
    case pow
    /// `clamp(x, lo, hi)`: `x` limited to `[lo, hi]` (`min(max(x, lo), hi)`).
    case clamp
    /// `smoothstep(e0, e1, x)`: 0 below `e0`, 1 above `e1`, `3v² - 2v³` with
    /// `v = (x - e0) / (e1 - e0)` between (a step at `e0` when `e0 == e1`).
    case smoothstep

    /// How many arguments the function takes.
    public var arity: Int {
        switch self {
        case .min, .max, .pow: return 2
        case .clamp, .smoothstep: return 3
        default: return 1
        }
    }

    /// Applies a one-argument function.
    @inline(__always)
    func apply(_ x: Double) -> Double {
        switch self {
        case .sin: return Glibc.sin(x)
        case .cos: return Glibc.cos(x)
        case .tan: return Glibc.tan(x)
        case .asin: return Glibc.asin(x)
        case .acos: return Glibc.acos(x)
        case .atan: return Glibc.atan(x)
        case .exp: return Glibc.exp(x)
        case .log: return Glibc.log(x)
        case .sqrt: return x.squareRoot()
        case .abs: return Swift.abs(x)
        case .floor: return x.rounded(.down)
        case .ceil: return x.rounded(.up)
        default: return .nan
        }
    }

    /// Applies a two-argument function.
    @inline(__always)
    func apply(_ x: Double, _ y: Double) -> Double {
        switch self {
        case .min: return x.isNaN || y.isNaN ? .nan : Swift.min(x, y)
        case .max: return x.isNaN || y.isNaN ? .nan : Swift.max(x, y)
        case .pow: return Glibc.pow(x, y)
        default: return .nan
        }
    }

    /// Applies a three-argument function.
    @inline(__always)
    func apply(_ x: Double, _ y: Double, _ z: Double) -> Double {
        switch self {
        case .clamp:
            if x.isNaN || y.isNaN || z.isNaN { return .nan }
            return Swift.min(Swift.max(x, y), z)
        case .smoothstep:
            let (e0, e1) = (x, y)
            if e0.isNaN || e1.isNaN || z.isNaN { return .nan }
            if e0 == e1 { return z < e0 ? 0 : 1 }
            let v = Swift.min(Swift.max((z - e0) / (e1 - e0), 0), 1)
            return v * v * (3 - 2 * v)
        default:
            return .nan
        }
    }
}
