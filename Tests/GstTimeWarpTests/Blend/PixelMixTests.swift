import XCTest
@testable import GstTimeWarp

/// The mix kernels against the weighted mean computed in doubles and rounded to nearest, over
/// row lengths that exercise both the SIMD body and the scalar tail.
final class PixelMixTests: XCTestCase {
    /// A reproducible pseudo-random row.
    func row(_ count: Int, seed: UInt32, max: UInt32) -> [UInt32] {
        var x = seed
        return (0..<count).map { _ in
            x = x &* 1_664_525 &+ 1_013_904_223
            return (x >> 8) % (max + 1)
        }
    }

    func testTwoFrameMix8IsTheRoundedWeightedMean() {
        for count in [1, 15, 16, 17, 47, 64] {
            let a = row(count, seed: 1, max: 255).map(UInt8.init), b = row(count, seed: 2, max: 255).map(UInt8.init)
            for w: UInt32 in [0, 1, 64, 128, 200, 255, 256] {
                var out = [UInt8](repeating: 0, count: count)
                out.withUnsafeMutableBytes { d in a.withUnsafeBytes { pa in b.withUnsafeBytes { pb in
                    PixelMix.mix8(d, pa, pb, weight: w)
                } } }
                for i in 0..<count {
                    let exact = (Double(a[i]) * Double(256 - w) + Double(b[i]) * Double(w)) / 256
                    XCTAssertEqual(Double(out[i]), (exact + 1e-9).rounded(.toNearestOrAwayFromZero), "n=\(count) w=\(w) i=\(i)")
                }
            }
        }
    }

