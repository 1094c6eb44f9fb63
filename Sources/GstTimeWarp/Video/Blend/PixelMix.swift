/// The pixel kernels of frame blending: weighted sums of rows of samples with integer weights
/// that add up to a power of two (`scale`), rounded to nearest. The one-pass mixes of two to
/// four 8-bit rows call the C kernels of `BlendKernels` (one build per instruction set); the
/// others are tight loops of wrapping integer arithmetic on plain pointers, which the compiler
/// vectorises (8-bit samples in 16-bit lanes, since 255 · 256 + 128 fits; 16-bit samples in
/// 32-bit lanes, since 65535 · 32768 + 16384 fits). Swift's generic SIMD conversions are not
/// used: they compile to calls per vector. `scripts/check-vectorised.sh` checks the loops in
/// the built plugin.
enum PixelMix {
    /// Weight scale for 8-bit samples: weights are in 1/256.
    static let scale8: UInt32 = 256
    /// Weight scale for 16-bit samples: weights are in 1/32768.
    static let scale16: UInt32 = 32768

    /// `dst = (a · (256 − w) + b · w + 128) >> 8` for 8-bit samples, `w` in 0...256 (the C
    /// kernels of `BlendKernels`).
    static func mix8(_ dst: UnsafeMutableRawBufferPointer, _ a: UnsafeRawBufferPointer,
                     _ b: UnsafeRawBufferPointer, weight w: UInt32, kernels: BlendKernels = .best) {
        let count = min(dst.count, a.count, b.count)
        guard count > 0, let d = dst.baseAddress, let pa = a.baseAddress, let pb = b.baseAddress else { return }
        let wb = UInt16(truncatingIfNeeded: min(w, scale8)), wa = UInt16(truncatingIfNeeded: scale8 - min(w, scale8))
        kernels.mix2(d, pa, wa, pb, wb, count: count)
    }

    /// `dst = (a + b + 1) >> 1`: `mix8` at weight 128 (half speed, a shutter over two frames),
    /// the same result without multiplying (a byte average).
    static func average8(_ dst: UnsafeMutableRawBufferPointer, _ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer,
                         kernels: BlendKernels = .best) {
        let count = min(dst.count, a.count, b.count)
        guard count > 0, let d = dst.baseAddress, let pa = a.baseAddress, let pb = b.baseAddress else { return }
        kernels.average2(d, pa, pb, count: count)
    }

    /// `dst = (a + b + c + d + 2) >> 2`: the rounded mean of four 8-bit rows in one pass (each
    /// source read once, the result written once). Equal to `sum8` + `finishSum8` at shift 2
    /// bit for bit.
    static func average4x8(_ dst: UnsafeMutableRawBufferPointer, _ a: UnsafeRawBufferPointer,
                           _ b: UnsafeRawBufferPointer, _ c: UnsafeRawBufferPointer, _ d: UnsafeRawBufferPointer,
                           kernels: BlendKernels = .best) {
        let count = min(dst.count, a.count, b.count, c.count, d.count)
        guard count > 0, let o = dst.baseAddress, let pa = a.baseAddress, let pb = b.baseAddress,
              let pc = c.baseAddress, let pd = d.baseAddress else { return }
        kernels.average4(o, pa, pb, pc, pd, count: count)
    }

    /// `dst = (a · wa + b · wb + c · wc + d · wd + 128) >> 8` for 8-bit rows in one pass
    /// (wrapping 16-bit arithmetic, so equal bit for bit to `accumulate8` of the first two and
    /// `finish8` adding the last two). `d` may be empty: then three frames.
    static func mix4x8(_ dst: UnsafeMutableRawBufferPointer, _ a: UnsafeRawBufferPointer, weight wa: UInt32,
                       _ b: UnsafeRawBufferPointer, weight wb: UInt32, _ c: UnsafeRawBufferPointer, weight wc: UInt32,
                       _ d: UnsafeRawBufferPointer, weight wd: UInt32, kernels: BlendKernels = .best) {
        let count = min(dst.count, a.count, b.count, c.count)
        guard count > 0, let o = dst.baseAddress, let pa = a.baseAddress, let pb = b.baseAddress,
              let pc = c.baseAddress else { return }
        let w1 = UInt16(truncatingIfNeeded: min(wa, scale8)), w2 = UInt16(truncatingIfNeeded: min(wb, scale8))
        let w3 = UInt16(truncatingIfNeeded: min(wc, scale8))
        if let pd = d.baseAddress, d.count >= count {
            kernels.mix4(o, pa, w1, pb, w2, pc, w3, pd, UInt16(truncatingIfNeeded: min(wd, scale8)), count: count)
        } else {
            kernels.mix3(o, pa, w1, pb, w2, pc, w3, count: count)
        }
    }

