import Foundation
import XCTest
import Synchronization
@testable import TimeWarpAudioCore

/// The total output is round((warp(t_end) - warp(t0)) * rate) for every map, length and split,
/// and output produced before the end never exceeds it.
final class AudioCoreSampleCountTests: XCTestCase {
    func testTotalsMatchTheDocumentedCount() {
        let warps: [(String, @Sendable (Double) -> Double)] = [
            ("identity", { $0 }),
            ("x2", { 2 * $0 }),
            ("x0.5", { 0.5 * $0 }),
            ("x0.3", { 0.3 * $0 }),
            ("x1/3", { $0 / 3 }),
            ("quadratic", { $0 + 0.25 * $0 * $0 }),
            ("cubic-ish", { 0.2 * $0 + $0 * $0 * $0 }),
            ("wobble", { $0 + 0.05 * sin(20 * $0) }),
        ]
        let lengths = [1, 2, 3, 17, 1000, 4801]
        for (name, warp) in warps {
            for n in lengths {
                for (rate, t0) in [(48000, 0.0), (44100, 0.71), (8000, 3.0)] {
                    let input = [Float](repeating: 0.25, count: n)
                    let expected = AudioCoreTestSupport.expectedCount(frames: n, rate: rate, startTime: t0, warp: warp)
                    for interp in AudioInterpolation.allCases {
                        let out = AudioCoreTestSupport.run(input, channels: 1, rate: rate, interpolation: interp,
                                                           startTime: t0, split: 256, warp: warp)
                        XCTAssertEqual(out.count, expected, "\(name) n=\(n) rate=\(rate) \(interp)")
                    }
                }
            }
        }
    }

    func testOutputBeforeDrainNeverExceedsTheEventualTotal() {
        // Speeding up by 4: the last input sample covers only 1/4 output sample, so an output
        // before the last X can still be beyond round(X(N)); it must be held back.
        let warp: @Sendable (Double) -> Double = { 0.25 * $0 }
        for interp in AudioInterpolation.allCases {
            var r = WarpResampler(channels: 1, rate: 1000, interpolation: interp, startTime: 0, warp: warp)
            var out: [Double] = []
            for n in 1...400 {
                [1.0].withUnsafeBufferPointer { r.process($0, into: &out) }
                let totalIfEndedNow = AudioCoreTestSupport.expectedCount(frames: n, rate: 1000, startTime: 0, warp: warp)
                XCTAssertLessThanOrEqual(out.count, totalIfEndedNow, "\(interp) n=\(n)")
                XCTAssertEqual(r.expectedOutputCount, Int64(totalIfEndedNow))
            }
            r.drain(into: &out)
            XCTAssertEqual(out.count, 100)
            XCTAssertTrue(out.allSatisfy { abs($0 - 1) < 1e-12 }, "\(interp): DC gain 1")
        }
    }

    func testWarpIsCalledOncePerInputSample() {
        let counter = Atomic<Int>(0)
        var r = WarpResampler(channels: 2, rate: 48000, interpolation: .sinc, startTime: 0) { t in
            counter.wrappingAdd(1, ordering: .relaxed)
            return 0.7 * t + 0.1 * t * t
        }
        let input = AudioCoreTestSupport.noise(count: 2 * 10000)
        var out: [Double] = []
        input.withUnsafeBufferPointer { all in
            for i in stride(from: 0, to: all.count, by: 999) {
                r.process(UnsafeBufferPointer(rebasing: all[i..<min(i + 999, all.count)]), into: &out)
            }
        }
        r.drain(into: &out)
        XCTAssertEqual(counter.load(ordering: .relaxed), 10000 + 1)   // X(0) ... X(N)
    }
}
