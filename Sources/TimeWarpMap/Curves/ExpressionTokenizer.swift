/// Splits an expression into tokens; throws on characters that cannot start a token and on
/// number literals too large to represent.
func tokenizeExpression(_ text: String) throws(CurveParseError) -> [ExpressionToken] {
    var cursor = CurveTextCursor(text)
    var tokens: [ExpressionToken] = []
    while true {
        cursor.skipWhitespace()
        let column = cursor.column
        guard let c = cursor.current else {
            tokens.append(ExpressionToken(kind: .end, column: column))
            return tokens
        }
        if let text = cursor.scanNumberText() {
            guard let v = Double(text), v.isFinite else {
                let shown = text.unicodeScalars.count > 24 ? String(text.prefix(24)) + "…" : text
                throw CurveParseError("number \(shown) is too large", column: column)
            }
            tokens.append(ExpressionToken(kind: .number(v), column: column))
        } else if let name = cursor.scanName() {
            tokens.append(ExpressionToken(kind: .name(name), column: column))
        } else if "+-*/^(),".unicodeScalars.contains(c) {
            cursor.index += 1
            tokens.append(ExpressionToken(kind: .symbol(c), column: column))
        } else {
            throw CurveParseError("unexpected character \(cursor.describe(at: cursor.index))",
                                  column: column)
        }
    }
}
