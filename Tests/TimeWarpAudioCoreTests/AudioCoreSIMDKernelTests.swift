import CWarpSIMD
import Foundation
import XCTest

/// The vector kernels of `CWarpSIMD` against a plain scalar `Double` reference, on random data
/// of many lengths (0, 1, odd, not multiples of any vector width), at every instruction-set level
/// the CPU runs, each called directly (no global dispatch state is changed). Every input ends
/// right before an inaccessible page, so a kernel that read at or past `taps` would crash.
final class AudioCoreSIMDKernelTests: XCTestCase {
    /// Lengths: empty, shorter than one vector, around 4, 8 and 16 lanes, the default quality's
    /// 66 taps, and the widest kernel's 2048 (plus odd neighbours).
    static let lengths = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 15, 16, 17, 23, 24, 31, 32, 33, 47, 63, 64, 65, 66,
                          67, 70, 127, 129, 255, 257, 1023, 2047, 2048, 2049]

    /// The levels this CPU runs, with their kernel tables.
    static var levels: [(Int32, WarpSIMDKernels)] {
        (0..<Int32(WARP_SIMD_LEVEL_COUNT)).compactMap { level in
            warp_simd_kernels(level).map { (level, $0.pointee) }
        }
    }

    /// `count` values of `T` placed to end exactly where an inaccessible page starts (freed by
    /// `deinit`).
    final class Guarded<T> {
        let base: UnsafeMutableRawPointer
        let length: Int
        let pointer: UnsafeMutablePointer<T>

        init(_ values: [T]) {
            let page = Int(sysconf(Int32(_SC_PAGESIZE)))
            let bytes = values.count * MemoryLayout<T>.stride
            let dataPages = (bytes + page - 1) / page + 1
            length = (dataPages + 1) * page
            base = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
            mprotect(base + dataPages * page, page, PROT_NONE)
            pointer = (base + dataPages * page - bytes).bindMemory(to: T.self, capacity: max(values.count, 1))
            for (i, v) in values.enumerated() { pointer[i] = v }
        }

        deinit { munmap(base, length) }
    }

    /// Random `Float`s in `-scale ..< scale`.
    static func floats(_ n: Int, seed: UInt64, scale: Float = 1) -> [Float] {
        AudioCoreTestSupport.noise(count: n, seed: seed).map { Float($0) * scale }
    }

    func testTheDispatchedLevelIsTheBestTheCPURuns() throws {
        let levels = Self.levels.map(\.0)
        XCTAssertTrue(levels.contains(Int32(WARP_SIMD_SCALAR.rawValue)))
        #if arch(x86_64)
        XCTAssertTrue(levels.contains(Int32(WARP_SIMD_SSE2.rawValue)))
        #elseif arch(arm64)
        XCTAssertTrue(levels.contains(Int32(WARP_SIMD_NEON.rawValue)))
        #endif
        XCTAssertEqual(warp_simd_level(), try XCTUnwrap(levels.max()))
        XCTAssertNil(warp_simd_kernels(-1))
        XCTAssertNil(warp_simd_kernels(Int32(WARP_SIMD_LEVEL_COUNT)))
    }

    func testFloatBlendedDotProductsMatchTheDoubleReference() {
        for (level, k) in Self.levels {
            for (i, n) in Self.lengths.enumerated() {
                let seed = UInt64(i + 1) * 7919
                let x = Guarded(Self.floats(n, seed: seed)), y = Guarded(Self.floats(n, seed: seed + 1))
                let row = Guarded(Self.floats(n, seed: seed + 2, scale: 0.2))
                let step = Guarded(Self.floats(n, seed: seed + 3, scale: 0.01))
                for alpha: Float in [0, 0.3125, 0.999] {
                    var refX = 0.0, refY = 0.0, magnitude = 0.0
                    for t in 0..<n {
                        let w = Double(row.pointer[t]) + Double(alpha) * Double(step.pointer[t])
                        refX += w * Double(x.pointer[t])
                        refY += w * Double(y.pointer[t])
                        magnitude += abs(w) * (abs(Double(x.pointer[t])) + abs(Double(y.pointer[t])))
                    }
                    // Float rounding of the blend, each product and each sum: a generous bound.
                    let tolerance = Double(n + 8) * Double(Float.ulpOfOne) * magnitude
                    let one = k.dot_blend_f32(x.pointer, row.pointer, step.pointer, alpha, n)
                    XCTAssertEqual(Double(one), refX, accuracy: tolerance, "level \(level) taps \(n) alpha \(alpha)")
                    var two = [Float](repeating: .nan, count: 2)
                    k.dot2_blend_f32(x.pointer, y.pointer, row.pointer, step.pointer, alpha, n, &two)
                    XCTAssertEqual(two[0].bitPattern, one.bitPattern, "level \(level) taps \(n): dot2 sums as dot")
                    XCTAssertEqual(two[1].bitPattern,
                                   k.dot_blend_f32(y.pointer, row.pointer, step.pointer, alpha, n).bitPattern,
                                   "level \(level) taps \(n): dot2 sums as dot")
                    XCTAssertEqual(Double(two[1]), refY, accuracy: tolerance, "level \(level) taps \(n)")
                }
            }
        }
    }

    func testFloatRowBlendMatchesTheDoubleReference() {
        for (level, k) in Self.levels {
            for (i, n) in Self.lengths.enumerated() {
                let seed = UInt64(i + 1) * 104729
                let row = Guarded(Self.floats(n, seed: seed)), step = Guarded(Self.floats(n, seed: seed + 1))
                let out = Guarded([Float](repeating: .nan, count: n))
                let alpha: Float = 0.73
                k.blend_f32(row.pointer, step.pointer, alpha, n, out.pointer)
                for t in 0..<n {
                    let r = Double(row.pointer[t]), s = Double(alpha) * Double(step.pointer[t])
                    XCTAssertEqual(Double(out.pointer[t]), r + s, accuracy: 2 * Double(Float.ulpOfOne) * (abs(r) + abs(s)),
                                   "level \(level) taps \(n) at \(t)")
                }
            }
        }
    }

    func testDoubleBlendAndDotProductsMatchTheScalarReference() {
        for (level, k) in Self.levels {
            for (i, n) in Self.lengths.enumerated() {
                let seed = UInt64(i + 1) * 15485863
                let row0 = Guarded(AudioCoreTestSupport.noise(count: n, seed: seed))
                let row1 = Guarded(AudioCoreTestSupport.noise(count: n, seed: seed + 1))
                let x = Guarded(AudioCoreTestSupport.noise(count: n, seed: seed + 2))
                let y = Guarded(AudioCoreTestSupport.noise(count: n, seed: seed + 3))
                let w = Guarded([Double](repeating: .nan, count: n))
                let alpha = 0.40625
                k.blend_f64(row0.pointer, row1.pointer, alpha, n, w.pointer)
                var refX = 0.0, refY = 0.0, magnitude = 0.0
                for t in 0..<n {
                    let a = row0.pointer[t], d = row1.pointer[t] - a
                    XCTAssertEqual(w.pointer[t], a + alpha * d, accuracy: 4 * Double.ulpOfOne * (abs(a) + abs(d)),
                                   "level \(level) taps \(n) at \(t)")
                    refX += w.pointer[t] * x.pointer[t]
                    refY += w.pointer[t] * y.pointer[t]
                    magnitude += abs(w.pointer[t]) * (abs(x.pointer[t]) + abs(y.pointer[t]))
                }
                let tolerance = Double(n + 8) * Double.ulpOfOne * magnitude
                let one = k.dot_f64(x.pointer, w.pointer, n)
                XCTAssertEqual(one, refX, accuracy: tolerance, "level \(level) taps \(n)")
                var two = [Double](repeating: .nan, count: 2)
                k.dot2_f64(x.pointer, y.pointer, w.pointer, n, &two)
                XCTAssertEqual(two[0].bitPattern, one.bitPattern, "level \(level) taps \(n): dot2 sums as dot")
                XCTAssertEqual(two[1].bitPattern, k.dot_f64(y.pointer, w.pointer, n).bitPattern,
                               "level \(level) taps \(n): dot2 sums as dot")
                XCTAssertEqual(two[1], refY, accuracy: tolerance, "level \(level) taps \(n)")
            }
        }
    }

    /// The run kernels (`sinc2k_*`, `sinc2kc_*`) give exactly the one-output kernels' results at
    /// the row offset and blend each phase key stands for (the phase in 2^-20 of a row,
    /// `0 ... phases * 2^20`: row `phi = min(key / 2^20, phases - 1)`, blend `key / 2^20 - phi`,
    /// worked out by hand below), point by point, with and without a row cache (filled, then read;
    /// and with two slots, where points evict each other), for tap counts around every vector
    /// width the AVX2 run splits into. An odd count of points: the AVX2 run takes them in pairs
    /// and the last alone.
    func testPhaseKeyRunsEqualTheirPointsOneByOne() {
        for (level, k) in Self.levels {
            for taps in [0, 1, 7, 8, 9, 15, 16, 17, 24, 31, 32, 33, 40, 47, 48, 63, 64, 66, 67, 130] {
                let frames = taps + 41, rowsCount = 9, stride_ = taps + 5, count = 41
                let left = Guarded(Self.floats(frames, seed: 31)), right = Guarded(Self.floats(frames, seed: 32))
                let rows = Guarded(Self.floats(rowsCount * stride_, seed: 33))
                let steps = Guarded(Self.floats(rowsCount * stride_, seed: 34))
                let leftD = Guarded(AudioCoreTestSupport.noise(count: frames, seed: 41))
                let rightD = Guarded(AudioCoreTestSupport.noise(count: frames, seed: 42))
                let rowsD = Guarded(AudioCoreTestSupport.noise(count: rowsCount * stride_, seed: 43))
                // A table of 3 rows plus the last (rows 0 ... 3 of 9).
                let phases = 3
                // Each point by itself: the one-output kernels at the row and blend of its key.
                var keyed = [Int](), expected = [Float](), expectedD = [Double]()
                for i in 0..<count {
                    // Phases 0, 1/3, 1 and 2 + 1/2 rows, and the whole table (row 2 blended
                    // fully): points repeat. By hand: (key, row, numerator of the blend).
                    let x = (i * 37) % 41
                    let (key, phi, q) = [(0, 0, 0), (349_525, 0, 349_525), (1 << 20, 1, 0),
                                         (5 << 19, 2, 1 << 19), (3 << 20, 2, 1 << 20)][(i * 7) % 5]
                    keyed += [x, key]
                    let r = phi * stride_
                    var one = [Float](repeating: .nan, count: 2)
                    k.dot2_blend_f32(left.pointer + x, right.pointer + x, rows.pointer + r, steps.pointer + r,
                                     Float(q) / Float(1 << 20), taps, &one)
                    expected += one
                    var w = [Double](repeating: .nan, count: max(taps, 1)), oneD = [Double](repeating: .nan, count: 2)
                    k.blend_f64(rowsD.pointer + r, rowsD.pointer + r + stride_, Double(q) / Double(1 << 20), taps, &w)
                    k.dot2_f64(leftD.pointer + x, rightD.pointer + x, w, taps, &oneD)
                    expectedD += oneD
                }
                var out = [Float](repeating: .nan, count: 2 * count)
                k.sinc2k_f32(left.pointer, right.pointer, rows.pointer, steps.pointer, stride_, phases, taps, keyed,
                             count, &out)
                XCTAssertEqual(out.map(\.bitPattern), expected.map(\.bitPattern), "level \(level) taps \(taps)")
                var scratch = [Double](repeating: .nan, count: max(taps, 1))
                var outD = [Double](repeating: .nan, count: 2 * count)
                k.sinc2k_f64(leftD.pointer, rightD.pointer, rowsD.pointer, stride_, phases, taps, keyed, count,
                             &scratch, &outD)
                XCTAssertEqual(outD.map(\.bitPattern), expectedD.map(\.bitPattern), "level \(level) taps \(taps) (Double)")
                let stride = max(taps, 1)
                for slots in [2, 4, 32] {
                    let storage = UnsafeMutableRawPointer.allocate(byteCount: 32 * stride * 8, alignment: 64)
                    defer { storage.deallocate() }
                    var cache = WarpSIMDRowCache()
                    for format in 0..<2 {
                        warp_simd_row_cache_reset(&cache, storage, stride, slots)
                        for pass in 0..<2 {
                            if format == 0 {
                                var cached = [Float](repeating: .nan, count: 2 * count)
                                let hits = k.sinc2kc_f32(left.pointer, right.pointer, rows.pointer, steps.pointer,
                                                         stride_, phases, taps, keyed, count, &cached, &cache)
                                XCTAssertEqual(cached.map(\.bitPattern), expected.map(\.bitPattern),
                                               "level \(level) taps \(taps) slots \(slots) pass \(pass)")
                                if pass == 1 && slots == 32 { XCTAssertGreaterThan(hits, 0) }
                            } else {
                                var cached = [Double](repeating: .nan, count: 2 * count)
                                _ = k.sinc2kc_f64(leftD.pointer, rightD.pointer, rowsD.pointer, stride_, phases, taps,
                                                  keyed, count, &cached, &cache)
                                XCTAssertEqual(cached.map(\.bitPattern), expectedD.map(\.bitPattern),
                                               "level \(level) taps \(taps) slots \(slots) pass \(pass) (Double)")
                            }
                        }
                    }
                }
            }
        }
    }
}
