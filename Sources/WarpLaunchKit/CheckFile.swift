/// A pipeline regression case: a `.pipeline` file (format documented in `pipelines/README.md`).
///
///     # comments
///     pipeline: videotestsrc num-buffers=30 ! videotimewarp factor=2
///       ! video/x-raw,framerate=0/1 ! fakesink name=v sync=false
///     seek: start=2s stop=3s flags=flush,accurate
///     sink v: buffers=30 first-pts=0s last-pts=1.933333333s end=2s
///     invariants: pts-increasing in-segment
///     element w: in=30 out=30 drop=0 duplicate=0
///     log v:
///     0.000000000 0.066666666 discont
///     ...
public struct CheckCase: Sendable, Equatable {
    /// The pipeline description (continuation lines joined with spaces).
    public var pipeline: String = ""
    /// A seek performed once the pipeline has prerolled, before it plays.
    public var seek: SeekSpec?
    /// Properties set while the pipeline plays.
    public var changes: [PropertyChange] = []
    /// How long the run may take.
    public var timeout: UInt64 = 60 * 1_000_000_000
    /// When set, the run must fail with an error containing this text (case-insensitive).
    public var expectedError: String?
    /// Field expectations per sink, in file order.
    public var sinks: [SinkExpectation] = []
    /// Invariants for every sink.
    public var globalInvariants: [Invariant] = []
    /// Element property expectations after the run.
    public var elements: [ElementExpectation] = []
    /// Recorded per-buffer logs, by sink name.
    public var logs: [LogExpectation] = []

    /// Every sink the run must record: those with fields, invariants or a log.
    public var sinkNames: [String] {
        var names: [String] = []
        for n in sinks.map(\.name) + logs.map(\.sink) where !names.contains(n) { names.append(n) }
        return names
    }

    /// The invariants that apply to `sink`.
    public func invariants(for sink: String) -> [Invariant] {
        globalInvariants + (sinks.first { $0.name == sink }?.invariants ?? [])
    }

    public init() {}
}

/// `seek: start=T [stop=T] [flags=flush,accurate,key-unit]`.
/// Properties set on an element while the pipeline plays (`set NAME: at=TIME property=value ...`),
/// just before the first buffer at or after `at` reaches the element's sink pad.
public struct PropertyChange: Sendable, Equatable {
    /// The element's name.
    public var element: String
    /// Buffer PTS (ns) from which on the change applies.
    public var at: UInt64
    /// The properties and their values in gst-launch-1.0 syntax, in file order.
    public var properties: [Pair]

    /// A property name and its value.
    public struct Pair: Sendable, Equatable {
        /// The property.
        public var name: String
        /// Its value as text.
        public var value: String
    }
}

/// `seek:`: the seek a check case sends once the pipeline has prerolled, before it plays.
public struct SeekSpec: Sendable, Equatable {
    public var start: UInt64
    public var stop: UInt64?
    public var flags: [String]
}

/// A value with a tolerance (`1.5s±1ms`, `30`, `60±1`).
public struct Expected: Sendable, Equatable {
    public enum Kind: Sendable, Equatable { case time, count, text }
    public var kind: Kind
    /// Nanoseconds or a count (for `.text`, 0).
    public var value: Int64
    public var tolerance: Int64
    /// The text as written (`.text` values are compared as strings).
    public var text: String

    /// Whether `actual` matches.
    public func matches(_ actual: Int64) -> Bool {
        let diff = actual.subtractingReportingOverflow(value)
        return !diff.overflow && diff.partialValue.magnitude <= tolerance.magnitude
    }

    /// The expectation for messages: `1.933333333 s (±0.000001000)`.
    public var display: String {
        switch kind {
        case .time:
            let base = CheckFormat.time(value)
            return tolerance > 0 ? "\(base) (±\(CheckFormat.time(tolerance)))" : base
        case .count: return tolerance > 0 ? "\(value) (±\(tolerance))" : "\(value)"
        case .text: return text
        }
    }
}

