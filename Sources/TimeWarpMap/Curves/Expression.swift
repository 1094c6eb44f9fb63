/// A parsed curve expression in `u`, `t` (seconds, `u * D`) and `D` (seconds), compiled to a
/// flat postfix program with constant subexpressions folded.
///
/// Parse once (when the property is set) with `Expression.parse(_:)`; evaluation allocates
/// nothing on the heap for expressions of ordinary depth (its value stack is a temporary
/// allocation on the call stack).
public struct Expression: Sendable, CustomStringConvertible {
    /// The text the expression was parsed from.
    public let source: String
    /// The compiled program.
    let program: [ExpressionInstruction]
    /// The deepest the value stack gets while running `program`.
    let stackSize: Int
    /// True when the expression mentions `t` or `D` (so it needs the media duration).
    public let usesDuration: Bool

    /// Wraps a compiled program.
    init(source: String, program: [ExpressionInstruction], usesDuration: Bool) {
        self.source = source
        self.program = program
        self.usesDuration = usesDuration
        var depth = 0, deepest = 0
        for ins in program {
            depth += 1 - ins.inputs
            deepest = max(deepest, depth)
        }
        self.stackSize = max(deepest, 1)
    }

    /// Parses `text`; throws a `CurveParseError` with the column of the first problem. Never
    /// traps, whatever the input (nesting deeper than 256 levels is refused).
    public static func parse(_ text: String) throws(CurveParseError) -> Expression {
        let tokens = try tokenizeExpression(text)
        var parser = ExpressionParser(tokens: tokens)
        let program = try parser.parseAll()
        return Expression(source: text, program: program, usesDuration: parser.usesDuration)
    }

    /// The source text.
    public var description: String { source }

    /// The constant value of the expression when it uses no variable at all, else nil.
    public var constantValue: Double? {
        if program.count == 1, case .constant(let v) = program[0] { return v }
        return nil
    }

    /// A copy with `D` replaced by `duration` and constants refolded (`t` stays `u * D`
    /// computed at run time). Use it when the duration is fixed, to evaluate faster.
    public func bound(duration: Double) -> Expression {
        var builder = ExpressionProgramBuilder()
        for ins in program {
            if case .duration = ins {
                builder.emit(.constant(duration))
            } else {
                builder.emit(ins)
            }
        }
        return Expression(source: source, program: builder.program, usesDuration: usesDuration)
    }

    /// Evaluates the expression at `u` with media duration `duration` seconds (`t = u * D`;
    /// without a duration `t` and `D` are NaN). Returns NaN or an infinity where the
    /// mathematics does (e.g. `log(0)`); never traps.
    public func evaluate(u: Double, duration: Double = .nan) -> Double {
        if stackSize <= 16 {
            // A fixed-size local buffer: certainly on the call stack, no allocation.
            var small = SmallStack()
            return withUnsafeMutableBytes(of: &small) { raw in
                run(raw.bindMemory(to: Double.self), u: u, duration: duration)
            }
        }
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: stackSize) { stack in
            run(stack, u: u, duration: duration)
        }
    }

    /// Storage for up to 16 stack values.
    private struct SmallStack {
        var values: (SIMD8<Double>, SIMD8<Double>) = (.zero, .zero)
    }

    /// Runs the program on the value stack `stack` (at least `stackSize` long).
    @inline(__always)
    private func run(_ stack: UnsafeMutableBufferPointer<Double>, u: Double,
                     duration: Double) -> Double {
        guard let s = stack.baseAddress else { return .nan }
        var top = -1
        for ins in program {
            switch ins {
            case .constant(let v):
                top += 1; s[top] = v
            case .u:
                top += 1; s[top] = u
            case .t:
                top += 1; s[top] = u * duration
            case .duration:
                top += 1; s[top] = duration
            case .add:
                top -= 1; s[top] = s[top] + s[top + 1]
            case .subtract:
                top -= 1; s[top] = s[top] - s[top + 1]
            case .multiply:
                top -= 1; s[top] = s[top] * s[top + 1]
            case .divide:
                top -= 1; s[top] = s[top] / s[top + 1]
            case .power:
                top -= 1; s[top] = ExpressionFunction.pow.apply(s[top], s[top + 1])
            case .negate:
                s[top] = -s[top]
            case .call1(let f):
                s[top] = f.apply(s[top])
            case .call2(let f):
                top -= 1; s[top] = f.apply(s[top], s[top + 1])
            case .call3(let f):
                top -= 2; s[top] = f.apply(s[top], s[top + 1], s[top + 2])
            }
        }
        return s[0]
    }
}
