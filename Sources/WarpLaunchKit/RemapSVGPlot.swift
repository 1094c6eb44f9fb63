import TimeWarpMap

/// Renders a remap curve as a standalone SVG document: the input time shown `p(τ)` over output
/// time on the left (the identity dashed: normal speed), its speed `p'(τ)` on the right (1: normal,
/// 0: a freeze, below 0: backwards), the keys as title and a caption with the output duration and
/// the history the curve needs.
public struct RemapSVGPlot {
    /// The curve.
    public let curve: RemapCurve
    /// The title: the curve's options (`function=remap remap="..."`).
    public let title: String
    /// Samples per curve.
    public var samples = 800

    /// A plot of `curve` under `title`.
    public init(curve: RemapCurve, title: String) {
        self.curve = curve
        self.title = title
    }

    /// The SVG text.
    public func render() -> String {
        let width = SVGPlot.width, height = SVGPlot.height
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" \
            viewBox="0 0 \(Int(width)) \(Int(height))" font-family="sans-serif" font-size="13">
            <rect width="100%" height="100%" fill="white"/>
            <text x="\(Format.fixed(width / 2, 2))" y="26" text-anchor="middle" font-size="16">\(escape(title))</text>

            """
        let end = curve.outputDuration
        let taus = (0...samples).map { end * Double($0) / Double(samples) }
        let positions = taus.map { ($0, curve.inputTime(at: $0)) }
        let top = max(curve.latestInputTime, end) * 1.05
        out += SVGPanel(left: SVGPlot.lefts[0], top: SVGPlot.top, width: SVGPlot.panelWidth, height: SVGPlot.panelHeight)
            .render(title: "input shown p(τ)", xLabel: "output time τ (s)", xRange: (0, end), yRange: (0, top),
                    points: positions, marks: [], identity: true, yLabel: "input time (s)")
        // The speed just inside each sample (at a key the piece after it).
        let speeds = taus.map { ($0, curve.speed(at: min($0, end - end * 1e-9))) }
        let fastest = speeds.map { abs($0.1) }.max() ?? 1
        let bound = max(1.2, fastest * 1.1)
        let marks = [SVGPanel.Mark(y: 1, color: "#999", label: "normal"), SVGPanel.Mark(y: 0, color: "#27ae60", label: "freeze"),
                     SVGPanel.Mark(y: -1, color: "#c0392b", label: "backwards")]
        out += SVGPanel(left: SVGPlot.lefts[1], top: SVGPlot.top, width: SVGPlot.panelWidth, height: SVGPlot.panelHeight)
            .render(title: "speed p′(τ)", xLabel: "output time τ (s)", xRange: (0, end), yRange: (-bound, bound),
                    points: speeds, marks: marks, yLabel: "speed")
        for (i, line) in caption.enumerated() {
            out += "<text x=\"\(Format.fixed(width / 2, 2))\" y=\"\(Format.fixed(SVGPlot.top + SVGPlot.panelHeight + 68 + Double(i) * 20, 2))\" "
                + "text-anchor=\"middle\">\(escape(line))</text>\n"
        }
        out += "</svg>\n"
        return out
    }

    /// The output duration and the history the curve keeps.
    public var caption: [String] {
        let history = curve.historyNeeded
        return ["Output duration: \(Format.clock(curve.outputDuration)) (\(Format.seconds(curve.outputDuration)) s)",
                history > 0 ? "Input shown again: up to \(Format.seconds(history)) s (kept while the curve needs it)"
                            : "No input is shown twice"]
    }
}