/// The checked fields of a sink.
public enum SinkField: String, Sendable, CaseIterable {
    /// Number of buffers.
    case buffers
    /// PTS of the first and the last buffer.
    case firstPTS = "first-pts", lastPTS = "last-pts"
    /// PTS + duration of the last buffer.
    case end
    /// `end - first-pts`: the stream's output duration.
    case duration
    /// Audio frames (sum of sizes / bytes per frame).
    case samples

    var isTime: Bool { self != .buffers && self != .samples }
}

/// What must hold for every buffer of a sink.
public enum Invariant: Sendable, Equatable, CustomStringConvertible {
    /// PTS valid and strictly increasing.
    case ptsIncreasing
    /// Each buffer starts where the previous one ended (±1 ns), offsets continue.
    case audioContiguous
    /// No buffer starts outside the segment in force (start <= PTS < stop).
    case inSegment
    /// Consecutive PTS are one period of `numerator/denominator` apart (±1 ns).
    case rate(Int, Int)

    public init?(text: String) {
        switch text {
        case "pts-increasing": self = .ptsIncreasing
        case "audio-contiguous": self = .audioContiguous
        case "in-segment": self = .inSegment
        default:
            guard text.hasPrefix("rate="), case let parts = text.dropFirst(5).split(separator: "/"),
                  parts.count == 2, let n = Int(parts[0]), let d = Int(parts[1]), n > 0, d > 0 else { return nil }
            self = .rate(n, d)
        }
    }

    public var description: String {
        switch self {
        case .ptsIncreasing: return "pts-increasing"
        case .audioContiguous: return "audio-contiguous"
        case .inSegment: return "in-segment"
        case .rate(let n, let d): return "rate=\(n)/\(d)"
        }
    }
}

/// `sink NAME: field=value ...` (and `invariants NAME: ...`).
public struct SinkExpectation: Sendable, Equatable {
    public var name: String
    public var fields: [(SinkField, Expected)]
    public var invariants: [Invariant] = []

    public static func == (a: SinkExpectation, b: SinkExpectation) -> Bool {
        a.name == b.name && a.invariants == b.invariants
            && a.fields.map(\.0) == b.fields.map(\.0) && a.fields.map(\.1) == b.fields.map(\.1)
    }
}

/// `element NAME: property=value ...`.
public struct ElementExpectation: Sendable, Equatable {
    public var name: String
    public var properties: [(String, Expected)]

    public static func == (a: ElementExpectation, b: ElementExpectation) -> Bool {
        a.name == b.name && a.properties.map(\.0) == b.properties.map(\.0)
            && a.properties.map(\.1) == b.properties.map(\.1)
    }
}

/// `log NAME:` and the lines recorded under it.
public struct LogExpectation: Sendable, Equatable {
    public var sink: String
    public var lines: [String]
    /// Index (0-based) of the `log NAME:` line in the file, and of the lines after it that hold
    /// the log (for `--update`).
    public var headerLine: Int
    public var bodyLines: Range<Int>
}

/// A syntax error in a check file, with its line number.
public struct CheckParseError: Error, CustomStringConvertible, Equatable {
    public let line: Int
    public let message: String
    public var description: String { "line \(line): \(message)" }
}

