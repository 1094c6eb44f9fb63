import Foundation
import XCTest
@testable import TimeWarpAudioCore

/// warp(t) = t + 0.25 t^2, so s(t) = 1 + 0.5 t: a tone of frequency f sounds at f / s(t) at output
/// time tau = warp(t).
final class AudioCoreVariableWarpTests: XCTestCase {
    func testLocalFrequencyFollowsScale() {
        let rate = 48000
        let f = 1000.0
        let seconds = 2.0
        let n = Int(seconds * Double(rate))
        let input = AudioCoreTestSupport.sine(frequency: f, rate: rate, frames: n)
        let warp: @Sendable (Double) -> Double = { $0 + 0.25 * $0 * $0 }
        for interp in [AudioInterpolation.linear, .sinc] {
            let out = AudioCoreTestSupport.run(input, channels: 1, rate: rate, interpolation: interp,
                                               split: 10000, warp: warp)
            XCTAssertEqual(out.count, AudioCoreTestSupport.expectedCount(frames: n, rate: rate, startTime: 0, warp: warp))
            for tau in [0.25, 0.75, 1.25, 1.75, 2.25, 2.75] {
                let t = 2 * ((1 + tau).squareRoot() - 1)        // warp^-1(tau)
                let expected = f / (1 + 0.5 * t)
                let center = Int(tau * Double(rate))
                let half = rate / 50                             // +-20 ms window
                let measured = AudioCoreTestSupport.zeroCrossingFrequency(out, rate: rate,
                                                                          from: center - half, to: center + half)
                XCTAssertEqual(measured, expected, accuracy: expected * 0.005, "\(interp) tau=\(tau)")
            }
        }
    }

    func testLinearMatchesBruteForceReference() {
        // The resampler's linear output equals the formula of docs/mathematics.md#audio-interpolation
        // applied to brute-force control points (edges replicated), for a map that both speeds up and slows down.
        let rate = 8000
        let n = 5000
        let t0 = 0.5
        let input = AudioCoreTestSupport.noise(count: n)
        let warp: @Sendable (Double) -> Double = { 0.4 * $0 + 0.3 * $0 * $0 + 0.05 * sin(3 * $0) }
        let out = AudioCoreTestSupport.run(input, channels: 1, rate: rate, interpolation: .linear,
                                           startTime: t0, split: 777, warp: warp)
        let count = AudioCoreTestSupport.expectedCount(frames: n, rate: rate, startTime: t0, warp: warp)
        XCTAssertEqual(out.count, count)
        let cps = AudioCoreTestSupport.referenceControlPoints(frames: n, rate: rate, startTime: t0,
                                                              outputs: count, warp: warp)
        // (The last interval's points are extrapolated without a bend: the stream has no X(n + 1).)
        for j in 0..<min(count, out.count) where cps[j] < Double(n - 1) {
            XCTAssertEqual(out[j], AudioCoreTestSupport.linearAt(input, min(cps[j], Double(n))), accuracy: 1e-9, "j=\(j)")
        }
    }
}
