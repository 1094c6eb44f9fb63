import XCTest
import GStreamerBinding
@testable import GstTimeWarp

/// The C row kernels of frame blending (`BlendKernels`), every instruction-set level this
/// machine runs (portable C, SSE2, AVX2; NEON on arm64), against the formulas computed here in
/// integers (`(a + b + 1) >> 1`, `(a + b + c + d + 2) >> 2`, `((Σ s_k · w_k + 128) mod 2^16) >> 8`)
/// and against the portable level, over lengths around the vector widths (16, 32) and at every
/// alignment of the rows within 32 bytes; nothing before or after the written range changes.
final class BlendKernelLevelsTests: XCTestCase {
    /// The levels this build and CPU run (the portable one always).
    var levels: [BlendKernels] { (0..<4).compactMap { BlendKernels.level($0) } }

    /// A reproducible pseudo-random byte sequence.
    func bytes(_ count: Int, seed: UInt32) -> [UInt8] {
        var x = seed &* 2_654_435_761 | 1
        return (0..<count).map { _ in
            x ^= x << 13; x ^= x >> 17; x ^= x << 5
            return UInt8(truncatingIfNeeded: x)
        }
    }

    /// The five kernels over `n` samples of `src` (four rows, each starting at its own offset)
    /// into `out` at `offset`, with `w` as the weights.
    func run(_ k: BlendKernels, kernel: Int, _ out: inout [UInt8], offset: Int, _ src: [[UInt8]], offsets: [Int],
             n: Int, w: [UInt16]) {
        src[0].withUnsafeBytes { a in src[1].withUnsafeBytes { b in src[2].withUnsafeBytes { c in
            src[3].withUnsafeBytes { d in out.withUnsafeMutableBytes { o in
                let dst = o.baseAddress! + offset
                let pa = a.baseAddress! + offsets[0], pb = b.baseAddress! + offsets[1]
                let pc = c.baseAddress! + offsets[2], pd = d.baseAddress! + offsets[3]
                switch kernel {
                case 0: k.average2(dst, pa, pb, count: n)
                case 1: k.average4(dst, pa, pb, pc, pd, count: n)
                case 2: k.mix2(dst, pa, w[0], pb, w[1], count: n)
                case 3: k.mix3(dst, pa, w[0], pb, w[1], pc, w[2], count: n)
                default: k.mix4(dst, pa, w[0], pb, w[1], pc, w[2], pd, w[3], count: n)
                }
            } }
        } } }
    }

    /// Sample `i` of kernel `kernel` by its formula.
    func formula(kernel: Int, _ s: [UInt32], w: [UInt16]) -> UInt8 {
        let w32 = w.map(UInt32.init)
        switch kernel {
        case 0: return UInt8((s[0] + s[1] + 1) >> 1)
        case 1: return UInt8((s[0] + s[1] + s[2] + s[3] + 2) >> 2)
        default:
            let frames = kernel  // 2, 3 or 4
            let sum = (0..<frames).reduce(UInt32(128)) { $0 + s[$1] * w32[$1] }
            return UInt8((sum & 0xFFFF) >> 8)
        }
    }

