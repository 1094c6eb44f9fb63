import Foundation
import XCTest
@testable import TimeWarpAudioCore

/// 1, 2, 6 and 64 interleaved channels: each channel is resampled on its own, never mixed.
final class AudioCoreChannelTests: XCTestCase {
    func testChannelsAreIndependent() {
        let n = 1200
        let warp: @Sendable (Double) -> Double = { 0.6 * $0 + 2 * $0 * $0 }
        for chans in [1, 2, 6, 64] {
            // Distinct signal per channel: its own frequency and DC offset.
            let signals = (0..<chans).map { c in
                AudioCoreTestSupport.sine(frequency: 200 + 97 * Double(c), rate: 8000, frames: n).map { $0 + Double(c) }
            }
            let input = AudioCoreTestSupport.interleave(signals)
            for interp in AudioInterpolation.allCases {
                let out = AudioCoreTestSupport.run(input, channels: chans, rate: 8000, interpolation: interp,
                                                   split: 5 * chans + 3, warp: warp)
                let frames = AudioCoreTestSupport.expectedCount(frames: n, rate: 8000, startTime: 0, warp: warp)
                XCTAssertEqual(out.count, frames * chans, "\(chans)ch \(interp)")
                for c in Set([0, chans / 2, chans - 1]) {
                    let mono = AudioCoreTestSupport.run(signals[c], channels: 1, rate: 8000, interpolation: interp,
                                                        warp: warp)
                    let got = AudioCoreTestSupport.channel(out, c, of: chans)
                    XCTAssertEqual(got.count, mono.count)
                    let maxErr = zip(got, mono).map { abs($0 - $1) }.max() ?? 0
                    XCTAssertLessThan(maxErr, 1e-9, "\(chans)ch \(interp) channel \(c)")
                }
            }
        }
    }

    func testNoLeakageBetweenChannels() {
        let chans = 6
        let n = 2000
        var signals = [[Double]](repeating: [Double](repeating: 0, count: n), count: chans)
        signals[3] = AudioCoreTestSupport.noise(count: n)
        let input = AudioCoreTestSupport.interleave(signals)
        for interp in AudioInterpolation.allCases {
            let out = AudioCoreTestSupport.run(input, channels: chans, interpolation: interp) { 0.45 * $0 }
            for c in 0..<chans where c != 3 {
                XCTAssertTrue(AudioCoreTestSupport.channel(out, c, of: chans).allSatisfy { $0 == 0 }, "\(interp) ch \(c)")
            }
            XCTAssertGreaterThan(AudioCoreTestSupport.rms(AudioCoreTestSupport.channel(out, 3, of: chans)), 0.1)
        }
    }
}
