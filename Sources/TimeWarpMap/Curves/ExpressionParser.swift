/// Recursive-descent parser for curve expressions, emitting a postfix program directly.
///
/// Grammar (lowest precedence first):
///
///     expression := term (('+' | '-') term)*
///     term       := unary (('*' | '/') unary)*
///     unary      := ('-' | '+')* power            -- so -u^2 = -(u^2)
///     power      := primary ('^' unary)?          -- right-associative: 2^3^2 = 2^9
///     primary    := number | name | name '(' expression (',' expression)* ')'
///                 | '(' expression ')'
///
/// Nesting (parentheses, calls, exponents) is limited to `ExpressionParser.maxDepth` levels so
/// hostile input cannot exhaust the stack; sums, products and unary signs are parsed by loops.
struct ExpressionParser {
    /// Deepest nesting of parentheses, function calls and exponents accepted.
    static let maxDepth = 256

    /// The tokens, ending with `.end`.
    private let tokens: [ExpressionToken]
    /// Index of the next token.
    private var position = 0
    /// Current nesting depth.
    private var depth = 0
    /// Output program.
    private var builder = ExpressionProgramBuilder()
    /// Whether `t` or `D` appeared.
    private(set) var usesDuration = false

    /// Prepares to parse `tokens` (which must end with `.end`).
    init(tokens: [ExpressionToken]) {
        self.tokens = tokens
    }

    /// Parses the whole token list into a postfix program.
    mutating func parseAll() throws(CurveParseError) -> [ExpressionInstruction] {
        if case .end = current.kind {
            throw CurveParseError("empty expression", column: current.column)
        }
        try parseExpression()
        guard case .end = current.kind else {
            if case .symbol(")") = current.kind {
                throw CurveParseError("unmatched ')'", column: current.column)
            }
            throw CurveParseError("expected an operator, found \(current.quoted)",
                                  column: current.column)
        }
        return builder.program
    }

    /// The next token.
    private var current: ExpressionToken { tokens[position] }

    /// Consumes the next token if it is `symbol`.
    private mutating func accept(_ symbol: Unicode.Scalar) -> Bool {
        if case .symbol(let c) = current.kind, c == symbol {
            position += 1
            return true
        }
        return false
    }

    /// Enters one nesting level, refusing to go deeper than `maxDepth`.
    private mutating func enter(at column: Int) throws(CurveParseError) {
        depth += 1
        if depth > ExpressionParser.maxDepth {
            throw CurveParseError(
                "expression nested too deeply (more than \(ExpressionParser.maxDepth) levels)",
                column: column)
        }
    }

    /// expression := term (('+' | '-') term)*
    private mutating func parseExpression() throws(CurveParseError) {
        try parseTerm()
        while true {
            if accept("+") {
                try parseTerm()
                builder.emit(.add)
            } else if accept("-") {
                try parseTerm()
                builder.emit(.subtract)
            } else {
                return
            }
        }
    }

    /// term := unary (('*' | '/') unary)*
    private mutating func parseTerm() throws(CurveParseError) {
        try parseUnary()
        while true {
            if accept("*") {
                try parseUnary()
                builder.emit(.multiply)
            } else if accept("/") {
                try parseUnary()
                builder.emit(.divide)
            } else {
                return
            }
        }
    }

    /// unary := ('-' | '+')* power
    private mutating func parseUnary() throws(CurveParseError) {
        var negative = false
        while true {
            if accept("-") {
                negative.toggle()
            } else if !accept("+") {
                break
            }
        }
        try parsePower()
        // Negation is exact in IEEE arithmetic, so an even number of signs is the identity.
        if negative { builder.emit(.negate) }
    }

    /// power := primary ('^' unary)?
    private mutating func parsePower() throws(CurveParseError) {
        try parsePrimary()
        let column = current.column
        if accept("^") {
            try enter(at: column)
            try parseUnary()
            depth -= 1
            builder.emit(.power)
        }
    }

    /// primary := number | name | call | '(' expression ')'
    private mutating func parsePrimary() throws(CurveParseError) {
        let token = current
        switch token.kind {
        case .number(let v):
            position += 1
            builder.emit(.constant(v))
        case .name(let name):
            position += 1
            try parseName(name, column: token.column)
        case .symbol("("):
            position += 1
            try enter(at: token.column)
            try parseExpression()
            guard accept(")") else {
                throw CurveParseError("expected ')'", column: current.column)
            }
            depth -= 1
        case .end:
            throw CurveParseError(
                "expected a number, a variable, a function or '(', found end of expression",
                column: token.column)
        case .symbol:
            throw CurveParseError(
                "expected a number, a variable, a function or '(', found \(token.quoted)",
                column: token.column)
        }
    }

    /// A variable, constant or function call starting with `name`.
    private mutating func parseName(_ name: String, column: Int) throws(CurveParseError) {
        let isCall: Bool
        if case .symbol("(") = current.kind { isCall = true } else { isCall = false }
        if let function = ExpressionFunction(rawValue: name) {
            guard isCall else {
                throw CurveParseError("expected '(' after function '\(name)'",
                                      column: current.column)
            }
            try parseCall(function, column: column)
            return
        }
        let instruction: ExpressionInstruction
        switch name {
        case "u": instruction = .u
        case "t": instruction = .t; usesDuration = true
        case "D": instruction = .duration; usesDuration = true
        case "pi": instruction = .constant(Double.pi)
        case "e": instruction = .constant(2.718281828459045235360287)
        default:
            if isCall {
                throw CurveParseError("unknown function '\(name)'", column: column)
            }
            throw CurveParseError("unknown variable '\(name)' (use u, t, D, pi or e)",
                                  column: column)
        }
        if isCall {
            throw CurveParseError("'\(name)' is not a function", column: column)
        }
        builder.emit(instruction)
    }

    /// `name(args)` with `current` at '('; checks the number of arguments.
    private mutating func parseCall(_ function: ExpressionFunction,
                                    column: Int) throws(CurveParseError) {
        let open = current.column
        position += 1  // '('
        try enter(at: open)
        var count = 0
        if case .symbol(")") = current.kind {
            // No arguments: reported as an arity error below.
        } else {
            repeat {
                try parseExpression()
                count += 1
            } while accept(",")
        }
        guard accept(")") else {
            throw CurveParseError("expected ')'", column: current.column)
        }
        depth -= 1
        guard count == function.arity else {
            let plural = function.arity == 1 ? "argument" : "arguments"
            throw CurveParseError(
                "function '\(function.rawValue)' takes \(function.arity) \(plural), got \(count)",
                column: column)
        }
        switch count {
        case 1: builder.emit(.call1(function))
        case 2: builder.emit(.call2(function))
        default: builder.emit(.call3(function))
        }
    }
}
