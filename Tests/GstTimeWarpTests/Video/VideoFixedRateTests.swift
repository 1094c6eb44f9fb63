import XCTest
import CGStreamer
import CGStreamerCheck
@testable import GstTimeWarp

/// Fixed-rate behaviour of videotimewarp. Expected frames are worked out by hand from the
/// nearest-frame rule (docs/mathematics.md#video-frame-selection): slot k at 40k ms shows the frame whose warped time is nearest,
/// ties going to the later frame.
final class VideoFixedRateTests: XCTestCase {
    static let caps25 = "video/x-raw,format=GRAY8,width=4,height=4,framerate=25/1"

    func pushTenFrames(_ h: Harness, start: UInt64 = 0) {
        for i in 0..<10 { h.push(pts: start + UInt64(i) * 40 * ms, duration: 40 * ms, tag: UInt8(i)) }
        h.pushEOS()
    }

    func testDefaultsConformJitteredInputToTheCapsRate() {
        let h = Harness("videotimewarp")
        h.setCaps(input: Self.caps25, output: Self.caps25)
        // As videorate at rate 1: jittered timestamps are conformed to the 25/1 grid, each slot
        // showing the nearest frame (0→0, 41→40, 79→80, 122→120, 160→160 ms).
        let input: [UInt64] = [0, 41, 79, 122, 160].map { $0 * ms }
        for (i, t) in input.enumerated() { h.push(pts: t, duration: 40 * ms, tag: UInt8(i)) }
        h.pushEOS()
        let out = h.pullAll()
        XCTAssertEqual(out.map(\.pts), [0, 40, 80, 120, 160].map { $0 * ms })
        XCTAssertEqual(out.map(\.tag), [0, 1, 2, 3, 4])
        XCTAssertEqual(out.map(\.duration), Array(repeating: 40 * ms, count: 5))
    }

    func testDefaultsOnAGridAreUnchanged() {
        let h = Harness("videotimewarp")
        h.setCaps(input: Self.caps25, output: Self.caps25)
        pushTenFrames(h)
        let out = h.pullAll()
        XCTAssertEqual(out.map(\.pts), (0..<10).map { UInt64($0) * 40 * ms })
        XCTAssertEqual(out.map(\.tag), (0..<10).map { UInt8($0) })
        XCTAssertEqual(h.uint64Property("drop"), 0)
        XCTAssertEqual(h.uint64Property("duplicate"), 0)
    }

    func testFactorTwoDuplicatesEveryFrame() {
        let h = Harness("videotimewarp factor=2")
        h.setCaps(input: Self.caps25, output: Self.caps25)
        pushTenFrames(h)
        let out = h.pullAll()
        // Frame i lands at 80i ms. Even slots hit a frame exactly; odd slots are ties and show
        // the later frame; EOS fills up to T(400 ms) = 800 ms (slot 19 at 760 ms).
        XCTAssertEqual(out.map(\.tag), [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 9])
        XCTAssertEqual(out.map(\.pts), (0..<20).map { UInt64($0) * 40 * ms })
        XCTAssertEqual(out.map(\.duration), Array(repeating: 40 * ms, count: 20))
        XCTAssertEqual(out.map(\.offset), (0..<20).map { UInt64($0) })
        XCTAssertEqual(h.uint64Property("in"), 10)
        XCTAssertEqual(h.uint64Property("out"), 20)
        XCTAssertEqual(h.uint64Property("drop"), 0)
        XCTAssertEqual(h.uint64Property("duplicate"), 10)
        // Duplicates are new references to the same memory, not pixel copies.
        XCTAssertEqual(out[1].dataAddress, out[2].dataAddress)
        XCTAssertTrue(out[0].discont)
        XCTAssertFalse(out[1].discont)
    }

    func testFactorHalfDropsEveryOtherFrame() {
        let h = Harness("videotimewarp factor=0.5")
        h.setCaps(input: Self.caps25, output: Self.caps25)
        pushTenFrames(h)
        let out = h.pullAll()
        // Frame i lands at 20i ms; slot k (40k ms) is exactly frame 2k; T(400 ms) = 200 ms.
        XCTAssertEqual(out.map(\.tag), [0, 2, 4, 6, 8])
        XCTAssertEqual(out.map(\.pts), [0, 40, 80, 120, 160].map { $0 * ms })
        XCTAssertEqual(h.uint64Property("drop"), 5)
        XCTAssertEqual(h.uint64Property("duplicate"), 0)
    }

    func testDownstreamRateIsUsed() {
        // 25 fps in, 10 fps out, factor 1.5: frame i at 60i ms, slot k at 100k ms.
        let h = Harness("videotimewarp factor=1.5")
        h.setCaps(input: Self.caps25, output: "video/x-raw,format=GRAY8,width=4,height=4,framerate=10/1")
        pushTenFrames(h)
        let out = h.pullAll()
        // slot 0 → frame 0; 100 ms: frames at 60/120 → |40| vs |20| → frame 2; 200 ms: 180/240 → 3;
        // 300 ms → frame 5 (exact); 400 ms: 360/420 → 7; 500 ms: 480/540 → 8. End T(400)=600 ms.
        XCTAssertEqual(out.map(\.tag), [0, 2, 3, 5, 7, 8])
        XCTAssertEqual(out.map(\.pts), [0, 100, 200, 300, 400, 500].map { $0 * ms })
        XCTAssertEqual(out.map(\.duration), Array(repeating: 100 * ms, count: 6))
    }

