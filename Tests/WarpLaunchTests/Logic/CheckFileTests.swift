import Foundation
import XCTest
@testable import WarpLaunchKit

/// The `.pipeline` check files: parsing, comparison, readable differences, log updates.
final class CheckFileTests: XCTestCase {
    static let sample = """
        # A comment.
        pipeline: videotestsrc num-buffers=30 ! videotimewarp name=w factor=2
          # a comment inside a continuation is skipped
          ! video/x-raw,framerate=0/1 ! fakesink name=v sync=false

        seek: start=2s stop=3s
        timeout: 10s
        sink v: buffers=30 first-pts=0s last-pts=1.933333333s end=2s±1ms
        sink v: samples=10±2
        invariants: pts-increasing
        invariants v: in-segment rate=30/1
        element w: in=30 out=30 function=constant output-duration=2s
        log v:
        0.000000000 0.066666666 discont
        0.066666666 0.066666666 -
        """

    func testParsesEveryDirective() throws {
        let c = try CheckFileParser.parse(Self.sample)
        XCTAssertEqual(c.pipeline, "videotestsrc num-buffers=30 ! videotimewarp name=w factor=2 ! video/x-raw,framerate=0/1 ! fakesink name=v sync=false")
        XCTAssertEqual(c.seek, SeekSpec(start: 2_000_000_000, stop: 3_000_000_000, flags: ["flush", "accurate"]))
        XCTAssertEqual(c.timeout, 10_000_000_000)
        XCTAssertEqual(c.sinks.count, 1)
        let fields = c.sinks[0].fields
        XCTAssertEqual(fields.map(\.0), [.buffers, .firstPTS, .lastPTS, .end, .samples])
        XCTAssertEqual(fields[2].1.value, 1_933_333_333)
        XCTAssertEqual(fields[2].1.tolerance, 1000)  // the default: 1 us
        XCTAssertEqual(fields[3].1.tolerance, 1_000_000)
        XCTAssertEqual(fields[4].1.tolerance, 2)
        XCTAssertEqual(c.invariants(for: "v"), [.ptsIncreasing, .inSegment, .rate(30, 1)])
        XCTAssertEqual(c.elements[0].properties.map(\.0), ["in", "out", "function", "output-duration"])
        XCTAssertEqual(c.elements[0].properties[2].1.kind, .text)
        XCTAssertEqual(c.elements[0].properties[3].1.kind, .time)
        XCTAssertEqual(c.logs.first?.lines, ["0.000000000 0.066666666 discont", "0.066666666 0.066666666 -"])
        XCTAssertEqual(c.sinkNames, ["v"])
    }

    func testParsesPropertyChanges() throws {
        let c = try CheckFileParser.parse("""
            pipeline: videotestsrc ! videotimewarp name=w ! fakesink name=v
            set w: at=1.5s factor=2 function=constant
            set w: at=2s modifier=0.25
            """)
        XCTAssertEqual(c.changes, [
            PropertyChange(element: "w", at: 1_500_000_000, properties: [.init(name: "factor", value: "2"),
                                                                          .init(name: "function", value: "constant")]),
            PropertyChange(element: "w", at: 2_000_000_000, properties: [.init(name: "modifier", value: "0.25")]),
        ])
        XCTAssertThrowsError(try CheckFileParser.parse("pipeline: fakesrc ! fakesink\nset w: factor=2"))
        XCTAssertThrowsError(try CheckFileParser.parse("pipeline: fakesrc ! fakesink\nset w: at=1s"))
    }

