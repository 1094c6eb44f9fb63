/// One lexical token of a curve expression, with its 1-based column.
struct ExpressionToken: Sendable {
    /// What the token is.
    enum Kind: Sendable, Equatable {
        /// A finite non-negative number literal.
        case number(Double)
        /// A name: variable, constant or function.
        case name(String)
        /// One of `+ - * / ^ ( ) ,`.
        case symbol(Unicode.Scalar)
        /// The end of the text.
        case end
    }

    /// The token.
    let kind: Kind
    /// 1-based column of its first scalar.
    let column: Int

    /// How the token reads in an error message.
    var quoted: String {
        switch kind {
        case .number(let v): return "number \(v)"
        case .name(let n): return "'\(n)'"
        case .symbol(let c): return "'\(Character(c))'"
        case .end: return "end of expression"
        }
    }
}