    func testSegmentStartAboveZero() {
        // start-time=0: a seek into a medium that starts at 0 (without it, the first segment's start
        // would be the medium's start, u = 0: issue 20).
        let h = Harness("videotimewarp factor=2 start-time=0")
        h.setCaps(input: Self.caps25, output: Self.caps25)
        h.pushSegment(start: 10 * sec)
        pushTenFrames(h, start: 10 * sec)
        let segments = h.pullSegments()
        let last = try! XCTUnwrap(segments.last)
        XCTAssertEqual(UInt64(last.start), 20 * sec)  // T(10 s) = 20 s
        XCTAssertEqual(UInt64(last.time), 20 * sec)
        let out = h.pullAll()
        XCTAssertEqual(out.first?.pts, 20 * sec)
        XCTAssertEqual(out.count, 20)
        XCTAssertEqual(out.map(\.tag), [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 9])
    }

    func testFlushResetsAndMarksDiscont() {
        let h = Harness("videotimewarp factor=2")
        h.setCaps(input: Self.caps25, output: Self.caps25)
        for i in 0..<3 { h.push(pts: UInt64(i) * 40 * ms, duration: 40 * ms, tag: UInt8(i)) }
        _ = h.pullAll()
        h.flush()
        h.pushSegment(start: 0)
        for i in 0..<3 { h.push(pts: UInt64(i) * 40 * ms, duration: 40 * ms, tag: UInt8(10 + i)) }
        h.pushEOS()
        let out = h.pullAll()
        // Nothing of the flushed stream survives; the new stream starts again at 0 with DISCONT.
        XCTAssertEqual(out.first?.pts, 0)
        XCTAssertEqual(out.first?.tag, 10)
        XCTAssertTrue(out.first?.discont ?? false)
        XCTAssertEqual(out.map(\.tag), [10, 11, 11, 12, 12, 12])
    }

    func testLatencyIsOneInputFrame() {
        let h = Harness("videotimewarp factor=2")
        h.setCaps(input: Self.caps25, output: Self.caps25)
        h.setLive(true)  // latency matters in a live pipeline (the harness is not live by default)
        gst_harness_set_upstream_latency(h.raw, 0)
        let src = gst_element_get_static_pad(h.element, "src")!
        defer { gst_object_unref(src) }
        let q = gst_query_new_latency()!
        XCTAssertNotEqual(gst_pad_query(src, q), 0)
        var mn: GstClockTime = 0
        gst_query_parse_latency(q, nil, &mn, nil)
        XCTAssertEqual(UInt64(mn), 40 * ms)
        gst_mini_object_unref(UnsafeMutableRawPointer(q).assumingMemoryBound(to: GstMiniObject.self))
    }

    func testFirstFrameFarAfterSegmentStartFillsFromTheSegmentStart() {
        let h = Harness("videotimewarp factor=2")
        h.setCaps(input: Self.caps25, output: Self.caps25)
        for i in 0..<5 { h.push(pts: 100 * sec + UInt64(i) * 40 * ms, duration: 40 * ms, tag: UInt8(i)) }
        h.pushEOS()
        let out = h.pullAll()
        // As videorate: the grid starts at the segment start, 0; slot 0 shows the nearest frame,
        // the first (at T(100 s) = 200 s), and so does every slot up to 200 s: 5000 slots. Then
        // 5 frames of 40 ms become 400 ms at 25 fps: 10 more. (max-duplication-time is to bound
        // such a fill.)
        XCTAssertEqual(out.count, 5010)
        XCTAssertEqual(out.first?.pts, 0)
        XCTAssertEqual(out.prefix(5001).allSatisfy { $0.tag == 0 }, true)  // slot 5001 is a tie: frame 1
        XCTAssertEqual(out.last?.pts, 200 * sec + 360 * ms)
        XCTAssertTrue(out.first?.discont ?? false)
    }
}

/// Downstream that leaves the frame rate open keeps the input rate, written into the caps.
final class VideoOpenRateTests: XCTestCase {
    func testOpenDownstreamRateKeepsTheInputRate() throws {
        let h = Harness("videotimewarp factor=2")
        h.setCaps(input: VideoFixedRateTests.caps25, output: "video/x-raw,format=GRAY8,width=4,height=4")
        h.push(pts: 0, duration: 40 * ms)
        let element = try XCTUnwrap(h.inner("videotimewarp"))
        defer { gst_object_unref(element) }
        let src = try XCTUnwrap(gst_element_get_static_pad(element, "src"))
        defer { gst_object_unref(src) }
        let caps = try XCTUnwrap(gst_pad_get_current_caps(src))
        defer { gst_mini_object_unref(UnsafeMutableRawPointer(caps).assumingMemoryBound(to: GstMiniObject.self)) }
        var n: gint = 0, d: gint = 0
        XCTAssertNotEqual(gst_structure_get_fraction(gst_caps_get_structure(caps, 0), "framerate", &n, &d), 0)
        XCTAssertEqual(n, 25)
        XCTAssertEqual(d, 1)
    }
}
