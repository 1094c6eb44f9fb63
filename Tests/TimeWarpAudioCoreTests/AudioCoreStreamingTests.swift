import Foundation
import XCTest
@testable import TimeWarpAudioCore

/// Output depends only on the input and the map, never on how the input is split into buffers.
final class AudioCoreStreamingTests: XCTestCase {
    func testBufferSplitsGiveIdenticalOutput() {
        let chans = 2
        let n = 2500
        let input = AudioCoreTestSupport.noise(count: n * chans, seed: 42)
        let warps: [(String, @Sendable (Double) -> Double)] = [
            ("variable", { $0 + 0.25 * $0 * $0 }),
            ("speed-up", { 0.3 * $0 + 0.2 * sin($0) }),
            ("slow-down", { 3 * $0 }),
        ]
        for interp in AudioInterpolation.allCases {
            for (name, warp) in warps {
                let whole = AudioCoreTestSupport.run(input, channels: chans, rate: 8000, interpolation: interp,
                                                     startTime: 0.125, warp: warp)
                let ones = AudioCoreTestSupport.run(input, channels: chans, rate: 8000, interpolation: interp,
                                                    startTime: 0.125, split: 1, warp: warp)
                let sevens = AudioCoreTestSupport.run(input, channels: chans, rate: 8000, interpolation: interp,
                                                      startTime: 0.125, split: 7, warp: warp)
                XCTAssertFalse(whole.isEmpty)
                XCTAssertEqual(whole, ones, "\(interp) \(name) 1-sample buffers")
                XCTAssertEqual(whole, sevens, "\(interp) \(name) 7-sample buffers")
            }
        }
    }

    func testEmptyBuffersChangeNothing() {
        let input = AudioCoreTestSupport.noise(count: 3000, seed: 7)
        let warp: @Sendable (Double) -> Double = { 1.7 * $0 }
        let expected = AudioCoreTestSupport.run(input, channels: 1, interpolation: .sinc, split: 500, warp: warp)
        var r = WarpResampler(channels: 1, rate: 48000, interpolation: .sinc, startTime: 0, warp: warp)
        var out: [Double] = []
        let empty: [Double] = []
        input.withUnsafeBufferPointer { all in
            for i in stride(from: 0, to: all.count, by: 500) {
                empty.withUnsafeBufferPointer { r.process($0, into: &out) }
                r.process(UnsafeBufferPointer(rebasing: all[i..<min(i + 500, all.count)]), into: &out)
                r.process(UnsafeBufferPointer<Double>(start: nil, count: 0), into: &out)
            }
        }
        r.drain(into: &out)
        XCTAssertEqual(out, expected)
    }

    func testResetStartsAFreshSegment() {
        let input = AudioCoreTestSupport.noise(count: 2000, seed: 9)
        let warp: @Sendable (Double) -> Double = { 0.5 * $0 + 0.1 * $0 * $0 }
        let fresh = AudioCoreTestSupport.run(input, channels: 1, interpolation: .sinc, startTime: 2, warp: warp)
        var r = WarpResampler(channels: 1, rate: 48000, interpolation: .sinc, startTime: 0, warp: warp)
        var junk: [Double] = []
        input.withUnsafeBufferPointer { r.process($0, into: &junk) }
        r.reset(startTime: 2)
        XCTAssertEqual(r.outputCount, 0)
        var out: [Double] = []
        input.withUnsafeBufferPointer { r.process($0, into: &out) }
        r.drain(into: &out)
        XCTAssertEqual(out, fresh)
        // After drain, input is ignored until reset.
        input.withUnsafeBufferPointer { r.process($0, into: &out) }
        XCTAssertEqual(out, fresh)
    }
}
