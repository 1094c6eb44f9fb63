/// One panel of an SVG plot: a framed chart with a grid, tick labels, axis labels, horizontal
/// reference lines, an optional dashed identity line and one curve. `SVGPlot` draws two (s and
/// T), `RemapSVGPlot` two (p and its speed).
struct SVGPanel {
    /// A dashed horizontal line at `y`, with an optional label at its right end.
    struct Mark {
        let y: Double
        let color: String
        let label: String?
    }

    /// Where the panel's frame is, in SVG units.
    let left: Double, top: Double, width: Double, height: Double

    /// The panel's frame, grid, tick labels, axis labels, `marks`, the identity line when
    /// `identity`, and the curve through `points`.
    func render(title: String, xLabel: String, xRange: (Double, Double), yRange: (Double, Double),
                points: [(Double, Double)], marks: [Mark], identity: Bool = false, yLabel: String? = nil) -> String {
        let w = width, h = height
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
        for mark in marks { out += hline(py(mark.y), left, w, color: mark.color, label: mark.label) }
        if identity {
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