/// Reads the text of a check file (`pipelines/*.pipeline`) into a `CheckCase`.
public enum CheckFileParser {
    /// Parses a check file.
    public static func parse(_ text: String) throws(CheckParseError) -> CheckCase {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var result = CheckCase()
        var i = 0
        var sawPipeline = false
        while i < lines.count {
            let raw = lines[i]
            let trimmed = raw.trimmingSpaces
            if trimmed.isEmpty || trimmed.hasPrefix("#") { i += 1; continue }
            if raw.first == " " || raw.first == "\t" {
                throw CheckParseError(line: i + 1, message: "an indented line continues a directive, but none comes before it")
            }
            guard let colon = trimmed.firstIndex(of: ":") else {
                throw CheckParseError(line: i + 1, message: "expected 'directive: ...', got '\(trimmed)'")
            }
            let head = trimmed[..<colon].trimmingSpaces
            var body = trimmed[trimmed.index(after: colon)...].trimmingSpaces
            let words = head.split(separator: " ").map(String.init)
            let lineNumber = i + 1
            i += 1
            if words.first == "log" {
                result.logs.append(try parseLog(words, lines: lines, at: &i, line: lineNumber))
                continue
            }
            // Continuation lines: indented, not comments.
            while i < lines.count, let f = lines[i].first, f == " " || f == "\t" {
                let c = lines[i].trimmingSpaces
                if !c.isEmpty && !c.hasPrefix("#") { body += " " + c }
                i += 1
            }
            if words.first == "pipeline" {
                guard words.count == 1, !body.isEmpty else { throw CheckParseError(line: lineNumber, message: "expected 'pipeline: DESCRIPTION'") }
                guard !sawPipeline else { throw CheckParseError(line: lineNumber, message: "a second 'pipeline:'") }
                sawPipeline = true
                result.pipeline = body
                continue
            }
            try apply(Directive(head: head, words: words, body: body, line: lineNumber), to: &result)
        }
        guard sawPipeline else { throw CheckParseError(line: 1, message: "no 'pipeline:' line") }
        return result
    }

    /// One directive other than `pipeline:` and `log NAME:`, its continuation lines joined.
    private struct Directive {
        /// What comes before the colon: `sink out`.
        let head: String
        /// The words of `head`: `["sink", "out"]`.
        let words: [String]
        /// What comes after the colon.
        let body: String
        /// Its line number, from 1.
        let line: Int
    }

    /// `log NAME:` and the log lines under it (from `i`, which it moves past them).
    private static func parseLog(_ words: [String], lines: [String], at i: inout Int,
                                 line lineNumber: Int) throws(CheckParseError) -> LogExpectation {
        guard words.count == 2 else { throw CheckParseError(line: lineNumber, message: "expected 'log NAME:'") }
        let start = i
        var logLines: [String] = []
        while i < lines.count {
            let l = lines[i].trimmingSpaces
            guard let first = l.first, first.isNumber || l.hasPrefix("none") else { break }
            logLines.append(l)
            i += 1
        }
        return LogExpectation(sink: words[1], lines: logLines, headerLine: lineNumber - 1, bodyLines: start..<i)
    }

    /// Adds what `directive` says to `result`.
    private static func apply(_ directive: Directive, to result: inout CheckCase) throws(CheckParseError) {
        let words = directive.words, body = directive.body, lineNumber = directive.line
        switch words.first {
        case "seek":
            result.seek = try parseSeek(body, line: lineNumber)
        case "set":
            result.changes.append(try parseChange(directive))
        case "timeout":
            let timeout = try parseTime(body, line: lineNumber)
            guard timeout > 0 else {
                throw CheckParseError(line: lineNumber, message: "the timeout must be positive, got '\(body)'")
            }
            result.timeout = UInt64(timeout)
        case "error":
            result.expectedError = body
        case "sink":
            guard words.count == 2 else { throw CheckParseError(line: lineNumber, message: "expected 'sink NAME: field=value ...'") }
            let fields = try parseSinkFields(body, line: lineNumber)
            mutateSink(&result, words[1]) { $0.fields += fields }
        case "invariants":
            let list = try parseInvariants(body, line: lineNumber)
            if words.count == 1 {
                result.globalInvariants += list
            } else if words.count == 2 {
                mutateSink(&result, words[1]) { $0.invariants += list }
            } else {
                throw CheckParseError(line: lineNumber, message: "expected 'invariants [NAME]: ...'")
            }
        case "element":
            guard words.count == 2 else { throw CheckParseError(line: lineNumber, message: "expected 'element NAME: property=value ...'") }
            let props = try pairs(body, line: lineNumber).map { key, value throws(CheckParseError) in
                (key, try parsePropertyValue(value, line: lineNumber))
            }
            result.elements.append(ElementExpectation(name: words[1], properties: props))
        default:
            throw CheckParseError(line: lineNumber, message: "unknown directive '\(directive.head)' (known: pipeline, seek, set, timeout, error, sink, invariants, element, log)")
        }
    }

