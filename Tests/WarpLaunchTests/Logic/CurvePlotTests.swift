import XCTest
@testable import WarpLaunchKit

/// The plot view: its caption, the SVG document and the terminal drawing.
final class CurvePlotTests: XCTestCase {
    func testCaptionHasRangeAndExpectedDuration() throws {
        let plot = try CurvePlot(options: .demo, duration: 10, frames: 300)
        XCTAssertEqual(plot.caption, [
            "Time scale on [0,1] to [1.00, 1.50]",
            "Expected scaled duration: 0:00:12.500 (10.000 s -> 12.500 s) (24.00 FPS)",
        ])
    }

    func testCaptionWithoutDurationIsInUnitsOfD() throws {
        // triangle factor 2 modifier 0.5: F(1) = 1 + (2 - 1) * 0.25 = 1.25.
        let plot = try CurvePlot(options: CurveOptions(function: "triangle", factor: 2), duration: nil)
        XCTAssertEqual(plot.caption[1], "Expected scaled duration: 1.2500 x D (give --duration for seconds)")
        XCTAssertEqual(plot.timeAxisLabel, "t / D")
    }

    func testCurveInSecondsTakesItsOwnExtent() throws {
        let plot = try CurvePlot(options: CurveOptions(keyframes: "0s:1, 2s:2, 4s:2"), duration: nil)
        XCTAssertEqual(plot.extent, 4)
        XCTAssertEqual(plot.outputDuration, 1.5 * 2 + 2 * 2, accuracy: 1e-12)  // 3 + 4 s
    }

    func testSVGDocument() throws {
        let plot = try CurvePlot(options: CurveOptions(function: "cosine", factor: 0.5, modifier: 0.25), duration: 10)
        let svg = SVGPlot(plot: plot).render()
        XCTAssertTrue(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "))
        XCTAssertTrue(svg.hasSuffix("</svg>\n"))
        XCTAssertTrue(svg.contains("function=cosine factor=0.5 modifier=0.25"))
        XCTAssertTrue(svg.contains("time scale s(u)"))
        XCTAssertTrue(svg.contains("time map T(t)"))
        XCTAssertTrue(svg.contains("max 1.25"))  // f (1 + 1) + f/2
        XCTAssertTrue(svg.contains("min 0.25"))  // f (-1 + 1) + f/2
        for line in plot.caption { XCTAssertTrue(svg.contains(escape(line)), line) }
        // Two curves, each a path of 401 points.
        let paths = svg.components(separatedBy: "<path d=\"").dropFirst()
        XCTAssertEqual(paths.count, 2)
        for p in paths { XCTAssertEqual(p.prefix(while: { $0 != "\"" }).split(separator: " ").count, 401) }
        XCTAssertFalse(svg.contains("nan"))
    }

    func testSVGEscapesText() {
        XCTAssertEqual(escape("a<b & \"c\">"), "a&lt;b &amp; &quot;c&quot;&gt;")
    }

    func testTerminalPlotShape() throws {
        let plot = try CurvePlot(options: .demo, duration: 10)
        let text = TerminalPlot(plot: plot, columns: 40, rows: 8, ascii: true).render()
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines.first, "function=double-smoothstep factor=1.5 modifier=0.5")
        XCTAssertTrue(text.contains("time scale s(u)   (min 1.00, max 1.50)"))
        XCTAssertTrue(text.hasSuffix("Expected scaled duration: 0:00:12.500 (10.000 s -> 12.500 s)\n"))
        // Each panel: 8 rows of "label |" + 40 columns.
        let rows = lines.filter { $0.contains("|") }
        XCTAssertEqual(rows.count, 16)
        for row in rows { XCTAssertEqual(row.split(separator: "|", maxSplits: 1)[1].count, 40) }
        XCTAssertTrue(text.contains("*"))
        XCTAssertFalse(text.unicodeScalars.contains { $0.value >= 0x2800 && $0.value < 0x2900 })
    }

    func testBrailleCanvasDots() {
        var canvas = DotCanvas(columns: 2, rows: 1, ascii: false)
        canvas.set(0, 0)
        canvas.set(1, 3)
        canvas.set(3, 1)
        XCTAssertEqual(canvas.lines(), ["\u{2881}\u{2810}"])  // dots 1+8, dot 5
    }

    func testNiceTicks() {
        func near(_ a: [Double], _ b: [Double]) -> Bool {
            a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) < 1e-12 }
        }
        XCTAssertTrue(near(niceTicks(0, 1), [0, 0.2, 0.4, 0.6, 0.8, 1]), "\(niceTicks(0, 1))")
        XCTAssertTrue(near(niceTicks(0, 12.5), [0, 2.5, 5, 7.5, 10, 12.5]), "\(niceTicks(0, 12.5))")
        XCTAssertEqual(tickLabel(2.5), "2.5")
        XCTAssertEqual(tickLabel(10), "10")
    }
}