    func testManyFrameAverages8And16AreTheRoundedWeightedMeans() {
        let weights8: [UInt32] = [51, 52, 51, 51, 51]  // add up to 256
        let weights16: [UInt32] = [8192, 4096, 4096, 16384]  // add up to 32768
        for count in [3, 16, 33] {
            let rows8 = (0..<5).map { row(count, seed: UInt32($0 + 10), max: 255).map(UInt8.init) }
            let sums = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: count)
            defer { sums.deallocate() }
            for (k, r) in rows8.enumerated() {
                r.withUnsafeBytes { PixelMix.accumulate8(sums, $0, weight: weights8[k], first: k == 0) }
            }
            var out8 = [UInt8](repeating: 0, count: count)
            out8.withUnsafeMutableBytes { PixelMix.finish8($0, UnsafeBufferPointer(sums)) }
            for i in 0..<count {
                let exact = zip(rows8, weights8).reduce(0.0) { $0 + Double($1.0[i]) * Double($1.1) } / 256
                XCTAssertEqual(Double(out8[i]), (exact + 1e-9).rounded(.toNearestOrAwayFromZero), "8-bit n=\(count) i=\(i)")
            }
            let rows16 = (0..<4).map { row(count, seed: UInt32($0 + 20), max: 65535).map(UInt16.init) }
            let sums32 = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: count)
            defer { sums32.deallocate() }
            for (k, r) in rows16.enumerated() {
                let bytes = r.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }  // little-endian
                bytes.withUnsafeBytes { PixelMix.accumulate16(sums32, $0, weight: weights16[k], first: k == 0) }
            }
            var out16 = [UInt8](repeating: 0, count: 2 * count)
            out16.withUnsafeMutableBytes { PixelMix.finish16($0, UnsafeBufferPointer(sums32)) }
            for i in 0..<count {
                let exact = zip(rows16, weights16).reduce(0.0) { $0 + Double($1.0[i]) * Double($1.1) } / 32768
                let got = Int(out16[2 * i]) | Int(out16[2 * i + 1]) << 8
                XCTAssertEqual(Double(got), (exact + 1e-9).rounded(.toNearestOrAwayFromZero), "16-bit n=\(count) i=\(i)")
            }
        }
    }

    func testPairedAccumulationAndFusedFinish8() {
        // Five frames: pairs (0, 1) and (2, 3) into the sums, frame 4 added while writing; four
        // frames: pair (0, 1), then (2, 3) added while writing.
        for (n, weights) in [(5, [51, 52, 51, 51, 51] as [UInt32]), (4, [64, 64, 100, 28])] {
            for count in [5, 16, 37] {
                let rows = (0..<n).map { row(count, seed: UInt32($0 + 30), max: 255).map(UInt8.init) }
                let sums = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: count)
                defer { sums.deallocate() }
                var out = [UInt8](repeating: 0, count: count)
                rows[0].withUnsafeBytes { r0 in rows[1].withUnsafeBytes { r1 in
                    PixelMix.accumulate8(sums, r0, weight: weights[0], r1, weight: weights[1], first: true)
                } }
                if n == 5 {
                    rows[2].withUnsafeBytes { r2 in rows[3].withUnsafeBytes { r3 in
                        PixelMix.accumulate8(sums, r2, weight: weights[2], r3, weight: weights[3], first: false)
                    } }
                    out.withUnsafeMutableBytes { d in rows[4].withUnsafeBytes { r4 in
                        PixelMix.finish8(d, UnsafeBufferPointer(sums), adding: r4, weight: weights[4],
                                         UnsafeRawBufferPointer(start: nil, count: 0), weight: 0)
                    } }
                } else {
                    out.withUnsafeMutableBytes { d in rows[2].withUnsafeBytes { r2 in rows[3].withUnsafeBytes { r3 in
                        PixelMix.finish8(d, UnsafeBufferPointer(sums), adding: r2, weight: weights[2], r3, weight: weights[3])
                    } } }
                }
                for i in 0..<count {
                    let exact = zip(rows, weights).reduce(0.0) { $0 + Double($1.0[i]) * Double($1.1) } / 256
                    XCTAssertEqual(Double(out[i]), (exact + 1e-9).rounded(.toNearestOrAwayFromZero), "n=\(n) count=\(count) i=\(i)")
                }
            }
        }
    }

    func testEqualWeightKernelsAreTheRoundedMean() {
        // 2, 4 and 8 frames of equal weight: the rounded mean (halves up), as the weighted
        // kernels compute it with weights 128, 64, 32.
        for n in [2, 4, 8] {
            for count in [7, 16, 41] {
                let rows = (0..<n).map { row(count, seed: UInt32($0 + 50), max: 255).map(UInt8.init) }
                var out = [UInt8](repeating: 0, count: count)
                let raws = rows.map { r in r.withUnsafeBytes { UnsafeRawBufferPointer(start: UnsafeRawPointer($0.baseAddress), count: $0.count) } }
                XCTAssertEqual(BlendRenderer.equalWeightShift(Array(repeating: 256 / UInt32(n), count: n)),
                               UInt16(n.trailingZeroBitCount))
                let sums = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: count)
                defer { sums.deallocate() }
                withExtendedLifetime(rows) {
                    out.withUnsafeMutableBytes { d in
                        if n == 2 {
                            PixelMix.average8(d, raws[0], raws[1])
                        } else {
                            var k = 0
                            while k + 2 < n {
                                PixelMix.sum8(sums, raws[k], raws[k + 1], first: k == 0)
                                k += 2
                            }
                            PixelMix.finishSum8(d, UnsafeBufferPointer(sums), adding: raws[k], raws[k + 1],
                                                shift: UInt16(n.trailingZeroBitCount))
                        }
                    }
                }
                for i in 0..<count {
                    let mean = Double(rows.reduce(0) { $0 + Int($1[i]) }) / Double(n)
                    XCTAssertEqual(Double(out[i]), (mean + 1e-9).rounded(.toNearestOrAwayFromZero), "n=\(n) count=\(count) i=\(i)")
                }
            }
        }
        XCTAssertNil(BlendRenderer.equalWeightShift([86, 85, 85]))
        XCTAssertNil(BlendRenderer.equalWeightShift([100, 156]))
    }

    func testQuantizedWeightsAddUpToTheScale() {
        for weights in [[0.2, 0.2, 0.2, 0.2, 0.2], [1.0 / 3, 1.0 / 3, 1.0 / 3], [0.999, 0.001], [0.5, 0.5]] {
            for scale: UInt32 in [256, 32768] {
                let q = BlendPlanner.quantize(weights, scale: scale)
                XCTAssertEqual(q.reduce(0, +), scale, "\(weights)")
                for (w, x) in zip(q, weights) { XCTAssertLessThanOrEqual(abs(Double(w) - x * Double(scale)), 1) }
            }
        }
    }
}
