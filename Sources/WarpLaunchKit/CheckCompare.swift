/// What one run recorded, compared against a `CheckCase`.
public struct RunRecording: Sendable {
    /// Buffers per probed sink, after the last flush.
    public var sinks: [String: SinkRecording] = [:]
    /// Element properties read after the run, serialized (`gst_value_serialize`).
    public var elements: [String: [String: String]] = [:]
    /// The first error message, if the run failed.
    public var error: String?
    public init() {}
}

/// The buffers that reached one sink.
public struct SinkRecording: Sendable {
    public var buffers: [BufferRecord] = []
    /// Bytes per audio frame from the caps (audio sinks only).
    public var bytesPerFrame: Int?
    public init(buffers: [BufferRecord] = [], bytesPerFrame: Int? = nil) {
        self.buffers = buffers
        self.bytesPerFrame = bytesPerFrame
    }
}

/// One buffer as the check sees it.
public struct BufferRecord: Sendable, Equatable {
    public static let none = UInt64.max
    public var pts: UInt64
    public var duration: UInt64
    /// Flag names: `discont`, `delta`, `gap`, ...
    public var flags: [String]
    public var size: Int
    public var offset: UInt64
    public var offsetEnd: UInt64
    /// The segment in force (start, stop; stop `none` when open).
    public var segmentStart: UInt64
    public var segmentStop: UInt64

    public init(pts: UInt64, duration: UInt64, flags: [String] = [], size: Int = 0,
                offset: UInt64 = .max, offsetEnd: UInt64 = .max,
                segmentStart: UInt64 = 0, segmentStop: UInt64 = .max) {
        self.pts = pts
        self.duration = duration
        self.flags = flags
        self.size = size
        self.offset = offset
        self.offsetEnd = offsetEnd
        self.segmentStart = segmentStart
        self.segmentStop = segmentStop
    }

    /// The log line: `PTS DURATION FLAGS`, times in seconds with nine decimals (or `none`),
    /// flags comma-separated (or `-`).
    public var logLine: String {
        func t(_ v: UInt64) -> String { v == Self.none ? "none" : Format.nanos(v) }
        return "\(t(pts)) \(t(duration)) \(flags.isEmpty ? "-" : flags.joined(separator: ","))"
    }
}

extension SinkRecording {
    /// The measured value of a field, `nil` when it cannot be measured (no buffers, no audio caps).
    public func value(of field: SinkField) -> Int64? {
        let valid = buffers.filter { $0.pts != BufferRecord.none }
        switch field {
        case .buffers: return Int64(buffers.count)
        case .firstPTS: return valid.first.map { Int64(clamping: $0.pts) }
        case .lastPTS: return valid.last.map { Int64(clamping: $0.pts) }
        case .end:
            guard let last = valid.last, last.duration != BufferRecord.none else { return nil }
            return Int64(clamping: Self.saturatingSum(last.pts, last.duration))
        case .duration:
            // Both are clamped to 0...Int64.max: the difference cannot overflow.
            guard let first = value(of: .firstPTS), let end = value(of: .end) else { return nil }
            return end - first
        case .samples:
            guard let bpf = bytesPerFrame, bpf > 0 else { return nil }
            let bytes = buffers.reduce(0 as UInt64) { Self.saturatingSum($0, UInt64(max($1.size, 0))) }
            return Int64(clamping: bytes / UInt64(bpf))
        }
    }

    /// `a + b`, or `UInt64.max` when that overflows.
    static func saturatingSum(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : sum
    }

    /// Violations of `invariant`, at most `limit` of them, as readable lines.
    public func violations(of invariant: Invariant, limit: Int = 3) -> [String] {
        var out: [String] = []
        func add(_ s: String) { if out.count < limit { out.append(s) } }
        var count = 0
        for (i, b) in buffers.enumerated() {
            let prev = i > 0 ? buffers[i - 1] : nil
            var problem: String?
            switch invariant {
            case .ptsIncreasing:
                if b.pts == BufferRecord.none {
                    problem = "buffer \(i) has no PTS"
                } else if let p = prev, p.pts != BufferRecord.none, b.pts <= p.pts {
                    problem = "buffer \(i) PTS \(Format.nanos(b.pts)) is not after buffer \(i - 1) PTS \(Format.nanos(p.pts))"
                }
            case .audioContiguous:
                if let p = prev, p.pts != BufferRecord.none, p.duration != BufferRecord.none, b.pts != BufferRecord.none {
                    let expected = p.pts &+ p.duration
                    let gap = Int64(bitPattern: b.pts &- expected)
                    if gap.magnitude > 1 {
                        problem = "buffer \(i) starts at \(Format.nanos(b.pts)) but buffer \(i - 1) ends at \(Format.nanos(expected)) (\(gap > 0 ? "gap" : "overlap") of \(gap.magnitude) ns)"
                    } else if p.offsetEnd != BufferRecord.none, b.offset != BufferRecord.none, b.offset != p.offsetEnd {
                        problem = "buffer \(i) offset \(b.offset) does not continue offset-end \(p.offsetEnd)"
                    }
                } else if let p = prev, b.pts == BufferRecord.none || p.duration == BufferRecord.none {
                    problem = "buffer \(i) or its predecessor has no timestamp or duration"
                }
            case .inSegment:
                if b.pts != BufferRecord.none,
                   b.pts < b.segmentStart || (b.segmentStop != BufferRecord.none && b.pts >= b.segmentStop) {
                    let stop = b.segmentStop == BufferRecord.none ? "none" : Format.nanos(b.segmentStop)
                    problem = "buffer \(i) PTS \(Format.nanos(b.pts)) is outside the segment [\(Format.nanos(b.segmentStart)), \(stop))"
                }
            case .rate(let n, let d):
                if let p = prev, p.pts != BufferRecord.none, b.pts != BufferRecord.none, b.pts > p.pts {
                    let period = Double(d) * 1e9 / Double(n)
                    let step = Double(b.pts - p.pts)
                    if abs(step - period) > 1.0 {
                        problem = "buffer \(i) is \(Format.nanos(b.pts - p.pts)) s after buffer \(i - 1), not one period of \(n)/\(d)"
                    }
                }
            }
            if let problem { count += 1; add(problem) }
        }
        if count > limit { out.append("... and \(count - limit) more") }
        return out
    }
}