    func testTimesAreExact() throws {
        XCTAssertEqual(try CheckFileParser.parseTime("1.933333333s", line: 1), 1_933_333_333)
        XCTAssertEqual(try CheckFileParser.parseTime("1500ms", line: 1), 1_500_000_000)
        XCTAssertEqual(try CheckFileParser.parseTime("2.5us", line: 1), 2500)
        XCTAssertEqual(try CheckFileParser.parseTime("7ns", line: 1), 7)
        XCTAssertEqual(try CheckFileParser.parseTime("0:01:02.5", line: 1), 62_500_000_000)
        XCTAssertEqual(try CheckFileParser.parseTime("0", line: 1), 0)
        XCTAssertThrowsError(try CheckFileParser.parseTime("12", line: 4)) { error in
            XCTAssertEqual("\(error)", "line 4: expected a time with a unit (s, ms, us, ns), got '12'")
        }
        XCTAssertThrowsError(try CheckFileParser.parseTime("1.5ns", line: 1))
    }

    func testSyntaxErrorsNameTheLine() {
        func message(_ text: String) -> String {
            do { _ = try CheckFileParser.parse(text); return "no error" } catch { return "\(error)" }
        }
        XCTAssertEqual(message("sink v: buffers=1"), "line 1: no 'pipeline:' line")
        XCTAssertEqual(message("pipeline: fakesrc ! fakesink\nsink v: frames=1"),
                       "line 2: unknown sink field 'frames' (known: buffers, first-pts, last-pts, end, duration, samples)")
        XCTAssertEqual(message("pipeline: a\ninvariants: sorted"),
                       "line 2: unknown invariant 'sorted' (known: pts-increasing, audio-contiguous, in-segment, rate=N/D)")
        XCTAssertEqual(message("pipeline: a\nfoo: bar"),
                       "line 2: unknown directive 'foo' (known: pipeline, seek, set, timeout, error, sink, invariants, element, log)")
        XCTAssertEqual(message("pipeline: a\nsink v: buffers"), "line 2: expected key=value, got 'buffers'")
        XCTAssertEqual(message("pipeline: a\nseek: stop=1s"), "line 2: a seek needs start=")
    }

    /// 30 buffers of 1/15 s from 0, like constant factor 2 at a variable rate.
    static func recording(count: Int = 30, step: UInt64 = 66_666_666) -> RunRecording {
        var r = RunRecording()
        let buffers = (0..<count).map { k in
            BufferRecord(pts: UInt64(k) * step, duration: step, flags: k == 0 ? ["discont"] : [])
        }
        r.sinks["v"] = SinkRecording(buffers: buffers)
        r.elements["w"] = ["in": "30", "out": "30", "function": "constant", "output-duration": "2000000000"]
        return r
    }

    func testMatchingRecordingPasses() throws {
        var text = Self.sample.replacingOccurrences(of: "sink v: samples=10±2\n", with: "")
        text = text.replacingOccurrences(of: "last-pts=1.933333333s", with: "last-pts=1.933333314s")
        text = text.replacingOccurrences(of: "end=2s±1ms", with: "end=2s±1us")
        text = text.replacingOccurrences(of: "invariants v: in-segment rate=30/1", with: "invariants v: in-segment")
        let c = try CheckFileParser.parse(text)
        let r = Self.recording()
        // end = 29 * 66666666 + 66666666 = 1999999980 ns: 20 ns from 2 s, within 1 us.
        XCTAssertEqual(CheckComparator.differences(c, r, compareLogs: false), [])
    }

    func testBrokenExpectationGivesAReadableDiff() throws {
        let c = try CheckFileParser.parse("""
            pipeline: x
            sink v: buffers=31 last-pts=2s
            element w: out=31 function=triangle
            log v:
            0.000000000 0.066666666 discont
            0.066666666 0.066666666 -
            0.133333333 0.066666666 -
            """)
        let diff = CheckComparator.differences(c, Self.recording())
        XCTAssertEqual(diff, [
            "sink v: buffers: expected 31, got 30",
            "sink v: last-pts: expected 2.000000000 s (±0.000001000 s), got 1.933333314 s (off by -0.066666686 s)",
            "element w: out: expected 31, got 30",
            "element w: function: expected triangle, got constant",
            "log v: first difference at buffer 2 (line 3 of the log):",
            "  buffer 2: expected 0.133333333 0.066666666 -",
            "  buffer 2: got      0.133333332 0.066666666 -",
            "log v: expected 3 buffers, got 30",
        ])
    }

