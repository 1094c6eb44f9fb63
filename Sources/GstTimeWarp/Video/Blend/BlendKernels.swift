import CWarpSIMD

/// The row kernels of frame blending for 8-bit samples, in C with one build per instruction set
/// (CWarpSIMD's `warp_blend.h`: portable C, SSE2 and AVX2 on x86-64, NEON on arm64), the level
/// chosen once per process from the CPU. Every level writes the same bytes: the exact integer
/// formulas of `PixelMix` (weights in wrapping 16-bit arithmetic). Which frames and weights, and
/// which rows each thread takes, stay in Swift (`BlendRenderer`).
struct BlendKernels: @unchecked Sendable {
    /// The C table of one level (its function pointers are never null).
    private let table: WarpBlendKernels

    /// The best level this CPU runs.
    static let best = BlendKernels(table: warp_blend_best_kernels().pointee)

    /// The kernels of `level` (0 portable C, 1 SSE2, 2 AVX2, 3 NEON), or nil when this build or
    /// this CPU does not have them.
    static func level(_ level: Int) -> BlendKernels? {
        warp_blend_kernels(Int32(level)).map { BlendKernels(table: $0.pointee) }
    }

    /// The instruction-set level of these kernels.
    var level: Int { Int(table.level) }

    /// `dst = (a + b + 1) >> 1` over `count` samples.
    func average2(_ dst: UnsafeMutableRawPointer, _ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) {
        table.average2_u8!(dst.assumingMemoryBound(to: UInt8.self), a.assumingMemoryBound(to: UInt8.self),
                          b.assumingMemoryBound(to: UInt8.self), count)
    }

    /// `dst = (a + b + c + d + 2) >> 2` over `count` samples.
    func average4(_ dst: UnsafeMutableRawPointer, _ a: UnsafeRawPointer, _ b: UnsafeRawPointer,
                  _ c: UnsafeRawPointer, _ d: UnsafeRawPointer, count: Int) {
        table.average4_u8!(dst.assumingMemoryBound(to: UInt8.self), a.assumingMemoryBound(to: UInt8.self),
                          b.assumingMemoryBound(to: UInt8.self), c.assumingMemoryBound(to: UInt8.self),
                          d.assumingMemoryBound(to: UInt8.self), count)
    }

    /// `dst = ((a · wa + b · wb + 128) mod 2^16) >> 8` over `count` samples.
    func mix2(_ dst: UnsafeMutableRawPointer, _ a: UnsafeRawPointer, _ wa: UInt16, _ b: UnsafeRawPointer, _ wb: UInt16,
              count: Int) {
        table.mix2_u8!(dst.assumingMemoryBound(to: UInt8.self), a.assumingMemoryBound(to: UInt8.self), wa,
                      b.assumingMemoryBound(to: UInt8.self), wb, count)
    }

    /// `dst = ((a · wa + b · wb + c · wc + 128) mod 2^16) >> 8` over `count` samples.
    func mix3(_ dst: UnsafeMutableRawPointer, _ a: UnsafeRawPointer, _ wa: UInt16, _ b: UnsafeRawPointer, _ wb: UInt16,
              _ c: UnsafeRawPointer, _ wc: UInt16, count: Int) {
        table.mix3_u8!(dst.assumingMemoryBound(to: UInt8.self), a.assumingMemoryBound(to: UInt8.self), wa,
                      b.assumingMemoryBound(to: UInt8.self), wb, c.assumingMemoryBound(to: UInt8.self), wc, count)
    }

    /// `dst = ((a · wa + b · wb + c · wc + d · wd + 128) mod 2^16) >> 8` over `count` samples.
    func mix4(_ dst: UnsafeMutableRawPointer, _ a: UnsafeRawPointer, _ wa: UInt16, _ b: UnsafeRawPointer, _ wb: UInt16,
              _ c: UnsafeRawPointer, _ wc: UInt16, _ d: UnsafeRawPointer, _ wd: UInt16, count: Int) {
        table.mix4_u8!(dst.assumingMemoryBound(to: UInt8.self), a.assumingMemoryBound(to: UInt8.self), wa,
                      b.assumingMemoryBound(to: UInt8.self), wb, c.assumingMemoryBound(to: UInt8.self), wc,
                      d.assumingMemoryBound(to: UInt8.self), wd, count)
    }
}
