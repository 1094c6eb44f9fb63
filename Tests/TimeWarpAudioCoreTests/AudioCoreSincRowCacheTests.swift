import Foundation
import XCTest
@testable import TimeWarpAudioCore

/// Stereo sinc outputs go through `WarpSincRowCache` (ready rows for repeating phases) and the
/// vector kernels; mono outputs blend each row on the fly. Both must give the same bits, at a
/// constant ratio (the cache on, rows found again and again) and along a curve (phases that do
/// not repeat: the cache switches itself off), in Float and in Double, however the input is cut.
final class AudioCoreSincRowCacheTests: XCTestCase {
    static let curves: [(String, @Sendable (Double) -> Double)] = [
        ("factor 1.5", { 1.5 * $0 }),
        ("factor 0.91875", { 0.91875 * $0 }),
        ("curve", { 0.7 * $0 + 0.4 * $0 * $0 }),
    ]

    func check<S: WarpSample & BinaryFloatingPoint>(_: S.Type) {
        let n = 48000
        let left = AudioCoreTestSupport.noise(count: n, seed: 3).map { S($0 * 0.5) }
        let right = AudioCoreTestSupport.sine(frequency: 7000, rate: 48000, frames: n).map { S($0) }
        var stereo = [S](repeating: 0, count: 2 * n)
        for i in 0..<n {
            stereo[2 * i] = left[i]
            stereo[2 * i + 1] = right[i]
        }
        for (name, warp) in Self.curves {
            let both = AudioCoreTestSupport.run(stereo, channels: 2, interpolation: .sinc, split: 1922, warp: warp)
            let l = AudioCoreTestSupport.run(left, channels: 1, interpolation: .sinc, split: 777, warp: warp)
            let r = AudioCoreTestSupport.run(right, channels: 1, interpolation: .sinc, warp: warp)
            XCTAssertEqual(both.count, 2 * l.count, name)
            XCTAssertEqual(l.count, r.count, name)
            var mismatches = 0
            for i in 0..<min(l.count, both.count / 2) where both[2 * i] != l[i] || both[2 * i + 1] != r[i] {
                mismatches += 1
            }
            XCTAssertEqual(mismatches, 0, "\(S.self) \(name)")
        }
    }

    func testStereoThroughTheCacheEqualsMonoBitForBitInFloat() { check(Float.self) }

    func testStereoThroughTheCacheEqualsMonoBitForBitInDouble() { check(Double.self) }
}
