import XCTest
import CGStreamer
import CGStreamerCheck
@testable import GstTimeWarp

/// Position and duration queries of the videorate suite, rate=1.0 cases only (the other rates
/// of test_query_duration / test_query_position need videorate's `rate` property, which
/// videotimewarp does not have; its `factor` is covered by the Video tests). With the identity
/// map, output time equals input time, so the answers must be videorate's at rate 1.
final class VideorateQueryConformanceTests: XCTestCase {
    /// test_query_duration at rate 1: the duration downstream sees is upstream's, unchanged;
    /// an unknown (NONE) upstream duration stays unknown.
    func testQueryDurationAtRateOne() {
        forEachFactory { f in
            let h = Harness(factory: f)
            XCTAssertTrue(h.startStream(caps: Conformance.caps25))
            var remove = h.answerUpstreamDuration(-1)
            let unknown = h.queryDownstreamDuration()
            XCTAssertEqual(unknown.duration, -1, "[\(f)] NONE upstream stays NONE")
            remove()
            remove = h.answerUpstreamDuration(Int64(sec))
            let known = h.queryDownstreamDuration()
            XCTAssertTrue(known.ok, "[\(f)]")
            XCTAssertEqual(known.duration, Int64(sec), "[\(f)] 1 s upstream is 1 s downstream")
            remove()
        }
    }

    /// test_query_position at rate 1: after each buffer (every 50 ms, no durations) the
    /// position is that buffer's stream time (segment [0, -1], so its PTS).
    func testQueryPositionAtRateOne() {
        forEachFactory { f in
            let h = Harness(factory: f)
            XCTAssertTrue(h.startStream(caps: Conformance.caps25))
            var pushed: [Int64?] = [], positions: [Int64?] = []
            var ts: UInt64 = 0
            while ts < sec {
                XCTAssertEqual(h.push(pts: ts, size: 4), GST_FLOW_OK)
                pushed.append(Int64(ts))
                positions.append(h.queryPosition(f))
                _ = h.pullFrames()
                ts += sec / 20
            }
            XCTAssertEqual(positions, pushed, "[\(f)] position after each buffer (nil: query failed)")
        }
    }
}