    /// `set NAME: at=TIME property=value ...`.
    private static func parseChange(_ directive: Directive) throws(CheckParseError) -> PropertyChange {
        let lineNumber = directive.line
        guard directive.words.count == 2 else {
            throw CheckParseError(line: lineNumber, message: "expected 'set NAME: at=TIME property=value ...'")
        }
        var at: UInt64?
        var properties: [PropertyChange.Pair] = []
        for (key, value) in try pairs(directive.body, line: lineNumber) {
            if key == "at" {
                at = UInt64(clamping: try parseTime(value, line: lineNumber))
            } else {
                properties.append(.init(name: key, value: value))
            }
        }
        guard let at, !properties.isEmpty else {
            throw CheckParseError(line: lineNumber, message: "expected 'set NAME: at=TIME property=value ...'")
        }
        return PropertyChange(element: directive.words[1], at: at, properties: properties)
    }

    /// The `field=value` expectations of `sink NAME:`.
    private static func parseSinkFields(_ body: String, line lineNumber: Int) throws(CheckParseError) -> [(SinkField, Expected)] {
        var fields: [(SinkField, Expected)] = []
        for (key, value) in try pairs(body, line: lineNumber) {
            guard let field = SinkField(rawValue: key) else {
                throw CheckParseError(line: lineNumber, message: "unknown sink field '\(key)' (known: "
                    + SinkField.allCases.map(\.rawValue).joined(separator: ", ") + ")")
            }
            let expected = field.isTime ? try parseTimeExpectation(value, line: lineNumber)
                : try parseCount(value, line: lineNumber)
            fields.append((field, expected))
        }
        return fields
    }

    /// The invariants of `invariants [NAME]:`.
    private static func parseInvariants(_ body: String, line lineNumber: Int) throws(CheckParseError) -> [Invariant] {
        try body.split(separator: " ").map { word throws(CheckParseError) -> Invariant in
            guard let inv = Invariant(text: String(word)) else {
                throw CheckParseError(line: lineNumber, message: "unknown invariant '\(word)' (known: pts-increasing, audio-contiguous, in-segment, rate=N/D)")
            }
            return inv
        }
    }

    private static func mutateSink(_ c: inout CheckCase, _ name: String, _ body: (inout SinkExpectation) -> Void) {
        if let k = c.sinks.firstIndex(where: { $0.name == name }) {
            body(&c.sinks[k])
        } else {
            var s = SinkExpectation(name: name, fields: [])
            body(&s)
            c.sinks.append(s)
        }
    }

    /// `key=value key=value`.
    static func pairs(_ body: String, line: Int) throws(CheckParseError) -> [(String, String)] {
        try body.split(separator: " ").map { word throws(CheckParseError) in
            guard let eq = word.firstIndex(of: "="), eq != word.startIndex else {
                throw CheckParseError(line: line, message: "expected key=value, got '\(word)'")
            }
            return (String(word[..<eq]), String(word[word.index(after: eq)...]))
        }
    }

