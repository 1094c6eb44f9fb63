import Foundation
import XCTest
@testable import TimeWarpAudioCore

/// F32 input is resampled in Float (see `WarpWorkSample`): the same guarantees as the Double
/// path (anti-aliasing, stop-band, DC gain, streaming invariance), within Float precision.
final class AudioCoreFloatPathTests: XCTestCase {
    /// Output level in dB of a 0.5-amplitude tone of `frequency` Hz after `warp`, ignoring the
    /// edges.
    static func level<S: WarpSample & BinaryFloatingPoint>(_: S.Type, frequency: Double, factor: Double) -> Double {
        let rate = 48000
        let input = AudioCoreTestSupport.sine(frequency: frequency, rate: rate, frames: 48000)
        let out = AudioCoreTestSupport.run(input.map { S($0) }, channels: 1, rate: rate, interpolation: .sinc,
                                           split: 960) { factor * $0 }
        let outRMS = AudioCoreTestSupport.rms(out.map { Double($0) }, from: 200, to: out.count - 200)
        return 20 * log10(max(outRMS, 1e-300) / AudioCoreTestSupport.rms(input))
    }

    func testStopBandWhenSpeedingUp() {
        // 4x: the cut-off is a quarter of Nyquist (6 kHz of input); 2x: half (12 kHz). Tones past
        // the transition band land far below the 40 dB the element tests ask for.
        for (factor, tones, floor) in [(0.25, [7000.0, 8000, 10000, 14000, 20000, 23000], -75.0),
                                       (0.5, [14000.0, 20000, 23000], -80.0)] {
            for f in tones {
                let d = Self.level(Double.self, frequency: f, factor: factor)
                let s = Self.level(Float.self, frequency: f, factor: factor)
                XCTAssertLessThan(d, floor, "F64 \(f) Hz at factor \(factor)")
                XCTAssertLessThan(s, floor, "F32 \(f) Hz at factor \(factor)")
            }
        }
    }

    func testPassBandWhenSpeedingUp() {
        for (factor, f) in [(0.25, 3000.0), (0.5, 8000.0), (0.91875, 14000.0)] {
            XCTAssertEqual(Self.level(Float.self, frequency: f, factor: factor), 0, accuracy: 0.05, "\(f) Hz")
        }
    }

    func testFloatSincRemovesToneAboveNyquistAfterSpeedUp() {
        XCTAssertLessThan(Self.level(Float.self, frequency: 10000, factor: 0.25), -40)
    }

    func testFloatDCGainIsOneAtAnySpeed() {
        let input = [Float](repeating: 0.75, count: 6000)
        for k in [0.02, 0.3, 0.7, 0.91875, 1.0, 1.7, 40.0] {
            let out = AudioCoreTestSupport.run(input, channels: 2, rate: 8000, interpolation: .sinc) { k * $0 }
            XCTAssertEqual(out.count, 2 * Int((3000 * k).rounded()), "scale \(k)")
            let maxErr = out.map { abs(Double($0) - 0.75) }.max() ?? 0
            XCTAssertLessThan(maxErr, 2e-6, "scale \(k)")
        }
    }

    func testFloatBufferSplitsGiveIdenticalOutput() {
        let input = AudioCoreTestSupport.noise(count: 2 * 2500, seed: 5).map { Float($0) }
        let warps: [(String, @Sendable (Double) -> Double)] = [
            ("variable", { $0 + 0.25 * $0 * $0 }),
            ("speed-up", { 0.3 * $0 + 0.2 * sin($0) }),
            ("constant", { 0.91875 * $0 }),
            ("slow-down", { 3 * $0 }),
        ]
        for interp in AudioInterpolation.allCases {
            for (name, warp) in warps {
                let whole = AudioCoreTestSupport.run(input, channels: 2, rate: 8000, interpolation: interp,
                                                     startTime: 0.125, warp: warp)
                XCTAssertFalse(whole.isEmpty)
                for split in [1, 7, 960] {
                    let parts = AudioCoreTestSupport.run(input, channels: 2, rate: 8000, interpolation: interp,
                                                         startTime: 0.125, split: split, warp: warp)
                    XCTAssertEqual(whole, parts, "\(interp) \(name) \(split)-sample buffers")
                }
            }
        }
    }

    func testMonoStereoAndManyChannelsAgree() {
        // Each channel of a multichannel Float stream equals the same signal resampled alone.
        let n = 3000
        let warp: @Sendable (Double) -> Double = { 0.7 * $0 + 0.2 * $0 * $0 }
        for chans in [2, 3, 6] {
            let signals = (0..<chans).map { c in AudioCoreTestSupport.noise(count: n, seed: UInt64(c + 11)) }
            let input = AudioCoreTestSupport.interleave(signals).map { Float($0) }
            let out = AudioCoreTestSupport.run(input, channels: chans, rate: 8000, interpolation: .sinc, split: 333,
                                               warp: warp)
            for c in 0..<chans {
                let mono = AudioCoreTestSupport.run(signals[c].map { Float($0) }, channels: 1, rate: 8000,
                                                    interpolation: .sinc, warp: warp)
                let got = stride(from: c, to: out.count, by: chans).map { out[$0] }
                XCTAssertEqual(got.count, mono.count)
                let maxErr = zip(got, mono).map { abs($0 - $1) }.max() ?? 0
                XCTAssertLessThan(maxErr, 1e-6, "\(chans)ch channel \(c)")
            }
        }
    }

    func testSampleTypeChangeMidStreamKeepsGoing() {
        // Float first, then Double: the window is converted, nothing is lost or trapped.
        let input = AudioCoreTestSupport.noise(count: 4000)
        for interp in AudioInterpolation.allCases {
            var r = WarpResampler(channels: 1, rate: 8000, interpolation: interp, startTime: 0) { 1.3 * $0 }
            var outF: [Float] = []
            var outD: [Double] = []
            input.prefix(2000).map { Float($0) }.withUnsafeBufferPointer { r.process($0, into: &outF) }
            Array(input.suffix(2000)).withUnsafeBufferPointer { r.process($0, into: &outD) }
            r.drain(into: &outD)
            XCTAssertEqual(outF.count + outD.count, 5200, "\(interp)")
            XCTAssertTrue(outD.allSatisfy { $0.isFinite }, "\(interp)")
        }
    }
}
