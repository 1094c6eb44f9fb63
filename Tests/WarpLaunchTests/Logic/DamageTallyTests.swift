import WarpLaunchKit
import XCTest

/// `DamageTally`: gaps in decoded video timestamps, counted by hand.
final class DamageTallyTests: XCTestCase {
    func testGapsAreCountedInFramesFromTheFirstFrame() {
        var t = DamageTally(frameDuration: 0.04, mediumSeconds: 10)
        // Frames at 1.00 ... 1.36, then 1.44 (one lost: 1.40), then 1.60 (three lost: 1.48, 1.52, 1.56).
        for i in 0..<10 { t.add(pts: 1.0 + 0.04 * Double(i), duration: 0.04) }
        XCTAssertNil(t.line)
        t.add(pts: 1.44, duration: 0.04)
        t.add(pts: 1.60, duration: nil)
        XCTAssertEqual(t.frames, 4)
        XCTAssertEqual(t.firstAt ?? -1, 0.40, accuracy: 1e-9)
        XCTAssertEqual(t.line?.hasPrefix("damaged: 4 frames lost or out of place near 0.4 s"), true, t.line ?? "nil")
    }

    func testAJumpPastTheMediumIsOneCorruptTimestamp() {
        var t = DamageTally(frameDuration: 0.04, mediumSeconds: 10)
        t.add(pts: 0, duration: 0.04)
        t.add(pts: 5988, duration: 0.04)
        t.add(pts: 0.08, duration: 0.04)  // back: one more
        XCTAssertEqual(t.frames, 2)
        XCTAssertEqual(t.firstAt ?? -1, 0.04, accuracy: 1e-9)
    }
}
