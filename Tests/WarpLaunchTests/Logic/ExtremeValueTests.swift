import Foundation
import XCTest
@testable import WarpLaunchKit

/// Issue 9, item 10, in-process: the tool's logic is total on extreme values (no trap, an
/// error or a saturated value instead). The subprocess tests in CLITool/ check the commands.
final class ExtremeValueTests: XCTestCase {
    func testFormattersAreTotal() {
        for x in [1e300, -1e300, 9.3e15, 9.3e18, .infinity, -.infinity, .nan, Double.greatestFiniteMagnitude] {
            _ = Format.clock(x)
            _ = Format.shortClock(x)
            _ = Format.fixed(x, 3)
            _ = Format.seconds(x)
        }
        _ = Format.fixed(1.5, 400)
        _ = Format.fixed(1.5, -3)
        XCTAssertEqual(Format.clock(12.5), "0:00:12.500")
        XCTAssertEqual(Format.shortClock(75), "1:15")
        // Past the Int64 range: no digits invented, but no trap either.
        XCTAssertFalse(Format.clock(1e300).isEmpty)
        XCTAssertFalse(Format.shortClock(1e300).isEmpty)
    }

    func testPlansAndPlotsOfExtremeCurvesAreRefusedOrTotal() throws {
        // Past the clock: refused when the map is built, as the elements refuse it.
        XCTAssertThrowsError(try CurveOptions(expression: "1e300").makeMap(duration: 10)) { error in
            XCTAssertTrue("\(error)".contains("clock"), "\(error)")
        }
        XCTAssertThrowsError(try CurveOptions(function: "constant", factor: 1).makeMap(duration: 1e300)) { error in
            XCTAssertTrue("\(error)".contains("clock"), "\(error)")
        }
        XCTAssertThrowsError(try CurvePlot(options: CurveOptions(keyframes: "0s:1, 1e300s:2"), duration: nil))
        XCTAssertThrowsError(try CurvePlot(options: CurveOptions(expression: "1e300"), duration: 10))
        // Without a duration the plot is in units of D: large, but drawn.
        let plot = try CurvePlot(options: CurveOptions(expression: "1e300"), duration: nil)
        _ = TerminalPlot(plot: plot).render()
        _ = SVGPlot(plot: plot).render()
        let huge = try CurvePlot(options: CurveOptions(expression: "1e307"), duration: nil)
        _ = TerminalPlot(plot: huge, columns: 40).render()
        _ = SVGPlot(plot: huge).render()
        _ = TerminalPlot(plot: plot, columns: Int.max, rows: Int.max)  // clamped, not allocated
        XCTAssertEqual(niceTicks(-1e308, 1e308).count <= 50, true)
        XCTAssertEqual(niceTicks(0, .greatestFiniteMagnitude).count <= 50, true)

        // A plan whose frame count does not fit an Int.
        let map = try CurveOptions(function: "constant", factor: 1).makeMap(duration: 9e9)
        let plan = WarpPlan(map: map, inputDuration: 9e9, inputFrames: nil, frameRate: .fixed(60))
        XCTAssertNotNil(plan.expectedOutputFrames)
        _ = plan.expectedDurationText
    }

    func testCheckTimesOutOfRangeAreErrorsNotTraps() {
        for text in ["99999999999999999s", "9999999999999999999ns", "-9999999999999999999ns", "9999999999:00:00",
                     "99999999999999.9s", "9223372036.854775808s", "0:-1:00", "1:99999999999999999:00"] {
            XCTAssertThrowsError(try CheckFileParser.parseTime(text, line: 3), text) { error in
                XCTAssertTrue("\(error)".hasPrefix("line 3:"), "\(error)")
            }
        }
        XCTAssertEqual(try CheckFileParser.parseTime("9223372036.854775807s", line: 1), Int64.max)
        XCTAssertEqual(try CheckFileParser.parseTime("-1s", line: 1), -1_000_000_000)  // tolerances may be written signed
    }

    func testNegativeSeeksAndTimeoutsAreRefusedWithTheLine() {
        func message(_ text: String) -> String {
            do { _ = try CheckFileParser.parse(text); return "no error" } catch { return "\(error)" }
        }
        XCTAssertEqual(message("pipeline: fakesrc ! fakesink name=v\nseek: start=-5s"),
                       "line 2: the seek start must not be negative, got '-5s'")
        XCTAssertEqual(message("pipeline: fakesrc ! fakesink name=v\nseek: start=1s stop=-1ms"),
                       "line 2: the seek stop must not be negative, got '-1ms'")
        XCTAssertEqual(message("pipeline: fakesrc ! fakesink name=v\nseek: start=2s stop=1s"),
                       "line 2: the seek stop must not be before its start")
        XCTAssertEqual(message("pipeline: fakesrc ! fakesink name=v\ntimeout: -1s"),
                       "line 2: the timeout must be positive, got '-1s'")
        XCTAssertEqual(message("pipeline: fakesrc ! fakesink name=v\ntimeout: 0s"),
                       "line 2: the timeout must be positive, got '0s'")
    }

    func testMeasuringBuffersNearTheTopOfTheClockDoesNotTrap() {
        let top = BufferRecord(pts: UInt64.max - 10, duration: 1_000)
        let high = BufferRecord(pts: UInt64(Int64.max) + 5, duration: UInt64.max - 1)
        let rec = SinkRecording(buffers: [high, top], bytesPerFrame: 4)
        for field in SinkField.allCases { _ = rec.value(of: field) }
        XCTAssertEqual(rec.value(of: .firstPTS), Int64.max)
        XCTAssertEqual(rec.value(of: .end), Int64.max)
        for inv in [Invariant.ptsIncreasing, .audioContiguous, .inSegment, .rate(30, 1)] {
            _ = rec.violations(of: inv)
        }
        var c = CheckCase()
        c.sinks = [SinkExpectation(name: "v", fields: [(.end, Expected(kind: .time, value: Int64.min, tolerance: 0, text: "x"))])]
        var r = RunRecording()
        r.sinks["v"] = rec
        XCTAssertEqual(CheckComparator.differences(c, r).count, 1)
    }

    func testFrameRateZeroIsNotAChoice() {
        XCTAssertNil(FrameRateChoice(argument: "0"))
        XCTAssertEqual(FrameRateChoice(argument: "any"), .any)
    }
}