    static func parseSeek(_ body: String, line: Int) throws(CheckParseError) -> SeekSpec {
        var spec = SeekSpec(start: 0, stop: nil, flags: ["flush", "accurate"])
        var sawStart = false
        for (key, value) in try pairs(body, line: line) {
            switch key {
            case "start": spec.start = try nonNegativeTime(value, "the seek start", line: line); sawStart = true
            case "stop": spec.stop = try nonNegativeTime(value, "the seek stop", line: line)
            case "flags":
                spec.flags = value.split(separator: ",").map(String.init)
                for f in spec.flags where !["flush", "accurate", "key-unit", "snap-before", "snap-after", "snap-nearest"].contains(f) {
                    throw CheckParseError(line: line, message: "unknown seek flag '\(f)'")
                }
            default: throw CheckParseError(line: line, message: "unknown seek field '\(key)' (start, stop, flags)")
            }
        }
        guard sawStart else { throw CheckParseError(line: line, message: "a seek needs start=") }
        if let stop = spec.stop, stop < spec.start {
            throw CheckParseError(line: line, message: "the seek stop must not be before its start")
        }
        return spec
    }

    /// A time that must not be negative (a position).
    static func nonNegativeTime(_ text: String, _ what: String, line: Int) throws(CheckParseError) -> UInt64 {
        let t = try parseTime(text, line: line)
        guard t >= 0 else { throw CheckParseError(line: line, message: "\(what) must not be negative, got '\(text)'") }
        return UInt64(t)
    }

    /// A time with its tolerance; the default tolerance is 1 µs.
    static func parseTimeExpectation(_ text: String, line: Int) throws(CheckParseError) -> Expected {
        let (v, tol) = splitTolerance(text)
        let value = try parseTime(v, line: line)
        let tolerance = try tol.map { t throws(CheckParseError) in try parseTime(t, line: line) } ?? 1000
        return Expected(kind: .time, value: value, tolerance: tolerance, text: text)
    }

    static func parseCount(_ text: String, line: Int) throws(CheckParseError) -> Expected {
        let (v, tol) = splitTolerance(text)
        guard let value = Int64(v) else { throw CheckParseError(line: line, message: "expected a whole number, got '\(v)'") }
        var tolerance: Int64 = 0
        if let tol {
            guard let t = Int64(tol) else { throw CheckParseError(line: line, message: "expected a whole tolerance, got '\(tol)'") }
            tolerance = t
        }
        return Expected(kind: .count, value: value, tolerance: tolerance, text: text)
    }

    /// Element properties: a time if it has a unit, a count if it is an integer, else text.
    static func parsePropertyValue(_ text: String, line: Int) throws(CheckParseError) -> Expected {
        let (v, _) = splitTolerance(text)
        if Int64(v) != nil { return try parseCount(text, line: line) }
        if let last = v.last, last == "s", let first = v.first, first.isNumber {
            return try parseTimeExpectation(text, line: line)
        }
        return Expected(kind: .text, value: 0, tolerance: 0, text: text)
    }

    static func splitTolerance(_ text: String) -> (String, String?) {
        let chars = Array(text)
        for i in chars.indices {
            if chars[i] == "±" { return (String(chars[..<i]), String(chars[(i + 1)...])) }
            if chars[i] == "+", i + 1 < chars.count, chars[i + 1] == "-" {
                return (String(chars[..<i]), String(chars[(i + 2)...]))
            }
        }
        return (text, nil)
    }

