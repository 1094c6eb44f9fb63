import XCTest
import Synchronization
@testable import GstTimeWarp

/// The values other threads read without a lock live in one `StreamStatus`, and one reset
/// starts them all over for a new stream.
final class StreamStatusTests: XCTestCase {
    func testOneResetClearsEverything() {
        let status = StreamStatus()
        status.counters.bump(.input)
        status.counters.bump(.output)
        status.counters.bump(.dropped)
        status.counters.bump(.duplicated)
        status.position.store(42, ordering: .relaxed)
        status.latency.store(7, ordering: .relaxed)
        status.live.settingsChanged.store(true, ordering: .relaxed)
        status.live.mapUsed.store(true, ordering: .relaxed)
        status.live.followingController.store(true, ordering: .relaxed)
        status.live.warnedController.store(true, ordering: .relaxed)
        status.reversePlayback.sent.store(true, ordering: .relaxed)
        status.reversePlayback.refused.store(true, ordering: .relaxed)
        status.reversePlayback.heldEOS.store(true, ordering: .relaxed)
        status.reversePlayback.flushedSinceRequest.store(true, ordering: .relaxed)

        status.reset()

        for name in [VideoCounters.Name.input, .output, .dropped, .duplicated] {
            XCTAssertEqual(status.counters.value(name), 0, "\(name)")
        }
        XCTAssertEqual(status.position.load(ordering: .relaxed), ClockTime.none)
        XCTAssertEqual(status.latency.load(ordering: .relaxed), 0)
        XCTAssertFalse(status.live.settingsChanged.load(ordering: .relaxed))
        XCTAssertFalse(status.live.mapUsed.load(ordering: .relaxed))
        XCTAssertFalse(status.live.followingController.load(ordering: .relaxed))
        XCTAssertFalse(status.live.warnedController.load(ordering: .relaxed))
        XCTAssertFalse(status.reversePlayback.sent.load(ordering: .relaxed))
        XCTAssertFalse(status.reversePlayback.refused.load(ordering: .relaxed))
        XCTAssertFalse(status.reversePlayback.heldEOS.load(ordering: .relaxed))
        XCTAssertFalse(status.reversePlayback.flushedSinceRequest.load(ordering: .relaxed))
    }

    func testInputSpanEndFromDurationOrFrames() {
        XCTAssertEqual(InputSpan(start: 1_000, length: .time(500)).end, 1_500)
        // 48 000 frames at 48 kHz: one second.
        XCTAssertEqual(InputSpan(start: 1_000, length: .frames(48_000, rate: 48_000)).end, 1_000 + ClockTime.second)
    }
}
