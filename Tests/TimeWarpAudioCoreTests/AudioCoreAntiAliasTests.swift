import Foundation
import XCTest
@testable import TimeWarpAudioCore

/// Speeding up 4x maps a 10 kHz tone at 48 kHz to 40 kHz, above Nyquist: sinc must remove it,
/// linear aliases it.
final class AudioCoreAntiAliasTests: XCTestCase {
    func testSincRemovesToneAboveNyquistAfterSpeedUp() {
        let rate = 48000
        let n = 24000
        let input = AudioCoreTestSupport.sine(frequency: 10000, rate: rate, frames: n)
        let inRMS = AudioCoreTestSupport.rms(input)
        let warp: @Sendable (Double) -> Double = { 0.25 * $0 }
        var levels: [AudioInterpolation: Double] = [:]
        for interp in [AudioInterpolation.sinc, .linear] {
            let out = AudioCoreTestSupport.run(input, channels: 1, rate: rate, interpolation: interp,
                                               split: 1024, warp: warp)
            XCTAssertEqual(out.count, n / 4)
            let outRMS = AudioCoreTestSupport.rms(out, from: 50, to: out.count - 50)
            levels[interp] = 20 * log10(max(outRMS, 1e-300) / inRMS)
        }
        XCTAssertLessThan(levels[.sinc] ?? 0, -40, "sinc leaves \(levels[.sinc] ?? 0) dB")
        XCTAssertGreaterThan(levels[.linear] ?? -100, -20, "linear alias is \(levels[.linear] ?? 0) dB")
    }

    func testSincKeepsPassbandWhenSpeedingUp() {
        // 1 kHz at 2x speed-up becomes 2 kHz, well inside the 12 kHz cut-off: level unchanged.
        let rate = 48000
        let input = AudioCoreTestSupport.sine(frequency: 1000, rate: rate, frames: 24000)
        let out = AudioCoreTestSupport.run(input, channels: 1, rate: rate, interpolation: .sinc) { 0.5 * $0 }
        let ratio = AudioCoreTestSupport.rms(out, from: 100, to: out.count - 100) / AudioCoreTestSupport.rms(input)
        XCTAssertEqual(ratio, 1, accuracy: 0.01)
        XCTAssertEqual(AudioCoreTestSupport.zeroCrossingFrequency(out, rate: rate, from: 100, to: out.count - 100),
                       2000, accuracy: 2)
    }

    func testSincDCGainIsOneAtAnySpeed() {
        let input = [Double](repeating: 0.75, count: 6000)
        for k in [0.02, 0.3, 0.7, 0.95, 1.0, 1.7, 40.0] {
            let out = AudioCoreTestSupport.run(input, channels: 1, rate: 8000, interpolation: .sinc) { k * $0 }
            XCTAssertEqual(out.count, Int((6000 * k).rounded()))
            let maxErr = out.map { abs($0 - 0.75) }.max() ?? 0
            XCTAssertLessThan(maxErr, 1e-12, "scale \(k)")
        }
    }
}
