/// One step of a compiled expression: a postfix (stack machine) instruction.
enum ExpressionInstruction: Sendable {
    /// Push a constant.
    case constant(Double)
    /// Push `u` (fraction of the media duration).
    case u
    /// Push `t = u * D` (seconds).
    case t
    /// Push `D` (media duration in seconds).
    case duration
    /// Pop b, a; push a + b.
    case add
    /// Pop b, a; push a - b.
    case subtract
    /// Pop b, a; push a * b.
    case multiply
    /// Pop b, a; push a / b.
    case divide
    /// Pop b, a; push a ^ b.
    case power
    /// Pop a; push -a.
    case negate
    /// Pop one argument; push f(x).
    case call1(ExpressionFunction)
    /// Pop two arguments; push f(x, y).
    case call2(ExpressionFunction)
    /// Pop three arguments; push f(x, y, z).
    case call3(ExpressionFunction)

    /// How many values the instruction pops.
    var inputs: Int {
        switch self {
        case .constant, .u, .t, .duration: return 0
        case .negate, .call1: return 1
        case .add, .subtract, .multiply, .divide, .power, .call2: return 2
        case .call3: return 3
        }
    }

    /// The value constant inputs `args` produce (for folding); nil for pushes of variables.
    func fold(_ args: ArraySlice<Double>) -> Double? {
        let a = args
        let i = a.startIndex
        switch self {
        case .constant(let v): return v
        case .u, .t, .duration: return nil
        case .add: return a[i] + a[i + 1]
        case .subtract: return a[i] - a[i + 1]
        case .multiply: return a[i] * a[i + 1]
        case .divide: return a[i] / a[i + 1]
        case .power: return ExpressionFunction.pow.apply(a[i], a[i + 1])
        case .negate: return -a[i]
        case .call1(let f): return f.apply(a[i])
        case .call2(let f): return f.apply(a[i], a[i + 1])
        case .call3(let f): return f.apply(a[i], a[i + 1], a[i + 2])
        }
    }
}