    /// `1.5s`, `1500ms`, `20us`, `7ns`, `0:00:01.5`; nanoseconds, exactly (decimal digits are
    /// parsed as integers, no floating point). Times past the Int64 range of nanoseconds
    /// (about 292 years) are errors.
    public static func parseTime(_ text: String, line: Int) throws(CheckParseError) -> Int64 {
        let t = text.trimmingSpaces
        let outOfRange = CheckParseError(line: line, message: "the time '\(text)' is out of range (at most about 292 years)")
        if t.contains(":") {
            let parts = t.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            func digits(_ s: String) -> Bool { !s.isEmpty && s.allSatisfy { $0.isASCII && $0.isNumber } }
            guard parts.count == 3, digits(parts[0]), digits(parts[1]), parts[2].first != "-",
                  decimal(parts[2], scale: 1_000_000_000, digitsOnly: true) != nil else {
                throw CheckParseError(line: line, message: "expected a time like 0:00:01.5, got '\(text)'")
            }
            guard let h = Int64(parts[0]), let m = Int64(parts[1]),
                  let s = decimal(parts[2], scale: 1_000_000_000) else { throw outOfRange }
            // ((h * 60 + m) * 60) s + s, checked.
            var (total, overflow) = h.multipliedReportingOverflow(by: 60)
            var more = false
            (total, more) = total.addingReportingOverflow(m); overflow = overflow || more
            (total, more) = total.multipliedReportingOverflow(by: 60_000_000_000); overflow = overflow || more
            (total, more) = total.addingReportingOverflow(s); overflow = overflow || more
            guard !overflow else { throw outOfRange }
            return total
        }
        let units: [(String, Int64)] = [("ns", 1), ("us", 1000), ("µs", 1000), ("ms", 1_000_000), ("s", 1_000_000_000)]
        for (suffix, scale) in units where t.hasSuffix(suffix) {
            let number = String(t.dropLast(suffix.count))
            if let v = decimal(number, scale: scale) { return v }
            // Digits that only overflow: out of range rather than malformed.
            if decimal(number, scale: scale, digitsOnly: true) != nil { throw outOfRange }
            break
        }
        if t == "0" { return 0 }
        throw CheckParseError(line: line, message: "expected a time with a unit (s, ms, us, ns), got '\(text)'")
    }

    /// `"1.25"` times `scale`, exactly; `nil` if not a plain decimal, if it has more digits
    /// than the scale can hold, or if the result is past the Int64 range. `digitsOnly: true`
    /// checks the form alone (0 for any well-formed decimal, whatever its size).
    static func decimal(_ text: String, scale: Int64, digitsOnly: Bool = false) -> Int64? {
        var t = Substring(text)
        var negative = false
        if t.first == "-" { negative = true; t = t.dropFirst() }
        let parts = t.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let wholeText = parts.first, !wholeText.isEmpty || parts.count == 2 else { return nil }
        guard wholeText.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        if parts.count == 2, !parts[1].allSatisfy({ $0.isASCII && $0.isNumber }) { return nil }
        if digitsOnly { return 0 }
        // Accumulated as a negative number, so that Int64.min is reachable too.
        guard let whole = wholeText.isEmpty ? 0 : Int64(wholeText) else { return nil }
        var (value, overflow) = (0 as Int64).subtractingReportingOverflow(whole)
        if overflow { return nil }
        (value, overflow) = value.multipliedReportingOverflow(by: scale)
        if overflow { return nil }
        if parts.count == 2 {
            var unit = scale
            for c in parts[1] {
                guard unit % 10 == 0 else {
                    if c != "0" { return nil }
                    continue
                }
                unit /= 10
                guard let digit = c.wholeNumberValue else { return nil }
                (value, overflow) = value.subtractingReportingOverflow(Int64(digit) * unit)
                if overflow { return nil }
            }
        }
        if negative { return value }
        let (positive, o) = (0 as Int64).subtractingReportingOverflow(value)
        return o ? nil : positive
    }
}

/// Formatting of check values.
public enum CheckFormat {
    /// Nanoseconds as seconds with nine decimals and the unit: `1.933333333 s`.
    public static func time(_ ns: Int64) -> String {
        let sign = ns < 0 ? "-" : ""
        return sign + Format.nanos(ns.magnitude) + " s"
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        let chars = Array(self)
        var a = 0, b = chars.count
        while a < b, chars[a] == " " || chars[a] == "\t" || chars[a] == "\r" { a += 1 }
        while b > a, chars[b - 1] == " " || chars[b - 1] == "\t" || chars[b - 1] == "\r" { b -= 1 }
        return String(chars[a..<b])
    }
}
