import XCTest
import CGStreamer
import CGStreamerCheck
@testable import GstTimeWarp

/// A fixed-rate output grid continues after the last slot pushed when the input rate or the
/// downstream rate changes mid-stream: no slot twice, no going back.
final class VideoGridContinuityTests: XCTestCase {
    func testInputRateChangeKeepsTheOutputGrid() {
        let caps30 = "video/x-raw,format=GRAY8,width=4,height=4,framerate=30/1"
        let caps25 = "video/x-raw,format=GRAY8,width=4,height=4,framerate=25/1"
        let h = Harness("videotimewarp")
        h.setCaps(input: caps30, output: "video/x-raw,format=GRAY8,width=4,height=4,framerate=30/1")
        h.pushSegment(start: 0, base: 0)
        for k in 0..<24 { h.push(pts: UInt64(k) * sec / 30, duration: sec / 30, tag: UInt8(k)) }
        _ = gst_harness_push_event(h.raw, gst_event_new_caps(gst_caps_from_string(caps25)))
        for k in 0..<10 { h.push(pts: 800 * ms + UInt64(k) * 40 * ms, duration: 40 * ms, tag: UInt8(100 + k)) }
        h.pushEOS()
        let pts = h.pullAll().map(\.pts)
        XCTAssertTrue(zip(pts, pts.dropFirst()).allSatisfy { $0 < $1 }, "not increasing: \(pts)")
        // Every output is a slot of the 30 fps grid, from 0 to the end at 1.2 s.
        XCTAssertEqual(pts, (0..<36).map { UInt64($0) * sec / 30 })
    }
}