/// The outcome of comparing a recording with a case: readable lines, empty when it passes.
public enum CheckComparator {
    /// Lines of differences (expected vs got), empty if everything holds. `compareLogs: false`
    /// skips the recorded logs (when they are being updated).
    public static func differences(_ c: CheckCase, _ r: RunRecording, compareLogs: Bool = true) -> [String] {
        var out: [String] = []
        if let expected = c.expectedError {
            guard let error = r.error else {
                return ["error: expected the run to fail with \"\(expected)\", but it ended without error"]
            }
            if !error.lowercased().contains(expected.lowercased()) {
                out.append("error: expected a message containing \"\(expected)\"")
                out.append("       got \"\(error)\"")
            }
        } else if let error = r.error {
            out.append("error: the run failed: \(error)")
            return out
        }
        for sink in c.sinks {
            guard let rec = r.sinks[sink.name] else {
                out.append("sink \(sink.name): no such sink was recorded")
                continue
            }
            for (field, expected) in sink.fields {
                let actual = rec.value(of: field)
                guard let actual else {
                    out.append("sink \(sink.name): \(field.rawValue): expected \(expected.display), got nothing"
                               + (field == .samples ? " (no audio caps)" : " (no buffers)"))
                    continue
                }
                if !expected.matches(actual) {
                    let got = expected.kind == .time ? CheckFormat.time(actual) : "\(actual)"
                    var line = "sink \(sink.name): \(field.rawValue): expected \(expected.display), got \(got)"
                    let (off, overflow) = actual.subtractingReportingOverflow(expected.value)
                    if expected.kind == .time, !overflow {
                        line += " (off by \(CheckFormat.time(off)))"
                    }
                    out.append(line)
                }
            }
        }
        for name in c.sinkNames {
            guard let rec = r.sinks[name] else { continue }
            for inv in c.invariants(for: name) {
                for v in rec.violations(of: inv) {
                    out.append("sink \(name): \(inv) violated: \(v)")
                }
            }
        }
        for element in c.elements {
            guard let props = r.elements[element.name] else {
                out.append("element \(element.name): not found in the pipeline")
                continue
            }
            for (name, expected) in element.properties {
                guard let actual = props[name] else {
                    out.append("element \(element.name): \(name): no such property")
                    continue
                }
                switch expected.kind {
                case .text:
                    if actual != expected.text {
                        out.append("element \(element.name): \(name): expected \(expected.text), got \(actual)")
                    }
                case .count, .time:
                    guard let v = Int64(actual) ?? UInt64(actual).map({ Int64(bitPattern: $0) }) else {
                        out.append("element \(element.name): \(name): expected \(expected.display), got \(actual)")
                        continue
                    }
                    if !expected.matches(v) {
                        let got = expected.kind == .time ? CheckFormat.time(v) : actual
                        out.append("element \(element.name): \(name): expected \(expected.display), got \(got)")
                    }
                }
            }
        }
        if compareLogs {
            for log in c.logs {
                let got = (r.sinks[log.sink]?.buffers ?? []).map(\.logLine)
                out += logDifferences(sink: log.sink, expected: log.lines, got: got)
            }
        }
        return out
    }

    /// The first differing lines of two logs (up to `context` of them), and the count difference.
    public static func logDifferences(sink: String, expected: [String], got: [String], context: Int = 3) -> [String] {
        if expected.isEmpty {
            return ["log \(sink): nothing recorded yet; run again with --update to record \(got.count) buffers"]
        }
        var out: [String] = []
        var shown = 0
        let common = min(expected.count, got.count)
        for i in 0..<common where shown < context && expected[i] != got[i] {
            if shown == 0 { out.append("log \(sink): first difference at buffer \(i) (line \(i + 1) of the log):") }
            out.append("  buffer \(i): expected \(expected[i])")
            out.append("  buffer \(i): got      \(got[i])")
            shown += 1
        }
        if shown > 0 {
            let total = zip(expected, got).filter { $0 != $1 }.count
            if total > shown { out.append("  ... \(total) of the first \(common) buffers differ") }
        }
        if expected.count != got.count {
            out.append("log \(sink): expected \(expected.count) buffers, got \(got.count)")
        }
        return out
    }

    /// The file text with each `log NAME:` section replaced by the recorded buffers.
    public static func updatingLogs(in text: String, case c: CheckCase, recording r: RunRecording) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Replace from the last section backwards so earlier ranges stay valid.
        for log in c.logs.sorted(by: { $0.headerLine > $1.headerLine }) {
            let fresh = (r.sinks[log.sink]?.buffers ?? []).map(\.logLine)
            lines.replaceSubrange(log.bodyLines, with: fresh)
        }
        return lines.joined(separator: "\n")
    }
}