    /// `acc (+)= a + b` for 8-bit samples: the equal-weight average of 2^n frames needs no
    /// multiplication (`first` starts the sums).
    static func sum8(_ acc: UnsafeMutableBufferPointer<UInt16>, _ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer,
                     first: Bool) {
        let count = min(acc.count, a.count, b.count)
        guard count > 0, let sums = acc.baseAddress, let pa = a.baseAddress, let pb = b.baseAddress else { return }
        let sa = pa.assumingMemoryBound(to: UInt8.self), sb = pb.assumingMemoryBound(to: UInt8.self)
        if first {
            for i in 0..<count { sums[i] = UInt16(truncatingIfNeeded: sa[i]) &+ UInt16(truncatingIfNeeded: sb[i]) }
        } else {
            for i in 0..<count { sums[i] = sums[i] &+ UInt16(truncatingIfNeeded: sa[i]) &+ UInt16(truncatingIfNeeded: sb[i]) }
        }
    }

    /// `dst = (acc + a + b + 2^(shift−1)) >> shift`: the rounded mean of 2^shift frames, the last
    /// two added while writing. Equal to the weighted form with weights `256 >> shift`.
    static func finishSum8(_ dst: UnsafeMutableRawBufferPointer, _ acc: UnsafeBufferPointer<UInt16>,
                           adding a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer, shift: UInt16) {
        let count = min(dst.count, acc.count, a.count, b.count)
        guard count > 0, shift > 0, shift <= 8, let d = dst.baseAddress, let sums = acc.baseAddress,
              let pa = a.baseAddress, let pb = b.baseAddress else { return }
        let out = d.assumingMemoryBound(to: UInt8.self)
        let sa = pa.assumingMemoryBound(to: UInt8.self), sb = pb.assumingMemoryBound(to: UInt8.self)
        let half = UInt16(1) &<< (shift &- 1)
        for i in 0..<count {
            let sum = sums[i] &+ UInt16(truncatingIfNeeded: sa[i]) &+ UInt16(truncatingIfNeeded: sb[i]) &+ half
            out[i] = UInt8(truncatingIfNeeded: sum &>> shift)
        }
    }

    /// `acc (+)= a · wa + b · wb` for 8-bit samples into a row of 16-bit sums (`first` starts
    /// it): two frames per pass over the sums, which halves the passes of a many-frame average.
    static func accumulate8(_ acc: UnsafeMutableBufferPointer<UInt16>, _ a: UnsafeRawBufferPointer, weight wa: UInt32,
                            _ b: UnsafeRawBufferPointer, weight wb: UInt32, first: Bool) {
        let count = min(acc.count, a.count, b.count)
        guard count > 0, let sums = acc.baseAddress, let pa = a.baseAddress, let pb = b.baseAddress else { return }
        let sa = pa.assumingMemoryBound(to: UInt8.self), sb = pb.assumingMemoryBound(to: UInt8.self)
        let w1 = UInt16(truncatingIfNeeded: min(wa, scale8)), w2 = UInt16(truncatingIfNeeded: min(wb, scale8))
        if first {
            for i in 0..<count {
                sums[i] = UInt16(truncatingIfNeeded: sa[i]) &* w1 &+ UInt16(truncatingIfNeeded: sb[i]) &* w2
            }
        } else {
            for i in 0..<count {
                sums[i] = sums[i] &+ UInt16(truncatingIfNeeded: sa[i]) &* w1 &+ UInt16(truncatingIfNeeded: sb[i]) &* w2
            }
        }
    }

