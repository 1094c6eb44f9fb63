import XCTest
import Foundation
import CGStreamer
@testable import GstTimeWarp

/// frame-mode=flow's vector motion blur (`shutter-angle`) on a closed-form scene: a flat
/// background (luma 50) and a textured 24x24 square (160 + 30·sin(2πu/16)·cos(2πv/12), u, v
/// from its corner) moving right 8 px per input frame, sped up 4x (factor 0.25) at the input's
/// own rate: output slot k spans input frames 4k ... 4k+3, over which the square's left edge
/// travels from L = 8 + 32k to L + 32.
///
/// The expected profile: averaged over the square's 24 rows (two whole periods of the cosine, so
/// the texture averages to 0), a pixel shows 50 + 110·c(x), where c(x) is the share of the
/// exposure during which the square covers column x. With the shutter open over the first
/// D = 32·angle/360 px of travel, the square covers x while its left edge is in [x − 24, x]:
/// c(x) = |[0, D] ∩ [x − L − 24, x − L]| / D. For 360° (D = 32) that is one rise over 24 px to
/// 0.75, a plateau of 8 px and one fall over 24 px: a continuous streak 56 px long. Blend's
/// shutter average of the four frames (the square at L, L+8, L+16, L+24) is instead a staircase
/// with steps of 8 px (1/4, 2/4, 3/4, 3/4, 2/4, 1/4): four copies of the square.
///
/// Tolerance: a flow error of 1 px moves an edge of the coverage by 1/32 of the exposure at most,
/// 110/32 ≈ 3.4 levels, and rounding adds 0.5: the profile stays within 4 levels of the closed
/// form. Blend's staircase is 27.5 levels from the ramp at its worst (half a step).
final class FlowShutterTests: XCTestCase {
    static let width = 192, height = 64, side = 24, top = 20

    /// The square's left column in input frame `n`.
    static func left(_ n: Int) -> Int { 8 + 8 * n }

    /// Luma of input frame `n`.
    static func luma(_ n: Int) -> [UInt8] {
        var out = [UInt8](repeating: 50, count: width * height)
        let sx = left(n)
        for y in top..<(top + side) {
            for x in sx..<(sx + side) {
                let v = 160 + 30 * sin(2 * Double.pi * Double(x - sx) / 16) * cos(2 * Double.pi * Double(y - top) / 12)
                out[y * width + x] = UInt8(v.rounded())
            }
        }
        return out
    }

    /// The closed-form coverage c(x) of a square whose left edge starts at `l` and travels `d` px
    /// during the exposure (d = 0: the square itself).
    static func coverage(_ x: Double, left l: Double, travel d: Double) -> Double {
        guard d > 0 else { return x >= l && x < l + Double(side) ? 1 : 0 }
        let lo = max(0, x - l - Double(side)), hi = min(d, x - l)
        return max(0, hi - lo) / d
    }

    /// The luma profile across the square's rows, column by column (pixel centres x + 0.5).
    static func profile(_ image: [UInt8]) -> [Double] {
        (0..<width).map { x in
            (top..<(top + side)).reduce(0.0) { $0 + Double(image[$1 * width + x]) } / Double(side)
        }
    }

    /// 16 input frames at 25 fps through videotimewarp factor=0.25 at 25 fps out, then EOS.
    func run(_ properties: String) -> (out: [[UInt8]], inputs: [[UInt8]], fallbacks: UInt64) {
        let h = Harness("videotimewarp factor=0.25 \(properties)")
        let caps = "video/x-raw,format=GRAY8,width=\(Self.width),height=\(Self.height),framerate=25/1"
        h.setCaps(input: caps, output: caps)
        var inputs: [[UInt8]] = []
        for n in 0..<16 {
            let bytes = Self.luma(n)
            inputs.append(bytes)
            let pts = ClockTime.scale(UInt64(n), ClockTime.second, 25) ?? 0
            let next = ClockTime.scale(UInt64(n + 1), ClockTime.second, 25) ?? 0
            XCTAssertEqual(h.push(bytes: bytes, pts: pts, duration: next - pts), GST_FLOW_OK)
        }
        h.pushEOS()
        XCTAssertFalse(h.messages().contains { $0.isError })
        return (h.pullAllWithBytes().map(\.bytes), inputs, h.uint64Property("flow-fallbacks"))
    }

