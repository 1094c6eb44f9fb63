import Foundation
import XCTest
@testable import TimeWarpAudioCore

/// The element's way of driving the resampler (`append`, `renderBound`, `render(into:)`,
/// `renderNothing`) gives exactly what `process(_:into:)` gives, with bounded memory.
final class AudioCoreDirectRenderTests: XCTestCase {
    /// Runs `input` through the direct path in buffers of `split` samples, then drains.
    static func runDirect<S: WarpSample & Numeric>(_ input: [S], channels: Int, rate: Int,
                                                           interpolation: AudioInterpolation, split: Int,
                                                           maxRetained: inout Int,
                                                           warp: @escaping @Sendable (Double) -> Double) -> [S] {
        var r = WarpResampler(channels: channels, rate: rate, interpolation: interpolation, startTime: 0, warp: warp)
        var out: [S] = []
        input.withUnsafeBufferPointer { all in
            var i = 0
            while i < all.count {
                let n = min(split, all.count - i)
                let buffer = UnsafeBufferPointer(rebasing: all[i..<(i + n)])
                var taken = 0
                while taken < buffer.count {
                    let step = r.append(UnsafeBufferPointer(rebasing: buffer[taken...]))
                    guard step > 0 else { break }
                    taken += step
                    let bound = r.renderBound
                    if bound > 0 {
                        var memory = [S](repeating: 0, count: (bound + 1) * r.channels)
                        let frames = memory.withUnsafeMutableBufferPointer { r.render(into: $0) }
                        XCTAssertLessThanOrEqual(frames, bound)
                        out += memory.prefix(frames * r.channels)
                    } else {
                        r.renderNothing(S.self)
                    }
                    maxRetained = max(maxRetained, r.retainedSampleCapacity)
                }
                i += n
            }
        }
        r.drain(into: &out)
        XCTAssertEqual(Int64(out.count / channels), r.outputCount)
        return out
    }

    func testDirectRenderMatchesProcess() {
        let warps: [(String, @Sendable (Double) -> Double)] = [
            ("variable", { $0 + 0.25 * $0 * $0 }),
            ("speed-up", { 0.3 * $0 + 0.2 * sin($0) }),
            ("slow-down", { 3 * $0 }),
        ]
        let noise = AudioCoreTestSupport.noise(count: 2 * 3000, seed: 3)
        for interp in AudioInterpolation.allCases {
            for (name, warp) in warps {
                for split in [1, 7, 960, 6000] {
                    var retained = 0
                    let f = noise.map { Float($0) }
                    XCTAssertEqual(Self.runDirect(f, channels: 2, rate: 8000, interpolation: interp, split: split,
                                                  maxRetained: &retained, warp: warp),
                                   AudioCoreTestSupport.run(f, channels: 2, rate: 8000, interpolation: interp,
                                                            split: split, warp: warp),
                                   "F32 \(interp) \(name) \(split)")
                    let s = noise.map { Int16($0 * 20000) }
                    XCTAssertEqual(Self.runDirect(s, channels: 2, rate: 8000, interpolation: interp, split: split,
                                                  maxRetained: &retained, warp: warp),
                                   AudioCoreTestSupport.run(s, channels: 2, rate: 8000, interpolation: interp,
                                                            split: split, warp: warp),
                                   "S16 \(interp) \(name) \(split)")
                }
            }
        }
    }

    func testExtremeSpeedUpKeepsMemoryBounded() {
        // A million input frames per output frame: almost every step renders nothing.
        let chunk = [Float](repeating: 0.5, count: 48000)
        let input = Array([[Float]](repeating: chunk, count: 25).joined())
        for interp in AudioInterpolation.allCases {
            var retained = 0
            let out = Self.runDirect(input, channels: 1, rate: 48000, interpolation: interp, split: 48000,
                                     maxRetained: &retained) { 1e-6 * $0 }
            XCTAssertEqual(out.count, AudioCoreTestSupport.expectedCount(frames: 25 * 48000, rate: 48000,
                                                                         startTime: 0) { 1e-6 * $0 })
            XCTAssertLessThan(retained, 100_000, "\(interp)")
        }
    }
}
