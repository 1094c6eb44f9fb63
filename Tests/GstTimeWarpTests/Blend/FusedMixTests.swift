import XCTest
@testable import GstTimeWarp

/// The one-pass kernels for three and four frames against the mean computed in integers by
/// hand (`(Σ a_k · w_k + 128) >> 8`, `(a + b + c + d + 2) >> 2`), over row lengths that exercise
/// both the SIMD body and the scalar tail.
final class FusedMixTests: XCTestCase {
    /// A reproducible pseudo-random row of bytes.
    func row(_ count: Int, seed: UInt32) -> [UInt8] {
        var x = seed
        return (0..<count).map { _ in
            x = x &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: x >> 13)
        }
    }

    func testFourFrameAverageIsTheRoundedMean() {
        for count in [1, 15, 16, 17, 63, 64, 100] {
            let r = (0..<4).map { row(count, seed: UInt32(40 + $0)) }
            var out = [UInt8](repeating: 0, count: count)
            out.withUnsafeMutableBytes { d in r[0].withUnsafeBytes { a in r[1].withUnsafeBytes { b in
                r[2].withUnsafeBytes { c in r[3].withUnsafeBytes { e in PixelMix.average4x8(d, a, b, c, e) } }
            } } }
            for i in 0..<count {
                let sum = Int(r[0][i]) + Int(r[1][i]) + Int(r[2][i]) + Int(r[3][i])
                XCTAssertEqual(Int(out[i]), (sum + 2) / 4, "n=\(count) i=\(i)")
            }
        }
    }

    func testThreeAndFourFrameMixesAreTheRoundedWeightedMeans() {
        let cases: [[UInt32]] = [[64, 64, 64, 64], [10, 100, 46, 100], [0, 0, 0, 256], [85, 86, 85], [256, 0, 0]]
        for count in [1, 16, 31, 64] {
            let r = (0..<4).map { row(count, seed: UInt32(70 + $0)) }
            for w in cases {
                var out = [UInt8](repeating: 0, count: count)
                out.withUnsafeMutableBytes { d in r[0].withUnsafeBytes { a in r[1].withUnsafeBytes { b in
                    r[2].withUnsafeBytes { c in r[3].withUnsafeBytes { e in
                        PixelMix.mix4x8(d, a, weight: w[0], b, weight: w[1], c, weight: w[2],
                                        w.count == 4 ? e : UnsafeRawBufferPointer(start: nil, count: 0),
                                        weight: w.count == 4 ? w[3] : 0)
                    } }
                } } }
                for i in 0..<count {
                    let sum = (0..<w.count).reduce(0) { $0 + Int(r[$1][i]) * Int(w[$1]) }
                    XCTAssertEqual(Int(out[i]), (sum + 128) >> 8, "n=\(count) w=\(w) i=\(i)")
                }
            }
        }
    }
}
