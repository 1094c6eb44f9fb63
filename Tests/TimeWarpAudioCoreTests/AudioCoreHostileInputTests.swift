import Foundation
import XCTest
@testable import TimeWarpAudioCore

/// Nothing traps and memory stays bounded: NaN samples, extreme maps, broken maps.
final class AudioCoreHostileInputTests: XCTestCase {
    func testNaNSamplesStayLocal() {
        var input = AudioCoreTestSupport.sine(frequency: 300, rate: 8000, frames: 4000).map { Float($0) }
        input[2000] = .nan
        input[2001] = .infinity
        for interp in AudioInterpolation.allCases {
            let out = AudioCoreTestSupport.run(input, channels: 1, rate: 8000, interpolation: interp, split: 333) { 1.5 * $0 }
            XCTAssertEqual(out.count, 6000)
            // Far from the bad samples (their time maps to ~3000) everything is finite.
            XCTAssertTrue(out[0..<2800].allSatisfy { $0.isFinite }, "\(interp)")
            XCTAssertTrue(out[3200...].allSatisfy { $0.isFinite }, "\(interp)")
            // S16 output of the same: NaN becomes 0, infinities saturate; no trap.
            let s16 = AudioCoreTestSupport.run(input.map { Double($0) }, channels: 1, rate: 8000,
                                               interpolation: interp) { 1.5 * $0 }.withUnsafeBufferPointer { buf -> [Int16] in
                var o: [Int16] = []
                Int16.store(buf, appendingTo: &o)
                return o
            }
            XCTAssertEqual(s16.count, 6000)
        }
    }

    func testExtremelySmallScale() {
        // warp(t) = 1e-6 t: a million input samples per output sample.
        let chunk = [Float](repeating: 0.5, count: 48000)
        for interp in AudioInterpolation.allCases {
            var r = WarpResampler(channels: 1, rate: 48000, interpolation: interp, startTime: 0) { 1e-6 * $0 }
            var out: [Float] = []
            var maxRetained = 0
            for _ in 0..<25 {
                chunk.withUnsafeBufferPointer { r.process($0, into: &out) }
                maxRetained = max(maxRetained, r.retainedSampleCapacity)
            }
            r.drain(into: &out)
            XCTAssertEqual(out.count, AudioCoreTestSupport.expectedCount(frames: 25 * 48000, rate: 48000, startTime: 0) { 1e-6 * $0 })
            XCTAssertLessThan(maxRetained, 100_000, "\(interp)")
        }
        // warp(t) = 1e-3 t with sinc: the widest (capped) kernel, DC preserved.
        let out = AudioCoreTestSupport.run([Double](repeating: 0.5, count: 100_000), channels: 1,
                                           interpolation: .sinc, split: 10_000) { 1e-3 * $0 }
        XCTAssertEqual(out.count, 100)
        XCTAssertTrue(out.allSatisfy { abs($0 - 0.5) < 1e-12 })
    }

    func testLargeScale() {
        // warp(t) = 1000 t: a thousand output samples per input sample.
        let input = AudioCoreTestSupport.noise(count: 2 * 300)
        for interp in AudioInterpolation.allCases {
            var r = WarpResampler(channels: 2, rate: 48000, interpolation: interp, startTime: 0) { 1000 * $0 }
            var out: [Double] = []
            var maxRetained = 0
            input.withUnsafeBufferPointer { all in
                for i in stride(from: 0, to: all.count, by: 20) {
                    r.process(UnsafeBufferPointer(rebasing: all[i..<(i + 20)]), into: &out)
                    maxRetained = max(maxRetained, r.retainedSampleCapacity)
                }
            }
            r.drain(into: &out)
            XCTAssertEqual(out.count, 2 * 300_000, "\(interp)")
            XCTAssertLessThan(maxRetained, 100_000, "\(interp)")
            XCTAssertTrue(out.allSatisfy { $0.isFinite })
        }
    }

    func testBrokenMapsDoNotTrap() {
        let input = AudioCoreTestSupport.noise(count: 3000)
        let maps: [(String, @Sendable (Double) -> Double)] = [
            ("nan origin", { $0 == 0 ? .nan : $0 }),
            ("all nan", { _ in .nan }),
            ("constant", { _ in 1 }),
            ("decreasing", { -$0 }),
            ("nan holes", { t in (Int(t * 8000) % 10 == 3) ? .nan : 2 * t }),
            ("backwards step", { t in t < 0.1 ? t : t - 0.05 }),
            ("infinite tail", { t in t < 0.2 ? t : .infinity }),
            ("-inf origin", { t in t == 0 ? -.infinity : t }),
            ("subnormal steps", { (Double.leastNormalMagnitude / 64) * $0 }),
        ]
        for (name, warp) in maps {
            for interp in AudioInterpolation.allCases {
                var r = WarpResampler(channels: 1, rate: 8000, interpolation: interp, startTime: 0, warp: warp)
                var out: [Double] = []
                input.withUnsafeBufferPointer { all in
                    for i in stride(from: 0, to: all.count, by: 250) {
                        r.process(UnsafeBufferPointer(rebasing: all[i..<(i + 250)]), into: &out)
                    }
                }
                r.drain(into: &out)
                XCTAssertEqual(Int64(out.count), r.outputCount, name)
                XCTAssertLessThan(out.count, 1_000_000, name)
            }
        }
    }

    func testBadParametersAreClamped() {
        var r = WarpResampler(channels: 0, rate: -5, interpolation: .sinc, startTime: .nan) { $0 }
        XCTAssertEqual(r.channels, 1)
        XCTAssertEqual(r.rate, 1)
        var out: [Float] = []
        [Float](repeating: 1, count: 10).withUnsafeBufferPointer { r.process($0, into: &out) }
        r.drain(into: &out)
        XCTAssertEqual(out.count, 0)   // warp(NaN) is NaN: no output, no trap
    }

    func testOneHugeBufferKeepsTheWindowSmall() {
        // A million frames in one call: the window is filled a chunk at a time.
        let input = [Float](repeating: 0.25, count: 1_000_000)
        var r = WarpResampler(channels: 1, rate: 48000, interpolation: .linear, startTime: 0) { 0.9 * $0 }
        var out: [Float] = []
        input.withUnsafeBufferPointer { r.process($0, into: &out) }
        XCTAssertLessThan(r.retainedSampleCapacity, 100_000)
        r.drain(into: &out)
        XCTAssertEqual(out.count, 900_000)
    }
}
