/// `-progress URL|-`: progress for machines, as ffmpeg writes it: blocks of `key=value` lines,
/// each ending with `progress=continue`, the last with `progress=end`.
public enum ProgressFeed {
    /// One block. `outputSeconds`: the output time written so far; `frames`: video frames
    /// written (nil without video); `elapsed`: wall-clock seconds since the start.
    /// `expectedSeconds` and `inputSeconds` (the plan's output duration and D) add
    /// `out_time_expected_us` and `in_time_us`, keys of this tool (a batch sums them for its bar).
    public static func block(outputSeconds: Double, frames: UInt64?, elapsed: Double, finished: Bool,
                             expectedSeconds: Double? = nil, inputSeconds: Double? = nil) -> String {
        let us = UInt64(max(0, outputSeconds * 1e6).rounded())
        var lines: [String] = []
        if let frames {
            lines.append("frame=\(frames)")
            lines.append("fps=\(Format.fixed(elapsed > 0 ? Double(frames) / elapsed : 0, 2))")
        }
        lines.append("out_time_us=\(us)")
        lines.append("out_time_ms=\(us)")  // ffmpeg's name, in microseconds as ffmpeg writes it
        lines.append("out_time=\(clock(us))")
        if let expectedSeconds { lines.append("out_time_expected_us=\(UInt64(max(0, expectedSeconds * 1e6).rounded()))") }
        if let inputSeconds { lines.append("in_time_us=\(UInt64(max(0, inputSeconds * 1e6).rounded()))") }
        lines.append("speed=\(elapsed > 0 ? Format.fixed(outputSeconds / elapsed, 3) + "x" : "N/A")")
        lines.append("progress=\(finished ? "end" : "continue")")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The last complete block of a feed, as keys and values (empty before the first).
    public static func lastBlock(_ text: Substring) -> [String: String] {
        var current: [String: String] = [:], last: [String: String] = [:]
        // Only whole lines: a block is complete once its progress= line has its newline.
        let complete = text.lastIndex(of: "\n").map { text[...$0] } ?? ""
        for line in complete.split(separator: "\n") {
            guard let eq = line.firstIndex(of: "=") else { continue }
            let key = String(line[..<eq])
            current[key] = String(line[line.index(after: eq)...])
            if key == "progress" { last = current; current = [:] }
        }
        return last
    }

    /// `HH:MM:SS.micros`, as ffmpeg's `out_time`.
    static func clock(_ us: UInt64) -> String {
        let s = us / 1_000_000, micros = us % 1_000_000
        func two(_ n: UInt64) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let frac = String(micros)
        return "\(two(s / 3600)):\(two(s / 60 % 60)):\(two(s % 60)).\(String(repeating: "0", count: 6 - frac.count))\(frac)"
    }

    /// Where `-progress` writes: `-` (stdout), `pipe:N` (descriptor N), `file:PATH` or a path.
    public enum Target: Equatable, Sendable {
        case descriptor(Int32)
        case file(String)

        /// Parses the value of `-progress`; nil for a URL scheme it does not write (`tcp:`...).
        public init?(_ text: String) {
            if text == "-" { self = .descriptor(1); return }
            if text.hasPrefix("pipe:") {
                guard let n = Int32(text.dropFirst(5)), n >= 0 else { return nil }
                self = .descriptor(n)
                return
            }
            if text.hasPrefix("file:") { self = .file(String(text.dropFirst(5))); return }
            if let colon = text.firstIndex(of: ":"), text[..<colon].allSatisfy({ $0.isLetter }), text[..<colon].count > 1 {
                return nil
            }
            self = .file(text)
        }
    }
}
