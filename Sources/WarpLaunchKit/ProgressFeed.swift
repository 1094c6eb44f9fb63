/// `-progress URL|-`: progress for machines, as ffmpeg writes it: blocks of `key=value` lines,
/// each ending with `progress=continue`, the last with `progress=end`.
public enum ProgressFeed {
    /// One block. `outputSeconds`: the output time written so far; `frames`: video frames
    /// written (nil without video); `elapsed`: wall-clock seconds since the start.
    public static func block(outputSeconds: Double, frames: UInt64?, elapsed: Double, finished: Bool) -> String {
        let us = UInt64(max(0, outputSeconds * 1e6).rounded())
        var lines: [String] = []
        if let frames {
            lines.append("frame=\(frames)")
            lines.append("fps=\(Format.fixed(elapsed > 0 ? Double(frames) / elapsed : 0, 2))")
        }
        lines.append("out_time_us=\(us)")
        lines.append("out_time_ms=\(us)")  // ffmpeg's name, in microseconds as ffmpeg writes it
        lines.append("out_time=\(clock(us))")
        lines.append("speed=\(elapsed > 0 ? Format.fixed(outputSeconds / elapsed, 3) + "x" : "N/A")")
        lines.append("progress=\(finished ? "end" : "continue")")
        return lines.joined(separator: "\n") + "\n"
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
