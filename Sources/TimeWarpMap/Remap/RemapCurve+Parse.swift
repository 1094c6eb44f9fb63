/// Parsing the `remap` property: `"τ:t[:ease], ..."`, times in seconds (an `s` suffix is
/// allowed: `2s`, `2.5s`, or plain numbers).
extension RemapCurve {
    /// Parses a remap curve. The first key's `τ` is 0; `τ` never decreases; a repeated `τ` with
    /// another `t` is a cut (at most two keys share a `τ`); times are finite and not negative;
    /// the last key's `τ` is after 0. Errors name the key and its column. Never traps.
    public static func parse(_ text: String) throws(CurveParseError) -> RemapCurve {
        let keys = try CurveTextCursor.parseList(text, emptyMessage: "expected remap keys like '0s:0s, 2s:2s, 4s:0s', got an empty list") {
            (cursor: inout CurveTextCursor, number: Int, before: [RemapKey]) throws(CurveParseError) -> RemapKey in
            let key = try parseKey(&cursor, number: number)
            try check(key, after: before)
            return key
        }
        guard keys.count >= 2, keys[keys.count - 1].outputTime > 0 else {
            throw CurveParseError("a remap curve needs at least two keys, the last after 0s",
                                  column: keys[keys.count - 1].column, keyframe: keys.count)
        }
        return RemapCurve(validatedKeys: keys)
    }

    /// Parses one `τ:t[:ease]`.
    private static func parseKey(_ cursor: inout CurveTextCursor, number: Int) throws(CurveParseError) -> RemapKey {
        let column = cursor.column
        let τ = try parseTime(&cursor, what: "an output time", number: number)
        cursor.skipWhitespace()
        guard cursor.consume(":") else {
            throw CurveParseError("expected ':' after the output time, found \(cursor.describe(at: cursor.index))",
                                  column: cursor.column, keyframe: number)
        }
        cursor.skipWhitespace()
        let t = try parseTime(&cursor, what: "an input time", number: number)
        cursor.skipWhitespace()
        var ease = RemapEase.linear
        if cursor.consume(":") {
            cursor.skipWhitespace()
            let easeColumn = cursor.column
            guard let name = cursor.scanName() else {
                throw CurveParseError("expected an ease (linear, smooth or hold), found \(cursor.describe(at: cursor.index))",
                                      column: cursor.column, keyframe: number)
            }
            guard let e = RemapEase(rawValue: name) else {
                throw CurveParseError("unknown ease '\(name)' (expected linear, smooth or hold)", column: easeColumn, keyframe: number)
            }
            ease = e
        }
        return RemapKey(outputTime: τ, inputTime: t, ease: ease, column: column)
    }

    /// A time in seconds, `2`, `2.5s` or `-1s` (refused as negative).
    private static func parseTime(_ cursor: inout CurveTextCursor, what: String, number: Int) throws(CurveParseError) -> Double {
        let column = cursor.column
        let negative = cursor.consume("-")
        if !negative { _ = cursor.consume("+") }
        guard let text = cursor.scanNumberText(), let value = Double(text) else {
            throw CurveParseError("expected \(what) in seconds (like 2.5s), found \(cursor.describe(at: cursor.index))",
                                  column: cursor.column, keyframe: number)
        }
        _ = cursor.consume("s")
        guard value.isFinite, value < 1e9 else {
            throw CurveParseError("\(what) \(text)s is too large", column: column, keyframe: number)
        }
        if negative, value != 0 {
            throw CurveParseError("\(what) -\(text)s is negative", column: column, keyframe: number)
        }
        return value
    }

    /// Order rules: first `τ` is 0, `τ` never decreases, a cut joins exactly two keys with
    /// different `t`.
    private static func check(_ key: RemapKey, after keys: [RemapKey]) throws(CurveParseError) {
        let number = keys.count + 1
        guard let last = keys.last else {
            guard key.outputTime == 0 else {
                throw CurveParseError("the first output time must be 0s, got \(key.outputTime)s", column: key.column, keyframe: number)
            }
            return
        }
        guard key.outputTime >= last.outputTime else {
            throw CurveParseError("output time \(key.outputTime)s is before \(last.outputTime)s (keys go in output order)",
                                  column: key.column, keyframe: number)
        }
        guard key.outputTime == last.outputTime else { return }
        if keys.count >= 2, keys[keys.count - 2].outputTime == key.outputTime {
            throw CurveParseError("a third key at \(key.outputTime)s (a cut joins two keys)", column: key.column, keyframe: number)
        }
        guard key.inputTime != last.inputTime else {
            throw CurveParseError("repeats the key before it (a repeated output time needs another input time: a cut)",
                                  column: key.column, keyframe: number)
        }
    }
}
