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
        // s = 1 (no change), and the minimum and maximum of the caption.
        let r = plot.range
        let marks = [SVGPanel.Mark(y: 1, color: "#999", label: nil),
                     SVGPanel.Mark(y: r.maximum, color: "#c0392b", label: "max \(Format.fixed(r.maximum, 2))"),
                     SVGPanel.Mark(y: r.minimum, color: "#27ae60", label: "min \(Format.fixed(r.minimum, 2))")]
        out += SVGPanel(left: Self.lefts[0], top: Self.top, width: Self.panelWidth, height: Self.panelHeight)
            .render(title: "time scale s(u)", xLabel: "u = t / D", xRange: (0, 1), yRange: (sLo, sHi),
                    points: (0...samples).map { k in
                        let u = Double(k) / Double(samples)
                        return (u, plot.scale(atUnit: u))
                    }, marks: marks)
        let (tLo, tHi) = plot.mapAxisRange
        let yLabel = plot.duration == nil ? "T / D" : "T(t) (s)"
        // The identity T(t) = t, dashed for comparison.
        out += SVGPanel(left: Self.lefts[1], top: Self.top, width: Self.panelWidth, height: Self.panelHeight)
            .render(title: "time map T(t)", xLabel: plot.timeAxisLabel, xRange: (0, plot.extent), yRange: (tLo, tHi),
                    points: (0...samples).map { k in
                        let t = plot.extent * Double(k) / Double(samples)
                        return (t, plot.warp(t))
                    }, marks: [], identity: true, yLabel: yLabel)
        for (i, line) in plot.caption.enumerated() {
            out += "<text x=\"\(n(Self.width / 2))\" y=\"\(n(Self.top + Self.panelHeight + 68 + Double(i) * 20))\" "
                + "text-anchor=\"middle\">\(escape(line))</text>\n"
        }
        out += "</svg>\n"
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
