import Foundation
import XCTest

/// Issue 22, item 1: speed in editors' words. `--speed X` plays X times as fast (scale 1/X), a
/// speed ramp uses the keyframe syntax with speeds, and a bare `--factor` is the elements'
/// default function, constant. Expected durations and tick times come from the closed form
/// T(D) = D * mean(s), measured from the written files by gst-discoverer-1.0 and measure_av.py.
final class SpeedWordsTests: XCTestCase {
    /// Half a video frame at 25 fps: the tolerance for a duration.
    static let tolerance = 0.02 + 1.0 / 25

    func testSpeedTwoHalvesAndBareFactorTwoDoubles() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try MediaProbe.tickClip(seconds: 2, in: dir)
        let fast = try ToolProcess.run(["warp", "in.mkv", "fast.mkv", "--speed", "2", "-q"], in: dir)
        XCTAssertEqual(fast.status, 0, fast.summary)
        let slow = try ToolProcess.run(["warp", "in.mkv", "slow.mkv", "--factor", "2", "-q"], in: dir)
        XCTAssertEqual(slow.status, 0, slow.summary)
        // 2 s at twice the speed lasts 1 s; at a constant scale of 2, 4 s.
        XCTAssertEqual(try XCTUnwrap(MediaProbe.duration("fast.mkv", in: dir)), 1, accuracy: Self.tolerance)
        XCTAssertEqual(try XCTUnwrap(MediaProbe.duration("slow.mkv", in: dir)), 4, accuracy: Self.tolerance)
        // Each tick of the input, measured the same way, lands at t/2 and at 2t.
        let inputTicks = try XCTUnwrap(MediaProbe.measure("in.mkv", in: dir).audio).onsets
        XCTAssertGreaterThanOrEqual(inputTicks.count, 4, "\(inputTicks)")
        let fastTicks = try XCTUnwrap(MediaProbe.measure("fast.mkv", in: dir).audio).onsets
        XCTAssertEqual(fastTicks.count, inputTicks.count, "\(fastTicks)")
        for (t, out) in zip(inputTicks, fastTicks) { XCTAssertEqual(out, t / 2, accuracy: 0.005) }
        let slowTicks = try XCTUnwrap(MediaProbe.measure("slow.mkv", in: dir).audio).onsets
        XCTAssertEqual(slowTicks.count, inputTicks.count, "\(slowTicks)")
        for (t, out) in zip(inputTicks, slowTicks) { XCTAssertEqual(out, t * 2, accuracy: 0.005) }
    }

    func testSpeedRampInPercentages() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try MediaProbe.tickClip(seconds: 2, in: dir)
        // 100% -> 25% -> 100%: the scale goes linearly 1 -> 4 -> 1, mean 2.5, so 2 s become 5 s.
        let r = try ToolProcess.run(["warp", "in.mkv", "ramp.mkv", "--speed", "0:100%, 0.5:25%, 1:100%"], in: dir)
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertTrue(r.stdout.contains("speed 0:100%, 0.5:25%, 1:100%"), r.stdout)
        XCTAssertTrue(r.stdout.contains("keyframes=\"0:1, 0.5:4, 1:1\""), r.stdout)
        XCTAssertEqual(try XCTUnwrap(MediaProbe.duration("ramp.mkv", in: dir)), 5, accuracy: Self.tolerance)
        // s(t) = 1 + 3t on [0, 1] s and 4 - 3(t - 1) on [1, 2] s, so T(t) = t + 1.5 t^2, then
        // 2.5 + 4 (t - 1) - 1.5 (t - 1)^2: each input tick t lands at T(t).
        func T(_ t: Double) -> Double { t <= 1 ? t + 1.5 * t * t : 2.5 + 4 * (t - 1) - 1.5 * (t - 1) * (t - 1) }
        let inputTicks = try XCTUnwrap(MediaProbe.measure("in.mkv", in: dir).audio).onsets
        let ticks = try XCTUnwrap(MediaProbe.measure("ramp.mkv", in: dir).audio).onsets
        XCTAssertEqual(ticks.count, inputTicks.count, "\(ticks)")
        for (t, out) in zip(inputTicks, ticks) { XCTAssertEqual(out, T(t), accuracy: 0.005, "tick at \(t) s") }
    }

    func testSpeedWithACurveOptionIsAUsageError() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        for extra in [["--factor", "2"], ["--function", "triangle"], ["--keyframes", "0:1, 1:2"]] {
            let r = try ToolProcess.run(["plot", "--speed", "2"] + extra, in: dir)
            XCTAssertEqual(r.status, 2, r.summary)
            XCTAssertTrue(r.stderr.contains("--speed and \(extra[0]) both set the curve"), r.summary)
        }
        let out = try ToolProcess.run(["plot", "--speed", "0"], in: dir)
        XCTAssertEqual(out.status, 2, out.summary)
        XCTAssertTrue(out.stderr.contains("between 0.001"), out.summary)
        // The plot names the default: the elements' constant 1.
        let bare = try ToolProcess.run(["plot", "--duration", "10"], in: dir)
        XCTAssertEqual(bare.status, 0, bare.summary)
        XCTAssertTrue(bare.stdout.contains("function=constant factor=1"), bare.stdout)
    }
}