    func testEveryLevelIsTheFormulaAtEveryLengthAndAlignment() {
        let portable = BlendKernels.level(0)
        XCTAssertNotNil(portable)
        XCTAssertNotNil(BlendKernels.level(BlendKernels.best.level), "the best level is one of the levels")
        let src = (0..<4).map { bytes(160, seed: UInt32(11 + $0)) }
        // Weights adding up to 256 (the planner's), extremes, and arbitrary ones that wrap.
        let weightSets: [[UInt16]] = [[64, 64, 64, 64], [10, 100, 46, 100], [0, 0, 0, 256], [256, 0, 0, 0],
                                      [85, 86, 85, 0], [200, 56, 0, 0], [40_000, 65_535, 1_234, 300]]
        for k in levels {
            for kernel in 0..<5 {
                for n in [0, 1, 2, 7, 15, 16, 17, 31, 32, 33, 47, 48, 63, 64, 65, 100] {
                    for align in 0..<32 {
                        let offsets = [align, (align * 3) % 32, (align * 5 + 1) % 32, (align * 7 + 2) % 32]
                        for w in (kernel < 2 ? [weightSets[0]] : weightSets) {
                            var out = [UInt8](repeating: 0xA5, count: 100 + 64)
                            run(k, kernel: kernel, &out, offset: align, src, offsets: offsets, n: n, w: w)
                            var expected = [UInt8](repeating: 0xA5, count: out.count)
                            for i in 0..<n {
                                let s = (0..<4).map { UInt32(src[$0][offsets[$0] + i]) }
                                expected[align + i] = formula(kernel: kernel, s, w: w)
                            }
                            if out != expected {
                                return XCTFail("level \(k.level) kernel \(kernel) n=\(n) align=\(align) w=\(w)")
                            }
                        }
                    }
                }
            }
        }
    }

    func testTheFourFrameAverageOverEveryPairWithEdgeValues() {
        // a and b take every value pair (65536 samples); c and d the values where the rounding
        // of byte averages goes wrong if uncorrected (odd and even sums, 0 and 255).
        let n = 65_536
        let a = (0..<n).map { UInt8(truncatingIfNeeded: $0) }, b = (0..<n).map { UInt8(truncatingIfNeeded: $0 >> 8) }
        let edges: [UInt8] = [0, 1, 2, 3, 127, 128, 254, 255]
        for k in levels {
            for c in edges {
                for d in edges {
                    let cs = [UInt8](repeating: c, count: n), ds = [UInt8](repeating: d, count: n)
                    var out = [UInt8](repeating: 0, count: n)
                    run(k, kernel: 1, &out, offset: 0, [a, b, cs, ds], offsets: [0, 0, 0, 0], n: n, w: [])
                    for i in 0..<n where Int(out[i]) != (Int(a[i]) + Int(b[i]) + Int(c) + Int(d) + 2) >> 2 {
                        return XCTFail("level \(k.level): (\(a[i]), \(b[i]), \(c), \(d)) gave \(out[i])")
                    }
                }
            }
        }
    }

    func testFramesRenderedThroughEveryLevelEqualThePortableOnes() throws {
        GStreamerTestSetup.ensure()
        let portable = try XCTUnwrap(BlendKernels.level(0))
        for name in ["I420", "NV12", "RGB", "YUY2", "GRAY8"] {
            guard let caps = Caps.parse("video/x-raw,format=\(name),width=37,height=7,framerate=30/1")
            else { return XCTFail("caps of \(name)") }
            let format = BlendFormat(layout: try VideoLayout.of(caps).get(), info: try XCTUnwrap(VideoInfo(caps)))
            let size = format.info.size
            for weights: [UInt32] in [[128, 128], [56, 200], [64, 64, 64, 64], [32, 96, 64, 64], [100, 100, 56]] {
                let sources = weights.indices.map { i -> BlendFrame.Box in
                    var buffer = Buffer.allocate(size: size)!
                    let noise = bytes(size, seed: UInt32(100 + i))
                    _ = buffer.withMutableBytes { $0.copyBytes(from: noise) }
                    return BlendFrame.Box(buffer)
                }
                func rendered(_ k: BlendKernels) throws -> [UInt8] {
                    var output = Buffer.allocate(size: size)!
                    _ = output.withMutableBytes { $0.initializeMemory(as: UInt8.self, repeating: 0) }
                    XCTAssertTrue(BlendRenderer.render(into: &output, sources: sources, weights: weights, format: format,
                                                       kernels: k))
                    return try XCTUnwrap(output.withBytes { Array($0) })
                }
                let expected = try rendered(portable)
                for k in levels {
                    XCTAssertEqual(try rendered(k), expected, "\(name) weights \(weights) level \(k.level)")
                }
            }
        }
    }
}