    func testErrorExpectations() throws {
        let c = try CheckFileParser.parse("pipeline: x\nerror: The time map DECREASES")
        var r = RunRecording()
        XCTAssertEqual(CheckComparator.differences(c, r),
                       ["error: expected the run to fail with \"The time map DECREASES\", but it ended without error"])
        r.error = "Invalid time map: the time map decreases near u=0.1 (from w)"
        XCTAssertEqual(CheckComparator.differences(c, r), [])
        let plain = try CheckFileParser.parse("pipeline: x")
        XCTAssertEqual(CheckComparator.differences(plain, r), ["error: the run failed: \(r.error!)"])
    }

    func testInvariantViolations() {
        let bad = SinkRecording(buffers: [
            BufferRecord(pts: 0, duration: 10, offset: 0, offsetEnd: 480, segmentStart: 0, segmentStop: 25),
            BufferRecord(pts: 10, duration: 10, offset: 480, offsetEnd: 960, segmentStart: 0, segmentStop: 25),
            BufferRecord(pts: 25, duration: 10, offset: 961, offsetEnd: 1440, segmentStart: 0, segmentStop: 25),
            BufferRecord(pts: 20, duration: 10, segmentStart: 0, segmentStop: 25),
        ], bytesPerFrame: 4)
        XCTAssertEqual(bad.violations(of: .ptsIncreasing),
                       ["buffer 3 PTS 0.000000020 is not after buffer 2 PTS 0.000000025"])
        XCTAssertEqual(bad.violations(of: .audioContiguous), [
            "buffer 2 starts at 0.000000025 but buffer 1 ends at 0.000000020 (gap of 5 ns)",
            "buffer 3 starts at 0.000000020 but buffer 2 ends at 0.000000035 (overlap of 15 ns)",
        ])
        XCTAssertEqual(bad.violations(of: .inSegment),
                       ["buffer 2 PTS 0.000000025 is outside the segment [0.000000000, 0.000000025)"])
        let video = SinkRecording(buffers: [0, 33_333_333, 66_666_666, 133_333_333].map {
            BufferRecord(pts: $0, duration: 33_333_333)
        })
        XCTAssertEqual(video.violations(of: .rate(30, 1)),
                       ["buffer 3 is 0.066666667 s after buffer 2, not one period of 30/1"])
        XCTAssertEqual(video.value(of: .duration), 133_333_333 + 33_333_333)
        XCTAssertNil(video.value(of: .samples))
    }

    func testSampleCount() {
        let audio = SinkRecording(buffers: [BufferRecord(pts: 0, duration: 1, size: 1920),
                                            BufferRecord(pts: 1, duration: 1, size: 1920)],
                                  bytesPerFrame: 8)
        XCTAssertEqual(audio.value(of: .samples), 480)
    }

    func testUpdateReplacesOnlyTheLogLines() throws {
        let text = """
            pipeline: x
            log v:
            9.000000000 none -
            sink v: buffers=2
            """
        let c = try CheckFileParser.parse(text)
        let updated = CheckComparator.updatingLogs(in: text, case: c, recording: Self.recording(count: 2))
        XCTAssertEqual(updated, """
            pipeline: x
            log v:
            0.000000000 0.066666666 discont
            0.066666666 0.066666666 -
            sink v: buffers=2
            """)
        XCTAssertEqual(try CheckFileParser.parse(updated).logs.first?.lines.count, 2)
    }

    func testEmptyLogAsksForUpdate() throws {
        let c = try CheckFileParser.parse("pipeline: x\nlog v:\n")
        XCTAssertEqual(CheckComparator.differences(c, Self.recording()),
                       ["log v: nothing recorded yet; run again with --update to record 30 buffers"])
    }

    func testLogLineFormat() {
        XCTAssertEqual(BufferRecord(pts: 1_500_000_000, duration: .max, flags: ["discont", "delta"]).logLine,
                       "1.500000000 none discont,delta")
    }
}
