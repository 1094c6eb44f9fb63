/// The progress line of long runs: a bar, the percentage, position and duration, the elapsed
/// time and an estimate of the time left (elapsed * remaining / done, once something is done).
public struct ProgressBar: Sendable {
    /// Bar width in characters.
    public var width: Int
    /// Draw with `#` and `.` instead of block characters.
    public var ascii: Bool

    public init(width: Int = 30, ascii: Bool = false) {
        self.width = min(max(width, 5), 1000)
        self.ascii = ascii
    }

    /// The fraction done, in `0...1`; `nil` when the duration is unknown.
    public static func fraction(position: Double?, duration: Double?) -> Double? {
        guard let p = position, let d = duration, p.isFinite, d.isFinite, d > 0 else { return nil }
        return min(max(p / d, 0), 1)
    }

    /// The estimated time left in seconds, `nil` until a little is done.
    public static func remaining(fraction: Double?, elapsed: Double) -> Double? {
        guard let f = fraction, f >= 0.01, elapsed > 0.5 else { return nil }
        return elapsed * (1 - f) / f
    }

    /// One line, e.g. `[██████········]  45%  5.625 / 12.500 s  elapsed 0:03  left 0:04`.
    /// Without a known duration: the position and the elapsed time only.
    public func line(position: Double?, duration: Double?, elapsed: Double) -> String {
        let f = Self.fraction(position: position, duration: duration)
        let full = ascii ? "#" : "\u{2588}", empty = ascii ? "." : "\u{00B7}"
        var text: String
        if let f {
            let filled = Int((f * Double(width)).rounded(.down))
            let bar = String(repeating: full, count: filled) + String(repeating: empty, count: width - filled)
            let percent = Int((f * 100).rounded(.down))
            text = "[\(bar)] \(percent < 10 ? "  " : percent < 100 ? " " : "")\(percent)%  "
                + "\(Format.seconds(position ?? 0)) / \(Format.seconds(duration ?? 0)) s"
        } else {
            text = "\(Format.seconds(position ?? 0)) s"
        }
        text += "  elapsed \(Format.shortClock(elapsed))"
        if let left = Self.remaining(fraction: f, elapsed: elapsed) {
            text += "  left \(Format.shortClock(left))"
        } else if f != nil {
            text += "  left --:--"
        }
        return text
    }
}
