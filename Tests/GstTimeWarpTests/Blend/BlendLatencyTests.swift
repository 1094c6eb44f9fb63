import XCTest
import CGStreamer
import CGStreamerCheck
@testable import GstTimeWarp

/// The latency videotimewarp reports at a fixed rate, by frame mode and curve (worked by hand).
///
/// 25 fps in and out: input period p = 40 ms, output period Δ = 40 ms. Nearest, and blend or
/// flow when slowing down: a slot waits for the frame after its instant, p = 40 ms. Blend or flow
/// at factor=0.25 (four times real speed): a slot spans Δ/0.25 = 160 ms of input and waits for
/// the frame starting at its end, ⌈160/40⌉·p = 160 ms.
final class BlendLatencyTests: XCTestCase {
    static let caps = "video/x-raw,format=GRAY8,width=4,height=4,framerate=25/1"
    static let ms: UInt64 = 1_000_000

    /// The element's latency (ms) after one frame started the segment.
    func latency(_ properties: String) -> UInt64 {
        let h = Harness("videotimewarp \(properties)")
        h.setCaps(input: Self.caps, output: Self.caps)
        h.setLive(true)
        gst_harness_set_upstream_latency(h.raw, 0)
        h.push(pts: 0, duration: 40 * Self.ms, size: 16)
        let src = gst_element_get_static_pad(h.element, "src")!
        defer { gst_object_unref(src) }
        let q = gst_query_new_latency()!
        defer { gst_mini_object_unref(UnsafeMutableRawPointer(q).assumingMemoryBound(to: GstMiniObject.self)) }
        XCTAssertNotEqual(gst_pad_query(src, q), 0)
        var mn: GstClockTime = 0
        gst_query_parse_latency(q, nil, &mn, nil)
        return UInt64(mn) / Self.ms
    }

    func testSpeedUpsInBlendAndFlowWaitForTheFramesTheSlotSpans() {
        XCTAssertEqual(latency("factor=0.25"), 40, "nearest")
        XCTAssertEqual(latency("factor=0.25 frame-mode=blend"), 160)
        XCTAssertEqual(latency("factor=0.25 frame-mode=flow"), 160)
    }

    func testSlowMotionInBlendAndFlowWaitsForOneFrame() {
        XCTAssertEqual(latency("factor=2 frame-mode=blend"), 40)
        XCTAssertEqual(latency("factor=2 frame-mode=flow"), 40)
    }
}
