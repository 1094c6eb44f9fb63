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

    /// echo.webm (a real web clip) drops from 30 to 15 fps at 14.7 s, and its decoder stamps each
    /// frame 1/30 s long: the steady new spacing is a change of rate, not 501 lost frames.
    func testAChangeOfRateIsNotDamage() {
        var t = DamageTally(frameDuration: 1.0 / 30, mediumSeconds: 44.652)
        for i in 0..<441 { t.add(pts: Double(i) / 30, duration: 1.0 / 30) }
        for i in 0..<300 { t.add(pts: 14.7 + Double(i) / 15, duration: 1.0 / 30) }
        XCTAssertEqual(t.frames, 0)
        XCTAssertNil(t.line)
        // Damage after the change is still counted: one frame lost at 15 fps.
        t.add(pts: 14.7 + 301.0 / 15, duration: 1.0 / 30)
        t.add(pts: 14.7 + 302.0 / 15, duration: 1.0 / 30)
        XCTAssertEqual(t.frames, 1, "one frame of the new cadence")
    }

    /// A remap curve `0:0, 2:2, 4:0` reads 2 s of its input: the element ends the input there,
    /// and echo.webm's decoder then delivered 2.033 s and 3.067 s (the frames between were
    /// dropped on the way). Past 2 s nothing is counted; before it, gaps still are.
    func testFramesPastWhatTheMapReadsAreNotCounted() {
        var t = DamageTally(frameDuration: 1.0 / 30, mediumSeconds: 44.652, neededSeconds: 2)
        for i in 0...61 { t.add(pts: 20 + Double(i) / 30, duration: 1.0 / 30) }
        t.add(pts: 20 + 3.067, duration: 1.0 / 30)
        XCTAssertEqual(t.frames, 0)
        XCTAssertNil(t.line)
        var all = DamageTally(frameDuration: 1.0 / 30, mediumSeconds: 44.652)
        for i in 0...61 { all.add(pts: 20 + Double(i) / 30, duration: 1.0 / 30) }
        all.add(pts: 20 + 3.067, duration: 1.0 / 30)
        // (3.067 - 2.033) s at 30 fps is 31 frame periods: 30 frames missing.
        XCTAssertEqual(all.frames, 30)
        var early = DamageTally(frameDuration: 1.0 / 30, mediumSeconds: 44.652, neededSeconds: 2)
        early.add(pts: 0, duration: nil)
        early.add(pts: 1.0 / 30, duration: nil)
        early.add(pts: 5.0 / 30, duration: nil)     // three lost at 2/30 ... 4/30
        XCTAssertEqual(early.frames, 3)
    }

    /// An ffmpeg MKV whose video starts at 23 ms: matroskademux sends a segment from 23 ms (the
    /// first frame at stream time 0), then the file's segment from 0 (the next frame at 56 ms).
    /// Across the new segment the spacing (56 ms against 33) is not a lost frame.
    func testANewSegmentIsNotAGap() {
        var t = DamageTally(frameDuration: 1.0 / 30, mediumSeconds: 4)
        t.add(pts: 0, duration: nil)
        t.restartSpacing()
        for k in 0..<30 { t.add(pts: 0.056 + Double(k) / 30, duration: nil) }
        XCTAssertEqual(t.frames, 0)
        // Without the restart the same times count one frame (56 ms is 23 ms over the cadence,
        // more than half a frame).
        var u = DamageTally(frameDuration: 1.0 / 30, mediumSeconds: 4)
        u.add(pts: 0, duration: nil)
        for k in 0..<30 { u.add(pts: 0.056 + Double(k) / 30, duration: nil) }
        XCTAssertEqual(u.frames, 1)
    }
}
