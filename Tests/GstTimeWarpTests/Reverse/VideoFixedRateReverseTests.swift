import XCTest
import CGStreamer
import CGStreamerCheck
@testable import GstTimeWarp

/// Reverse playback at a fixed output rate (issue 13): slots are filled in descending order with
/// the forward selection rule. Expected values by hand from `T(t) = factor · t`.
final class VideoFixedRateReverseTests: XCTestCase {
    static let video = "video/x-raw,format=GRAY8,width=4,height=4,framerate=30/1"

    /// PTS of frame `n` at 30 fps (ns).
    static func framePTS(_ n: Int) -> UInt64 { UInt64(n) * sec / 30 }

    /// Pushes a reverse segment over `[0, stop)` and frames `count-1 ... 0`, then EOS.
    static func playBackwards(_ h: Harness, frames count: Int, stop: UInt64) {
        h.pushSegment(start: 0, stop: stop, base: 0, rate: -1)
        for n in (0..<count).reversed() {
            h.push(pts: framePTS(n), duration: framePTS(n + 1) - framePTS(n), tag: UInt8(n))
        }
        h.pushEOS()
    }

    func testSlowDownFillsEverySlotDescending() {
        let h = Harness("videotimewarp factor=2")
        h.setCaps(input: Self.video, output: Self.video)
        Self.playBackwards(h, frames: 60, stop: 2 * sec)
        let out = h.pullAll()
        // T(2 s) = 4 s at 30/1: slots 119 ... 0, at k/30 s.
        XCTAssertEqual(out.count, 120)
        XCTAssertEqual(out.map(\.pts), (0..<120).reversed().map { Self.framePTS($0) })
        // Frame n is warped to 2n/30: slot k (at k/30) is nearest to frame k/2; an odd slot is a
        // tie between frames (k-1)/2 and (k+1)/2 and goes to the later one; slot 119 has only
        // frame 59 below it.
        XCTAssertEqual(out.map { Int($0.tag) }, (0..<120).reversed().map { min(($0 + 1) / 2, 59) })
        XCTAssertEqual(h.uint64Property("in"), 60)
        XCTAssertEqual(h.uint64Property("out"), 120)
        XCTAssertEqual(h.uint64Property("duplicate"), 60)
        XCTAssertEqual(h.uint64Property("drop"), 0)
        XCTAssertTrue(h.messages().isEmpty)
    }

    func testSpeedUpDropsTheFramesForwardPlaybackDrops() {
        let h = Harness("videotimewarp factor=0.5")
        h.setCaps(input: Self.video, output: Self.video)
        Self.playBackwards(h, frames: 60, stop: 2 * sec)
        let out = h.pullAll()
        // T(2 s) = 1 s: slots 29 ... 0. Frame n lands at n/60 s, so slot k (k/30) is frame 2k exactly.
        XCTAssertEqual(out.map(\.pts), (0..<30).reversed().map { Self.framePTS($0) })
        XCTAssertEqual(out.map { Int($0.tag) }, (0..<30).reversed().map { 2 * $0 })
        XCTAssertEqual(h.uint64Property("drop"), 30)
        XCTAssertEqual(h.uint64Property("duplicate"), 0)
    }

    func testReverseMatchesForwardSlotForSlot() {
        // The same clip and curve forward and backward: the same frame in every slot.
        func run(reverse: Bool) -> [Int: UInt8] {
            let h = Harness("videotimewarp function=cosine duration=2000000000")
            h.setCaps(input: Self.video, output: Self.video)
            if reverse {
                Self.playBackwards(h, frames: 60, stop: 2 * sec)
            } else {
                h.pushSegment(start: 0, stop: 2 * sec, base: 0)
                for n in 0..<60 { h.push(pts: Self.framePTS(n), duration: Self.framePTS(n + 1) - Self.framePTS(n), tag: UInt8(n)) }
                h.pushEOS()
            }
            return Dictionary(h.pullAll().map { ($0.offset == ClockTime.none ? Int($0.pts) : Int($0.offset), $0.tag) },
                              uniquingKeysWith: { a, _ in a })
        }
        let forward = run(reverse: false), backward = run(reverse: true)
        XCTAssertFalse(forward.isEmpty)
        XCTAssertEqual(forward, backward)
    }
}
