/// Renders a `CurvePlot` as text for a terminal: `s(u)` above `T(t)`, each a grid of Braille
/// dots (2x4 per character; `ascii: true` draws `*` instead), with axis labels and the caption.
public struct TerminalPlot {
    public let plot: CurvePlot
    /// Plot area size in characters.
    public var columns: Int
    public var rows: Int
    /// Draw with `*` instead of Braille dots (terminals without UTF-8).
    public var ascii: Bool

    public init(plot: CurvePlot, columns: Int = 60, rows: Int = 12, ascii: Bool = false) {
        self.plot = plot
        self.columns = min(max(columns, 10), Self.maximumSize)
        self.rows = min(max(rows, 4), Self.maximumSize)
        self.ascii = ascii
    }

    /// The largest width and height drawn (in characters); larger ones are clamped.
    public static let maximumSize = 1000

    /// The text, lines separated by newlines, ending with a newline.
    public func render() -> String {
        var lines: [String] = [plot.title, ""]
        let (sLo, sHi) = plot.scaleAxisRange()
        lines.append("time scale s(u)   (min \(Format.fixed(plot.range.minimum, 2)), max \(Format.fixed(plot.range.maximum, 2)))")
        lines += panel(xRange: (0, 1), yRange: (sLo, sHi), xLabel: "u = t / D",
                       reference: { _ in 1 }) { plot.scale(atUnit: $0) }
        lines.append("")
        let (tLo, tHi) = plot.mapAxisRange
        lines.append("time map T(t)   (dots: T(t) = t)")
        lines += panel(xRange: (0, plot.extent), yRange: (tLo, tHi), xLabel: plot.timeAxisLabel,
                       reference: { $0 }) { plot.warp($0) }
        lines.append("")
        lines += plot.caption
        return lines.joined(separator: "\n") + "\n"
    }

    /// One panel: y labels, the canvas with a dotted reference curve, x labels.
    private func panel(xRange: (Double, Double), yRange: (Double, Double), xLabel: String,
                       reference: (Double) -> Double, curve: (Double) -> Double) -> [String] {
        var canvas = DotCanvas(columns: columns, rows: rows, ascii: ascii)
        let dotsX = canvas.dotWidth, dotsY = canvas.dotHeight
        func x(ofDot i: Int) -> Double { xRange.0 + (xRange.1 - xRange.0) * Double(i) / Double(dotsX - 1) }
        func dotY(_ y: Double) -> Int? {
            guard y.isFinite else { return y == .infinity ? 0 : nil }
            let f = (y - yRange.0) / (yRange.1 - yRange.0)
            let d = ((1 - f) * Double(dotsY - 1)).rounded()
            guard !d.isNaN else { return nil }
            return d <= 0 ? 0 : d >= Double(dotsY - 1) ? dotsY - 1 : Int(d)
        }
        // The reference (s = 1, or T = t): every fourth dot.
        for i in stride(from: 0, to: dotsX, by: 4) {
            if let y = dotY(reference(x(ofDot: i))) { canvas.set(i, y, faint: true) }
        }
        var previous: Int?
        for i in 0..<dotsX {
            guard let y = dotY(curve(x(ofDot: i))) else { previous = nil; continue }
            if let p = previous {
                for yy in min(p, y)...max(p, y) { canvas.set(i, yy) }
            } else {
                canvas.set(i, y)
            }
            previous = y
        }
        let body = canvas.lines()
        let labels = (0..<rows).map { r -> String in
            let yValue = yRange.1 - (yRange.1 - yRange.0) * (Double(r) + 0.5) / Double(rows)
            let show = r == 0 || r == rows - 1 || r == rows / 2
            return show ? tickLabelFixed(yValue) : ""
        }
        let width = labels.map(\.count).max() ?? 0
        var out: [String] = []
        for r in 0..<rows {
            let label = String(repeating: " ", count: width - labels[r].count) + labels[r]
            out.append("\(label) |\(body[r])")
        }
        let indent = String(repeating: " ", count: width + 1)
        out.append(indent + "+" + String(repeating: "-", count: columns))
        let left = tickLabel(xRange.0), mid = tickLabel((xRange.0 + xRange.1) / 2), right = tickLabel(xRange.1)
        var axis = Array(repeating: Character(" "), count: columns + 1)
        func put(_ text: String, at position: Int) {
            let start = min(max(position, 0), max(axis.count - text.count, 0))
            for (k, c) in text.enumerated() where start + k < axis.count { axis[start + k] = c }
        }
        put(left, at: 0)
        put(mid, at: columns / 2 - mid.count / 2)
        put(right, at: columns + 1 - right.count)
        out.append(indent + String(axis))
        out.append(indent + String(repeating: " ", count: max(0, columns / 2 - xLabel.count / 2)) + xLabel)
        return out
    }

    private func tickLabelFixed(_ v: Double) -> String { Format.fixed(v, 2) }
}

/// A grid of Braille cells (2x4 dots each), or of `*` characters in ASCII mode.
struct DotCanvas {
    let columns: Int, rows: Int, ascii: Bool
    /// Dot bits per cell; faint dots are kept apart so a curve over them wins.
    private var bits: [[UInt8]]
    private var faint: [[Bool]]

    init(columns: Int, rows: Int, ascii: Bool) {
        self.columns = columns
        self.rows = rows
        self.ascii = ascii
        bits = Array(repeating: Array(repeating: 0, count: columns), count: rows)
        faint = Array(repeating: Array(repeating: false, count: columns), count: rows)
    }

    var dotWidth: Int { ascii ? columns : columns * 2 }
    var dotHeight: Int { ascii ? rows : rows * 4 }

    /// Sets dot (x, y), y growing downwards.
    mutating func set(_ x: Int, _ y: Int, faint isFaint: Bool = false) {
        guard x >= 0, y >= 0, x < dotWidth, y < dotHeight else { return }
        let (c, r) = ascii ? (x, y) : (x / 2, y / 4)
        if isFaint {
            if bits[r][c] == 0 { faint[r][c] = true }
            return
        }
        faint[r][c] = false
        if ascii { bits[r][c] = 1; return }
        let dx = x % 2, dy = y % 4
        let bit: UInt8 = dy == 3 ? (dx == 0 ? 0x40 : 0x80) : UInt8(1 << (dy + 3 * dx))
        bits[r][c] |= bit
    }

    func lines() -> [String] {
        (0..<rows).map { r in
            String((0..<columns).map { c -> Character in
                if bits[r][c] != 0 {
                    return ascii ? "*" : Character(Unicode.Scalar(0x2800 + UInt32(bits[r][c]))!)
                }
                return faint[r][c] ? (ascii ? "." : "\u{00B7}") : " "
            })
        }
    }
}
