/// Renders a `CurvePlot` as a standalone SVG document: the scale function `s(u)` on the left
/// (with its minimum and maximum marked), the time map `T(t)` on the right (with the identity
/// dashed for comparison), the curve as title and the caption below.
public struct SVGPlot {
    public let plot: CurvePlot
    /// Samples per curve.
    public var samples = 400

    public init(plot: CurvePlot) { self.plot = plot }

    static let width = 960.0, height = 470.0
    static let panelWidth = 380.0, panelHeight = 280.0, top = 64.0
    static let lefts = [70.0, 550.0]

    /// The SVG text.
    public func render() -> String {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(Self.width))" height="\(Int(Self.height))" \
            viewBox="0 0 \(Int(Self.width)) \(Int(Self.height))" font-family="sans-serif" font-size="13">
            <rect width="100%" height="100%" fill="white"/>
            <text x="\(n(Self.width / 2))" y="26" text-anchor="middle" font-size="16">\(escape(plot.title))</text>

            """
        let (sLo, sHi) = plot.scaleAxisRange()
        out += panel(index: 0, title: "time scale s(u)", xLabel: "u = t / D", xRange: (0, 1),
                     yRange: (sLo, sHi), points: (0...samples).map { k in
                         let u = Double(k) / Double(samples)
                         return (u, plot.scale(atUnit: u))
                     }, markers: true)
        let (tLo, tHi) = plot.mapAxisRange
        let yLabel = plot.duration == nil ? "T / D" : "T(t) (s)"
        out += panel(index: 1, title: "time map T(t)", xLabel: plot.timeAxisLabel,
                     xRange: (0, plot.extent), yRange: (tLo, tHi), points: (0...samples).map { k in
                         let t = plot.extent * Double(k) / Double(samples)
                         return (t, plot.warp(t))
                     }, markers: false, yLabel: yLabel)
        for (i, line) in plot.caption.enumerated() {
            out += "<text x=\"\(n(Self.width / 2))\" y=\"\(n(Self.top + Self.panelHeight + 68 + Double(i) * 20))\" "
                + "text-anchor=\"middle\">\(escape(line))</text>\n"
        }
        out += "</svg>\n"
        return out
    }

    private func panel(index: Int, title: String, xLabel: String, xRange: (Double, Double),
                       yRange: (Double, Double), points: [(Double, Double)], markers: Bool,
                       yLabel: String? = nil) -> String {
        let left = Self.lefts[index], top = Self.top, w = Self.panelWidth, h = Self.panelHeight
        func px(_ x: Double) -> Double { left + (x - xRange.0) / (xRange.1 - xRange.0) * w }
        func py(_ y: Double) -> Double {
            let v = min(max(y, yRange.0), yRange.1)
            return top + h - (v - yRange.0) / (yRange.1 - yRange.0) * h
        }
        var out = "<g>\n"
        out += "<text x=\"\(n(left + w / 2))\" y=\"\(n(top - 12))\" text-anchor=\"middle\" font-weight=\"bold\">\(escape(title))</text>\n"
        out += "<rect x=\"\(n(left))\" y=\"\(n(top))\" width=\"\(n(w))\" height=\"\(n(h))\" fill=\"none\" stroke=\"#444\"/>\n"
        for t in niceTicks(xRange.0, xRange.1) {
            out += "<line x1=\"\(n(px(t)))\" y1=\"\(n(top))\" x2=\"\(n(px(t)))\" y2=\"\(n(top + h))\" stroke=\"#eee\"/>\n"
            out += "<text x=\"\(n(px(t)))\" y=\"\(n(top + h + 17))\" text-anchor=\"middle\">\(tickLabel(t))</text>\n"
        }
        for t in niceTicks(yRange.0, yRange.1) {
            out += "<line x1=\"\(n(left))\" y1=\"\(n(py(t)))\" x2=\"\(n(left + w))\" y2=\"\(n(py(t)))\" stroke=\"#eee\"/>\n"
            out += "<text x=\"\(n(left - 6))\" y=\"\(n(py(t) + 4))\" text-anchor=\"end\">\(tickLabel(t))</text>\n"
        }
        out += "<text x=\"\(n(left + w / 2))\" y=\"\(n(top + h + 36))\" text-anchor=\"middle\">\(escape(xLabel))</text>\n"
        if let yLabel {
            out += "<text x=\"\(n(left - 48))\" y=\"\(n(top + h / 2))\" text-anchor=\"middle\" "
                + "transform=\"rotate(-90 \(n(left - 48)) \(n(top + h / 2)))\">\(escape(yLabel))</text>\n"
        }
        if markers {
            // s = 1 (no change), and the minimum and maximum of the caption.
            out += hline(py(1), left, w, color: "#999", label: nil)
            let r = plot.range
            out += hline(py(r.maximum), left, w, color: "#c0392b", label: "max \(Format.fixed(r.maximum, 2))")
            out += hline(py(r.minimum), left, w, color: "#27ae60", label: "min \(Format.fixed(r.minimum, 2))")
        } else {
            // The identity T(t) = t, for comparison.
            let end = min(xRange.1, yRange.1)
            out += "<line x1=\"\(n(px(0)))\" y1=\"\(n(py(0)))\" x2=\"\(n(px(end)))\" y2=\"\(n(py(end)))\" "
                + "stroke=\"#999\" stroke-dasharray=\"5,4\"/>\n"
        }
        let path = points.enumerated().map { i, p in
            "\(i == 0 ? "M" : "L")\(n(px(p.0))),\(n(py(p.1.isNaN ? 0 : p.1)))"
        }.joined(separator: " ")
        out += "<path d=\"\(path)\" fill=\"none\" stroke=\"#1f5fbf\" stroke-width=\"2\" stroke-linejoin=\"round\"/>\n"
        out += "</g>\n"
        return out
    }

    private func hline(_ y: Double, _ left: Double, _ w: Double, color: String, label: String?) -> String {
        var out = "<line x1=\"\(n(left))\" y1=\"\(n(y))\" x2=\"\(n(left + w))\" y2=\"\(n(y))\" stroke=\"\(color)\" stroke-dasharray=\"3,3\"/>\n"
        if let label {
            out += "<text x=\"\(n(left + w - 4))\" y=\"\(n(y - 4))\" text-anchor=\"end\" fill=\"\(color)\">\(escape(label))</text>\n"
        }
        return out
    }

    /// A coordinate with two decimals.
    private func n(_ x: Double) -> String { Format.fixed(x, 2) }
}

/// Escapes text for XML.
func escape(_ text: String) -> String {
    var out = ""
    for c in text {
        switch c {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        default: out.append(c)
        }
    }
    return out
}
