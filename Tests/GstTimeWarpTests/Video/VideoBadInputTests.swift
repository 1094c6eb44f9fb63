import XCTest
import CGStreamer
import CGStreamerCheck
@testable import GstTimeWarp

/// Bad input gets a clear error or warning, never a crash (a map that is not increasing is
/// refused: docs/mathematics.md#validation).
final class VideoBadInputTests: XCTestCase {
    static let caps = "video/x-raw,format=GRAY8,width=4,height=4,framerate=25/1"
    static let vfr = "video/x-raw,format=GRAY8,width=4,height=4,framerate=0/1"

    func testDecreasingMapIsRefused() {
        let h = Harness("videotimewarp function=constant factor=-1")
        h.setCaps(input: Self.caps, output: Self.caps)
        XCTAssertEqual(h.push(pts: 0, duration: 40 * ms), GST_FLOW_ERROR)
        let errors = h.messages().filter(\.isError)
        XCTAssertEqual(errors.count, 1)
        XCTAssertTrue(errors.first?.text.contains("decreas") ?? false, errors.first?.text ?? "")
        XCTAssertEqual(h.pullAll().count, 0)
    }

    /// NaN and infinity never reach the element through `factor` (GObject's range check refuses
    /// them); a huge factor that overflows to infinity inside s(u) must still be refused.
    func testFactorOverflowingToInfinityIsRefused() {
        let h = Harness("videotimewarp function=cosine factor=1e308 duration=1000000000")
        h.setCaps(input: Self.caps, output: Self.caps)
        XCTAssertEqual(h.push(pts: 0, duration: 40 * ms), GST_FLOW_ERROR)
        XCTAssertEqual(h.messages().filter(\.isError).count, 1)
    }

    func testUnknownDurationIsAnError() {
        let h = Harness("videotimewarp function=triangle factor=2")
        h.setCaps(input: Self.caps, output: Self.caps)
        XCTAssertEqual(h.push(pts: 0, duration: 40 * ms), GST_FLOW_ERROR)
        let errors = h.messages().filter(\.isError)
        XCTAssertEqual(errors.count, 1)
        XCTAssertTrue(errors.first?.text.contains("duration") ?? false, errors.first?.text ?? "")
    }

    func testBuffersWithoutTimestampsAreDroppedWithAWarning() {
        let h = Harness("videotimewarp factor=2")
        h.setCaps(input: Self.caps, output: Self.vfr)
        h.push(pts: 0, duration: 40 * ms)
        h.push(pts: ClockTime.none, duration: 40 * ms)
        h.push(pts: ClockTime.none, duration: 40 * ms)
        h.push(pts: 80 * ms, duration: 40 * ms)
        XCTAssertEqual(h.pullAll().map(\.pts), [0, 160 * ms])
        let messages = h.messages()
        XCTAssertEqual(messages.filter { !$0.isError }.count, 1)  // warned once
        XCTAssertEqual(messages.filter(\.isError).count, 0)
        XCTAssertEqual(h.uint64Property("drop"), 2)
    }

    func testTimestampsGoingBackwardsDropTheLateFrame() {
        let h = Harness("videotimewarp factor=2")
        h.setCaps(input: Self.caps, output: Self.vfr)
        for t: UInt64 in [0, 80, 40, 80, 120] { h.push(pts: t * ms, duration: 40 * ms) }
        XCTAssertEqual(h.pullAll().map(\.pts), [0, 160 * ms, 240 * ms])
        XCTAssertEqual(h.uint64Property("drop"), 2)
    }

    /// An ordinary caps change is logged at debug level, not posted (issue 21; it used to post a
    /// WARNING), as videorate and identity do.
    func testCapsChangeMidStreamContinuesSilently() {
        let h = Harness("videotimewarp factor=2")
        h.setCaps(input: Self.caps, output: "video/x-raw,format=GRAY8,framerate=25/1")
        h.push(pts: 0, duration: 40 * ms, tag: 1)
        h.setInputCaps("video/x-raw,format=GRAY8,width=8,height=2,framerate=25/1")
        h.push(pts: 40 * ms, duration: 40 * ms, tag: 2)
        h.pushEOS()
        XCTAssertEqual(h.messages().count, 0)
        XCTAssertFalse(h.pullAll().isEmpty)
    }

    func testNonTimeSegmentIsAnError() {
        let h = Harness("videotimewarp factor=2")
        h.setCaps(input: Self.caps, output: Self.caps)
        var seg = GstSegment()
        gst_segment_init(&seg, GST_FORMAT_BYTES)
        _ = gst_harness_push_event(h.raw, gst_event_new_segment(&seg))  // sticky: stored either way
        XCTAssertTrue(h.messages().contains { $0.isError && $0.text.contains("TIME") })
    }
}
