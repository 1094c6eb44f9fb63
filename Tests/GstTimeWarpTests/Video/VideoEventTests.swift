import XCTest
import CGStreamer
import CGStreamerCheck
@testable import GstTimeWarp

/// Seeks from downstream, EOS handling and segments of videotimewarp.
final class VideoEventTests: XCTestCase {
    static let caps = "video/x-raw,format=GRAY8,width=4,height=4,framerate=25/1"

    func seek(start: Int64, stop: Int64) -> UnsafeMutablePointer<GstEvent> {
        gst_event_new_seek(1.0, GST_FORMAT_TIME, GST_SEEK_FLAG_FLUSH, GST_SEEK_TYPE_SET, gint64(start),
                           GST_SEEK_TYPE_SET, gint64(stop))
    }

    func testSeekIsMappedThroughTheInverseConstant() {
        let h = Harness("videotimewarp factor=2")
        h.setCaps(input: Self.caps, output: Self.caps)
        XCTAssertTrue(h.pushUpstream(seek(start: Int64(4 * sec), stop: Int64(6 * sec))))
        let seeks = h.pullUpstreamSeeks()
        XCTAssertEqual(seeks.count, 1)
        // T(t) = 2t, so output 4 s / 6 s are input 2 s / 3 s.
        XCTAssertEqual(seeks.first?.start, Int64(2 * sec))
        XCTAssertEqual(seeks.first?.stop, Int64(3 * sec))
    }

    func testSeekIsMappedThroughTheInverseTriangle() {
        // Triangle, factor 2, modifier 0.5, D = 10 s: s rises from 1 at u = 0.25 to 2 at u = 0.5,
        // so F(0.5) = 0.5 + 0.25 * 1 / 2 = 0.625 and T(5 s) = 6.25 s (by hand).
        let h = Harness("videotimewarp function=triangle factor=2 modifier=0.5 duration=10000000000")
        h.setCaps(input: Self.caps, output: Self.caps)
        XCTAssertTrue(h.pushUpstream(seek(start: 6_250_000_000, stop: -1)))
        let seeks = h.pullUpstreamSeeks()
        XCTAssertEqual(Double(seeks.first?.start ?? 0), 5e9, accuracy: 2)
    }

    func testOutputSegmentIsMapped() {
        // start-time=0: a seek into a medium that starts at 0 (without it, the first segment's start
        // would be the medium's start, u = 0: issue 20).
        let h = Harness("videotimewarp factor=2 start-time=0")
        h.setCaps(input: Self.caps, output: Self.caps)
        h.pushSegment(start: 3 * sec, stop: 5 * sec)
        h.push(pts: 3 * sec, duration: 40 * ms)
        let seg = try! XCTUnwrap(h.pullSegments().last)
        XCTAssertEqual(UInt64(seg.start), 6 * sec)
        XCTAssertEqual(UInt64(seg.stop), 10 * sec)
        XCTAssertEqual(UInt64(seg.time), 6 * sec)
    }

    func testEOSBeforeAnyBufferPassesThrough() {
        let h = Harness("videotimewarp function=triangle")  // would need a duration for buffers
        h.setCaps(input: Self.caps, output: Self.caps)
        h.pushEOS()
        var sawEOS = false
        while let e = gst_harness_try_pull_event(h.raw) {
            if e.pointee.type == GST_EVENT_EOS { sawEOS = true }
            gst_mini_object_unref(UnsafeMutableRawPointer(e).assumingMemoryBound(to: GstMiniObject.self))
        }
        XCTAssertTrue(sawEOS)
        XCTAssertEqual(h.messages().filter(\.isError).count, 0)
        XCTAssertEqual(h.pullAll().count, 0)
    }
}

/// Downstream renegotiation (RECONFIGURE) switches the output rate mid-stream.
final class VideoReconfigureTests: XCTestCase {
    func testDownstreamCanChangeTheFrameRate() {
        let h = Harness("videotimewarp factor=2")
        h.setCaps(input: VideoEventTests.caps, output: VideoEventTests.caps)
        for i in 0..<5 { h.push(pts: UInt64(i) * 40 * ms, duration: 40 * ms, tag: UInt8(i)) }
        let before = h.pullAll()
        // Frame 4 (at 320 ms) is held: slots before the 280 ms midpoint of frames 3 and 4 are out.
        XCTAssertEqual(before.map(\.pts), (0..<7).map { UInt64($0) * 40 * ms })
        gst_harness_set_sink_caps_str(h.raw, "video/x-raw,format=GRAY8,width=4,height=4,framerate=5/1")
        for i in 5..<20 { h.push(pts: UInt64(i) * 40 * ms, duration: 40 * ms, tag: UInt8(i)) }
        h.pushEOS()
        let after = h.pullAll()
        // The held frame 4 is drained on the old grid (280, 320, 360 ms); then slots are 200 ms
        // apart on the 5 fps grid from the segment start: 400 ms ... up to T(800 ms) = 1600 ms.
        XCTAssertEqual(after.map(\.pts), [280, 320, 360, 400, 600, 800, 1000, 1200, 1400].map { $0 * ms })
        XCTAssertEqual(h.messages().filter { $0.isError }.count, 0)
    }
}

/// Reverse playback: a negative-rate segment delivers frames in descending order.
final class VideoReverseTests: XCTestCase {
    func testReversePlaybackRetimesDescendingFrames() {
        let h = Harness("videotimewarp factor=2")
        h.setCaps(input: VideoEventTests.caps, output: "video/x-raw,format=GRAY8,width=4,height=4,framerate=0/1")
        var seg = GstSegment()
        gst_segment_init(&seg, GST_FORMAT_TIME)
        seg.rate = -1; seg.start = 0; seg.stop = guint64(400 * ms); seg.time = 0; seg.position = guint64(400 * ms)
        _ = gst_harness_push_event(h.raw, gst_event_new_segment(&seg))
        for i in (0..<10).reversed() { h.push(pts: UInt64(i) * 40 * ms, duration: 40 * ms, tag: UInt8(i)) }
        h.pushEOS()
        let out = h.pullAll()
        // T(t) = 2t: frame i lands at 80i ms, in the order the frames came (descending).
        XCTAssertEqual(out.map(\.pts), (0..<10).reversed().map { UInt64($0) * 80 * ms })
        XCTAssertEqual(out.map(\.tag), (0..<10).reversed().map { UInt8($0) })
        XCTAssertEqual(h.messages().filter(\.isError).count, 0)
    }
}