    /// The largest gap between `profile` and the closed form 50 + 110·c(x) for slot `k`.
    static func deviation(_ profile: [Double], slot k: Int, travel: Double) -> Double {
        let l = Double(left(4 * k))
        return (0..<width).map { x in abs(profile[x] - (50 + 110 * coverage(Double(x) + 0.5, left: l, travel: travel))) }.max() ?? .infinity
    }

    /// How many times the profile turns from rising to falling or back, ignoring wiggles under
    /// `noise` levels.
    static func turns(_ profile: [Double], noise: Double) -> Int {
        var direction = 0, turns = 0, anchor = profile.first ?? 0
        for v in profile.dropFirst() {
            let d = v - anchor
            guard abs(d) > noise else { continue }
            let now = d > 0 ? 1 : -1
            if direction != 0, now != direction { turns += 1 }
            direction = now
            anchor = v
        }
        return turns
    }

    /// The number of plateaus of at least 4 columns on the rise, each at least 10 levels above the
    /// last: blend's staircase has three (1/4, 2/4, 3/4 of the contrast), a ramp none.
    static func risingSteps(_ profile: [Double], from start: Int, count: Int) -> Int {
        var steps = 0, last = -Double.infinity, x = start
        while x + 4 <= start + count {
            let window = profile[x..<(x + 4)]
            if (window.max() ?? 0) - (window.min() ?? 0) < 2, (window.first ?? 0) > last + 10 {
                steps += 1
                last = window.first ?? 0
                x += 4
            } else {
                x += 1
            }
        }
        return steps
    }

    func testAFullShutterDrawsOneContinuousStreakWhereBlendDrawsSteps() {
        let flow = run("frame-mode=flow shutter-angle=360"), blend = run("frame-mode=blend")
        XCTAssertEqual(flow.fallbacks, 0)
        for k in [1, 2] {
            guard k < flow.out.count, k < blend.out.count else { return XCTFail("slot \(k) missing") }
            let f = Self.profile(flow.out[k]), b = Self.profile(blend.out[k])
            let l = Self.left(4 * k)
            XCTAssertLessThanOrEqual(Self.deviation(f, slot: k, travel: 32), 4, "flow slot \(k): the streak's closed form")
            XCTAssertEqual(Self.turns(f, noise: 3), 1, "flow slot \(k): one rise and one fall")
            XCTAssertEqual(Self.risingSteps(f, from: l, count: 24), 0, "flow slot \(k): no steps on the rise")
            XCTAssertEqual(Self.risingSteps(b, from: l, count: 24), 3, "blend slot \(k): the staircase")
            XCTAssertGreaterThan(Self.deviation(b, slot: k, travel: 32), 15, "blend slot \(k) is not the streak")
        }
    }

    func testAHalfShutterDrawsHalfTheStreak() {
        let flow = run("frame-mode=flow shutter-angle=180")
        for k in [1, 2] where k < flow.out.count {
            let f = Self.profile(flow.out[k])
            XCTAssertLessThanOrEqual(Self.deviation(f, slot: k, travel: 16), 4, "slot \(k): 16 px of travel")
            XCTAssertEqual(Self.turns(f, noise: 3), 1, "slot \(k): one rise and one fall")
        }
    }

    func testAClosedShutterShowsTheSharpFrameAtTheSlotsStart() {
        let r = run("frame-mode=flow shutter-angle=0")
        XCTAssertGreaterThanOrEqual(r.out.count, 3)
        for k in 0..<min(r.out.count, 4) {
            XCTAssertEqual(r.out[k], r.inputs[4 * k], "slot \(k) is input frame \(4 * k), bit for bit")
        }
    }
}

/// The size the flow is estimated at (`FlowEstimator.downscale`): full size below 1280 pixels of
/// width, then the smallest power of two from 2 that brings the width to 1280 or less.
final class FlowDownscaleTests: XCTestCase {
    func testTheFlowIsEstimatedAtMost1280PixelsWide() {
        guard FlowEstimator.forcedDownscale == nil else { return }
        let expected: [(Int, Int32)] = [(640, 1), (1279, 1), (1280, 2), (1920, 2), (2560, 2), (2562, 4),
                                        (3840, 4), (5120, 4), (7680, 8)]
        for (width, factor) in expected {
            XCTAssertEqual(FlowEstimator.downscale(width: width, height: width * 9 / 16), factor, "\(width) px")
        }
    }
}
