import XCTest
import CGStreamer
import CGStreamerCheck
@testable import GstTimeWarp

/// The map's origin `u = 0` (issue 20): the first segment's start for a file, the first buffer's
/// stream time for a live source, or the `start-time` property. Variable-rate output, so each
/// frame comes out at `T(t - origin)` plus the segment's offset of timestamps to stream time.
/// With `factor=2`, `T(x) = 2x` (by hand).
final class MediaOriginTests: XCTestCase {
    static let capsIn = "video/x-raw,format=GRAY8,width=4,height=4,framerate=25/1"
    static let capsOut = "video/x-raw,format=GRAY8,width=4,height=4,framerate=0/1"

    /// Output PTS of frames at `pts` after a first segment at `start` (time = start).
    func outputs(_ properties: String = "", live: Bool = false, segmentStart: UInt64, pts: [UInt64]) -> [UInt64] {
        let h = Harness("videotimewarp factor=2 \(properties)")
        h.setLive(live)
        h.setCaps(input: Self.capsIn, output: Self.capsOut)
        h.pushSegment(start: segmentStart)
        for p in pts { h.push(pts: p, duration: 40 * ms) }
        return h.pullAll().map(\.pts)
    }

    func testAFileStartsWhereItsFirstSegmentStarts() {
        // Segment start = time = 3 s (as tsdemux gives it): 3 s is u = 0, so the frame at 3.04 s
        // is 40 ms into the medium and comes out 80 ms after the start, stream time 80 ms.
        XCTAssertEqual(outputs(segmentStart: 3 * sec, pts: [3 * sec, 3 * sec + 40 * ms]),
                       [3 * sec, 3 * sec + 80 * ms])
    }

    func testStartTimeZeroCountsFromStreamTimeZero() {
        // start-time=0: stream time 3 s maps to 6 s; the timestamps keep their offset (0).
        XCTAssertEqual(outputs("start-time=0", segmentStart: 3 * sec, pts: [3 * sec, 3 * sec + 40 * ms]),
                       [6 * sec, 6 * sec + 80 * ms])
    }

    func testALiveSourceStartsAtItsFirstBuffer() {
        // A live source: segment at 0, first frame captured at 5 s. u = 0 there, and the output
        // keeps the running time of that frame: 5 s, then 5 s + 2 * 40 ms.
        XCTAssertEqual(outputs(live: true, segmentStart: 0, pts: [5 * sec, 5 * sec + 40 * ms]),
                       [5 * sec, 5 * sec + 80 * ms])
        // The same stream from a file (not live): u = 0 at the segment's start, stream time 0.
        XCTAssertEqual(outputs(segmentStart: 0, pts: [5 * sec, 5 * sec + 40 * ms]),
                       [10 * sec, 10 * sec + 80 * ms])
    }

    func testTheOriginHoldsAcrossAFlushingSeek() {
        let h = Harness("videotimewarp factor=2")
        h.setCaps(input: Self.capsIn, output: Self.capsOut)
        h.pushSegment(start: 2 * sec)
        h.push(pts: 2 * sec, duration: 40 * ms)
        _ = h.pullAll()
        h.flush()
        // After a seek to input 5 s (3 s into the medium): output stream time T(3 s) = 6 s, not
        // T(5 s) = 10 s and not 0; the timestamps stay 2 s ahead of the output stream time, as
        // the first frame (timestamp 2 s at stream time 0) was: 8 s.
        h.pushSegment(start: 5 * sec)
        h.push(pts: 5 * sec, duration: 40 * ms)
        XCTAssertEqual(h.pullAll().map(\.pts), [8 * sec])
    }
}
