import Foundation
import XCTest
@testable import TimeWarpAudioCore

/// warp(t) = 2t: twice the samples, half the frequency.
final class AudioCoreConstantFactorTests: XCTestCase {
    func testFactorTwoHalvesFrequencyAndDoublesLength() {
        let rate = 48000
        let f = 440.0
        let n = 24000
        let input = AudioCoreTestSupport.sine(frequency: f, rate: rate, frames: n)
        for interp in AudioInterpolation.allCases {
            let out = AudioCoreTestSupport.run(input, channels: 1, rate: rate, interpolation: interp,
                                               split: 4096) { 2 * $0 }
            XCTAssertEqual(out.count, 2 * n, "\(interp)")
            // Closed form: output sample j is the input at t = (j/rate)/2.
            let tolerance: Double
            switch interp {
            case .linear: tolerance = 5e-4     // (pi f / rate)^2 / 8 * amplitude ~ 1e-4
            case .cubic: tolerance = 1e-5
            case .sinc: tolerance = 1e-4
            }
            var maxErr = 0.0
            for j in 64..<(out.count - 64) {
                let expected = 0.5 * sin(2 * Double.pi * f * Double(j) / Double(rate) / 2)
                maxErr = max(maxErr, abs(out[j] - expected))
            }
            XCTAssertLessThan(maxErr, tolerance, "\(interp)")
            let measured = AudioCoreTestSupport.zeroCrossingFrequency(out, rate: rate, from: 0, to: out.count)
            XCTAssertEqual(measured, f / 2, accuracy: 0.5, "\(interp)")
        }
    }

    func testFactorTwoWithStartOffset() {
        // t0 != 0: the output still starts at warp(t0) and has round(2N) samples.
        let input = AudioCoreTestSupport.sine(frequency: 1000, rate: 44100, frames: 10001)
        let out = AudioCoreTestSupport.run(input, channels: 1, rate: 44100, interpolation: .linear,
                                           startTime: 3.25) { 2 * $0 }
        XCTAssertEqual(out.count, 20002)
        // Output j corresponds to input index j/2 (an integer for even j): exact up to rounding of c.
        for j in stride(from: 0, to: 20000, by: 2) {
            XCTAssertEqual(out[j], input[j / 2], accuracy: 1e-9)
        }
    }
}
