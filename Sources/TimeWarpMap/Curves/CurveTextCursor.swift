/// A position in a text being parsed, with the scanning helpers both curve parsers share.
///
/// Works on Unicode scalars so any string (including invalid-looking or exotic ones) is handled
/// without trapping; columns are 1-based scalar indices.
struct CurveTextCursor {
    /// The text as Unicode scalars.
    let scalars: [Unicode.Scalar]
    /// Index of the next scalar to read.
    var index: Int = 0

    /// Starts at the beginning of `text`.
    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    /// True when every scalar has been consumed.
    var isAtEnd: Bool { index >= scalars.count }

    /// The next scalar, or nil at the end.
    var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    /// The scalar after the next one, or nil.
    var next: Unicode.Scalar? { index + 1 < scalars.count ? scalars[index + 1] : nil }

    /// 1-based column of the next scalar (one past the last at the end).
    var column: Int { index + 1 }

    /// Skips spaces, tabs and line breaks.
    mutating func skipWhitespace() {
        while let c = current, c == " " || c == "\t" || c == "\n" || c == "\r" { index += 1 }
    }

    /// Consumes `scalar` if it is next.
    mutating func consume(_ scalar: Unicode.Scalar) -> Bool {
        guard current == scalar else { return false }
        index += 1
        return true
    }

    /// True for ASCII decimal digits.
    static func isDigit(_ c: Unicode.Scalar?) -> Bool {
        guard let c else { return false }
        return c.value >= 48 && c.value <= 57
    }

    /// True for ASCII letters and `_` (the start of a name).
    static func isNameStart(_ c: Unicode.Scalar?) -> Bool {
        guard let c else { return false }
        let v = c.value
        return (v >= 65 && v <= 90) || (v >= 97 && v <= 122) || v == 95
    }

    /// True for ASCII letters, digits and `_`.
    static func isNameContinue(_ c: Unicode.Scalar?) -> Bool {
        isNameStart(c) || isDigit(c)
    }

    /// Scans an unsigned decimal number `digits[.digits][(e|E)[+-]digits]` (`.5` and `5.` are
    /// accepted). Returns the text, or nil (consuming nothing) when there is no digit. The
    /// exponent is only consumed when a digit follows it, so `2e` scans as `2`.
    mutating func scanNumberText() -> String? {
        let start = index
        var sawDigit = false
        while CurveTextCursor.isDigit(current) { index += 1; sawDigit = true }
        if current == ".", sawDigit || CurveTextCursor.isDigit(next) {
            index += 1
            while CurveTextCursor.isDigit(current) { index += 1; sawDigit = true }
        }
        guard sawDigit else {
            index = start
            return nil
        }
        if current == "e" || current == "E" {
            var look = index + 1
            if look < scalars.count, scalars[look] == "+" || scalars[look] == "-" { look += 1 }
            if look < scalars.count, CurveTextCursor.isDigit(scalars[look]) {
                index = look
                while CurveTextCursor.isDigit(current) { index += 1 }
            }
        }
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars[start..<index])
        return text
    }

    /// Scans a name (`[A-Za-z_][A-Za-z0-9_]*`), or returns nil consuming nothing.
    mutating func scanName() -> String? {
        guard CurveTextCursor.isNameStart(current) else { return nil }
        let start = index
        while CurveTextCursor.isNameContinue(current) { index += 1 }
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars[start..<index])
        return text
    }

    /// A short, printable rendering of the scalar at `index` for error messages.
    func describe(at index: Int) -> String {
        guard index < scalars.count else { return "end of input" }
        let c = scalars[index]
        if c.value < 32 || c.value == 127 {
            return "character U+\(String(c.value, radix: 16, uppercase: true))"
        }
        return "'\(Character(c))'"
    }
}
