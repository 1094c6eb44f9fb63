import Foundation
import XCTest
@testable import TimeWarpAudioCore

/// S16, S32, F32 and F64 samples: conversions round and saturate, never trap.
final class AudioCoreFormatTests: XCTestCase {
    func testInt16ConversionSaturatesAndRounds() {
        let values: [Double] = [1e9, -1e9, 32767.4, 32767.6, -32768.6, 1.5, -1.5, 2.4999, .nan,
                                .infinity, -.infinity, 0]
        var out: [Int16] = []
        values.withUnsafeBufferPointer { Int16.store($0, appendingTo: &out) }
        XCTAssertEqual(out, [32767, -32768, 32767, 32767, -32768, 2, -2, 2, 0, 32767, -32768, 0])
    }

    func testInt32ConversionSaturatesAndRounds() {
        let values: [Double] = [1e12, -1e12, 2147483646.6, -2147483648.4, 0.5, .nan, .infinity]
        var out: [Int32] = []
        values.withUnsafeBufferPointer { Int32.store($0, appendingTo: &out) }
        XCTAssertEqual(out, [Int32.max, Int32.min, Int32.max, Int32.min, 1, 0, Int32.max])
    }

    func testInt16ExtremesSaturateThroughCubicOvershoot() {
        // A full-scale square wave: Catmull-Rom overshoots it, so the output must clamp.
        let input: [Int16] = (0..<2000).map { ($0 / 5) % 2 == 0 ? Int16.max : Int16.min }
        for interp in AudioInterpolation.allCases {
            let out = AudioCoreTestSupport.run(input, channels: 1, interpolation: interp) { 1.37 * $0 }
            XCTAssertEqual(out.count, Int((2000 * 1.37).rounded()))
            XCTAssertTrue(out.contains(Int16.max), "\(interp)")
            XCTAssertTrue(out.contains(Int16.min), "\(interp)")
        }
    }

    func testInt32ExtremesAndPrecision() {
        let input: [Int32] = (0..<3000).map { ($0 / 7) % 2 == 0 ? Int32.max : Int32.min }
        let out = AudioCoreTestSupport.run(input, channels: 1, interpolation: .cubic) { 1.5 * $0 }
        XCTAssertEqual(out.count, 4500)
        XCTAssertTrue(out.contains(Int32.max))
        XCTAssertTrue(out.contains(Int32.min))
        // Identity keeps all 32 bits.
        let fine: [Int32] = (0..<1000).map { Int32(truncatingIfNeeded: $0 &* 2654435761) }
        XCTAssertEqual(AudioCoreTestSupport.run(fine, channels: 1, interpolation: .linear) { $0 }, fine)
    }

    func testFloatAndDoubleAgree() {
        let d = AudioCoreTestSupport.noise(count: 4000)
        let f = d.map { Float($0) }
        let dExact = f.map { Double($0) }
        for interp in AudioInterpolation.allCases {
            let warp: @Sendable (Double) -> Double = { 0.8 * $0 + 0.3 * $0 * $0 }
            let outF = AudioCoreTestSupport.run(f, channels: 2, interpolation: interp, split: 100, warp: warp)
            let outD = AudioCoreTestSupport.run(dExact, channels: 2, interpolation: interp, split: 100, warp: warp)
            XCTAssertEqual(outF.count, outD.count)
            if interp == .sinc {
                // F32 is filtered in Float (weights, products and sums): within a few Float ulps
                // of the Double result (samples here are below 1 in magnitude).
                let maxErr = zip(outF, outD).map { abs(Double($0) - $1) }.max() ?? 0
                XCTAssertLessThan(maxErr, 2e-6, "sinc")
            } else {
                // Linear and cubic evaluate in Double: the Double result rounded to Float.
                XCTAssertEqual(outF, outD.map { Float($0) }, "\(interp)")
            }
        }
    }

    func testIntegerFormatsMatchDoubleRounded() {
        let base = AudioCoreTestSupport.noise(count: 3000).map { ($0 * 30000).rounded() }
        let s16 = base.map { Int16($0) }
        let s32 = base.map { Int32($0) * 65536 }
        let warp: @Sendable (Double) -> Double = { 1.3 * $0 }
        let d16 = AudioCoreTestSupport.run(base, channels: 1, interpolation: .sinc, warp: warp)
        let o16 = AudioCoreTestSupport.run(s16, channels: 1, interpolation: .sinc, warp: warp)
        XCTAssertEqual(o16, d16.map { Int16(max(-32768, min(32767, $0.rounded()))) })
        let d32 = AudioCoreTestSupport.run(base.map { $0 * 65536 }, channels: 1, interpolation: .sinc, warp: warp)
        let o32 = AudioCoreTestSupport.run(s32, channels: 1, interpolation: .sinc, warp: warp)
        XCTAssertEqual(o32, d32.map { Int32(max(-2147483648, min(2147483647, $0.rounded()))) })
    }
}

/// `WarpCodec.saturate` (branch-free) against `rounded(.toNearestOrAwayFromZero)` and a clamp.
final class AudioCoreSaturateTests: XCTestCase {
    static func reference(_ v: Double, _ lo: Double, _ hi: Double) -> Double {
        v.isNaN ? 0 : min(max(v.rounded(.toNearestOrAwayFromZero), lo), hi)
    }

    func testMatchesRoundingAwayFromZeroAndTheClamp() {
        var values: [Double] = [0, -0.0, .nan, .infinity, -.infinity, 1e300, -1e300, .leastNonzeroMagnitude,
                                0.49999999999999994, -0.49999999999999994, 0.5, -0.5]
        // Every half and its neighbours, across both ranges and their edges.
        for whole in [0.0, 1, 2, 3, 100, 32766, 32767, 32768, -32767, -32768, -32769, 2147483646, 2147483647,
                      -2147483647, -2147483648, -2147483649, 4503599627370494] {
            for h in [whole - 0.5, whole, whole + 0.5] {
                values += [h, h.nextUp, h.nextDown, -h, -h.nextUp, -h.nextDown]
            }
        }
        var seed: UInt64 = 7
        for _ in 0..<100_000 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            let u = Double(seed >> 11) * 0x1p-53
            values.append((u - 0.5) * 70000)
            values.append((u - 0.5) * 5e9)
        }
        for (lo, hi) in [(-32768.0, 32767.0), (-2147483648.0, 2147483647.0)] {
            for v in values {
                let got = Int16.saturate(v, lo, hi)
                let want = Self.reference(v, lo, hi)
                XCTAssertEqual(got, want, "v=\(v) in \(lo)...\(hi)")
                XCTAssertEqual(Int16.saturatedWhole(v, lo, hi), Int64(want), "v=\(v)")
            }
        }
    }
}
