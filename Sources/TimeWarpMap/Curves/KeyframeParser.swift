extension KeyframeSpec {
    /// Parses `"u:s[:ease], u:s[:ease], ..."`.
    ///
    /// Positions are fractions of the media duration, or seconds with an `s` suffix (`2.5s`);
    /// they must ascend strictly, the first must be 0 (or `0s`), and fractions lie in `0...1`; a
    /// last key written as a fraction must be 1. At least two keys. Values must be finite. `ease` is
    /// one of `linear` (default), `smooth`, `hold`, `cubic`. Whitespace is allowed around every
    /// token. Never traps, whatever the input.
    public static func parse(_ text: String) throws(CurveParseError) -> KeyframeSpec {
        let keys = try CurveTextCursor.parseList(text, emptyMessage: "expected keyframes like '0:1, 1:2', got an empty list") {
            (cursor: inout CurveTextCursor, number: Int, before: [Keyframe]) throws(CurveParseError) -> Keyframe in
            let key = try parseKey(&cursor, number: number)
            try check(key, after: before)
            return key
        }
        guard keys.count >= 2 else {
            throw CurveParseError("a keyframe curve needs at least two keys",
                                  column: keys[0].column, keyframe: 1)
        }
        let last = keys[keys.count - 1]
        if case .fraction(let p) = last.position, p != 1 {
            throw CurveParseError("the last position must be 1 (the end of the media), got \(p)",
                                  column: last.column, keyframe: keys.count)
        }
        return KeyframeSpec(keys: keys)
    }

    /// Parses one `position:value[:ease]`.
    private static func parseKey(_ cursor: inout CurveTextCursor,
                                 number: Int) throws(CurveParseError) -> Keyframe {
        let positionColumn = cursor.column
        guard let p = parseSignedNumber(&cursor) else {
            throw CurveParseError(
                "expected a position (a number, or seconds like 2.5s), found \(cursor.describe(at: cursor.index))",
                column: cursor.column, keyframe: number)
        }
        guard p.isFinite else {
            throw CurveParseError("position is not a finite number", column: positionColumn,
                                  keyframe: number)
        }
        let position: KeyframePosition = cursor.consume("s") ? .seconds(p) : .fraction(p)
        cursor.skipWhitespace()
        guard cursor.consume(":") else {
            throw CurveParseError(
                "expected ':' after the position, found \(cursor.describe(at: cursor.index))",
                column: cursor.column, keyframe: number)
        }
        cursor.skipWhitespace()
        let valueColumn = cursor.column
        guard let value = parseSignedNumber(&cursor, allowNonFiniteWords: true) else {
            throw CurveParseError(
                "expected a scale value, found \(cursor.describe(at: cursor.index))",
                column: cursor.column, keyframe: number)
        }
        guard value.isFinite else {
            throw CurveParseError("value \(value) is not finite", column: valueColumn,
                                  keyframe: number)
        }
        cursor.skipWhitespace()
        var ease = KeyframeEase.linear
        if cursor.consume(":") {
            cursor.skipWhitespace()
            let easeColumn = cursor.column
            guard let name = cursor.scanName() else {
                throw CurveParseError(
                    "expected an ease (linear, smooth, hold or cubic), found \(cursor.describe(at: cursor.index))",
                    column: cursor.column, keyframe: number)
            }
            guard let e = KeyframeEase(rawValue: name) else {
                throw CurveParseError(
                    "unknown ease '\(name)' (expected linear, smooth, hold or cubic)",
                    column: easeColumn, keyframe: number)
            }
            ease = e
        }
        return Keyframe(position: position, value: value, ease: ease, column: positionColumn)
    }

    /// An optionally signed decimal number; with `allowNonFiniteWords`, also `inf`, `infinity`
    /// and `nan` (so they can be refused with a precise message). Nil when there is no number.
    private static func parseSignedNumber(_ cursor: inout CurveTextCursor,
                                          allowNonFiniteWords: Bool = false) -> Double? {
        let start = cursor.index
        var negative = false
        if cursor.consume("-") { negative = true } else { _ = cursor.consume("+") }
        if let text = cursor.scanNumberText(), let v = Double(text) {
            return negative ? -v : v
        }
        if allowNonFiniteWords, let name = cursor.scanName() {
            switch name.lowercased() {
            case "inf", "infinity": return negative ? -Double.infinity : .infinity
            case "nan": return .nan
            default: break
            }
        }
        cursor.index = start
        return nil
    }

    /// Checks what can be checked about `key` without the media duration.
    private static func check(_ key: Keyframe, after keys: [Keyframe]) throws(CurveParseError) {
        let number = keys.count + 1
        let p = key.position.number
        if keys.isEmpty {
            guard p == 0 else {
                throw CurveParseError(
                    "the first position must be 0, got \(render(key.position))",
                    column: key.column, keyframe: number)
            }
            return
        }
        guard p >= 0 else {
            throw CurveParseError("position \(render(key.position)) is negative",
                                  column: key.column, keyframe: number)
        }
        if case .fraction = key.position, p > 1 {
            throw CurveParseError(
                "position \(p) is past the end of the media (1); write seconds as \(p)s",
                column: key.column, keyframe: number)
        }
        // Keys in the same unit must ascend whatever the duration; the first key (0) precedes all.
        let previous = keys.last { $0.position.isSeconds == key.position.isSeconds } ?? keys[0]
        guard p > previous.position.number else {
            throw CurveParseError(
                "position \(render(key.position)) is not after \(render(previous.position))",
                column: key.column, keyframe: number)
        }
    }
}