    /// `dst = (acc + a · wa + b · wb + 128) >> 8`: the last two frames of an average added while
    /// the result is written (`b` may be empty: then only `a`).
    static func finish8(_ dst: UnsafeMutableRawBufferPointer, _ acc: UnsafeBufferPointer<UInt16>,
                        adding a: UnsafeRawBufferPointer, weight wa: UInt32,
                        _ b: UnsafeRawBufferPointer, weight wb: UInt32) {
        let count = min(dst.count, acc.count, a.count)
        guard count > 0, let d = dst.baseAddress, let sums = acc.baseAddress, let pa = a.baseAddress else { return }
        let out = d.assumingMemoryBound(to: UInt8.self)
        let sa = pa.assumingMemoryBound(to: UInt8.self)
        let w1 = UInt16(truncatingIfNeeded: min(wa, scale8))
        if let pb = b.baseAddress, b.count >= count {
            let sb = pb.assumingMemoryBound(to: UInt8.self)
            let w2 = UInt16(truncatingIfNeeded: min(wb, scale8))
            for i in 0..<count {
                let sum = sums[i] &+ UInt16(truncatingIfNeeded: sa[i]) &* w1 &+ UInt16(truncatingIfNeeded: sb[i]) &* w2 &+ 128
                out[i] = UInt8(truncatingIfNeeded: sum &>> 8)
            }
        } else {
            for i in 0..<count {
                let sum = sums[i] &+ UInt16(truncatingIfNeeded: sa[i]) &* w1 &+ 128
                out[i] = UInt8(truncatingIfNeeded: sum &>> 8)
            }
        }
    }

    /// `acc (+)= src · w` for 8-bit samples into a row of 16-bit sums (`first` starts it).
    static func accumulate8(_ acc: UnsafeMutableBufferPointer<UInt16>, _ src: UnsafeRawBufferPointer,
                            weight w: UInt32, first: Bool) {
        let count = min(acc.count, src.count)
        guard count > 0, let a = acc.baseAddress, let p = src.baseAddress else { return }
        let s = p.assumingMemoryBound(to: UInt8.self)
        let w16 = UInt16(truncatingIfNeeded: min(w, scale8))
        if first {
            for i in 0..<count { a[i] = UInt16(truncatingIfNeeded: s[i]) &* w16 }
        } else {
            for i in 0..<count { a[i] = a[i] &+ UInt16(truncatingIfNeeded: s[i]) &* w16 }
        }
    }

    /// `dst = (acc + 128) >> 8`: the rounded 8-bit result of a row of 16-bit sums.
    static func finish8(_ dst: UnsafeMutableRawBufferPointer, _ acc: UnsafeBufferPointer<UInt16>) {
        let count = min(dst.count, acc.count)
        guard count > 0, let d = dst.baseAddress, let a = acc.baseAddress else { return }
        let out = d.assumingMemoryBound(to: UInt8.self)
        for i in 0..<count { out[i] = UInt8(truncatingIfNeeded: (a[i] &+ 128) &>> 8) }
    }

    /// `acc (+)= src · w` for little-endian 16-bit samples into a row of 32-bit sums (`first`
    /// starts it); `src.count` is in bytes, `acc.count` in samples.
    static func accumulate16(_ acc: UnsafeMutableBufferPointer<UInt32>, _ src: UnsafeRawBufferPointer,
                             weight w: UInt32, first: Bool) {
        let count = min(acc.count, src.count / 2)
        guard count > 0, let a = acc.baseAddress, let p = src.baseAddress else { return }
        let s = p.assumingMemoryBound(to: UInt16.self)  // rows of 16-bit planes are 2-aligned
        let w32 = min(w, scale16)
        if first {
            for i in 0..<count { a[i] = UInt32(UInt16(littleEndian: s[i])) &* w32 }
        } else {
            for i in 0..<count { a[i] = a[i] &+ UInt32(UInt16(littleEndian: s[i])) &* w32 }
        }
    }

    /// `dst = (acc + 16384) >> 15`: the rounded little-endian 16-bit result of a row of sums.
    static func finish16(_ dst: UnsafeMutableRawBufferPointer, _ acc: UnsafeBufferPointer<UInt32>) {
        let count = min(dst.count / 2, acc.count)
        guard count > 0, let d = dst.baseAddress, let a = acc.baseAddress else { return }
        let out = d.assumingMemoryBound(to: UInt16.self)
        for i in 0..<count { out[i] = UInt16(truncatingIfNeeded: (a[i] &+ 16384) &>> 15).littleEndian }
    }
}
