/// The pixel kernels of frame blending: weighted sums of rows of samples with integer weights
/// that add up to a power of two (`scale`), rounded to nearest. 8-bit samples are mixed sixteen
/// at a time in 16-bit SIMD lanes (255 · 256 fits); 16-bit samples eight at a time in 32-bit
/// lanes (65535 · 32768 fits).
enum PixelMix {
    /// Weight scale for 8-bit samples: weights are in 1/256.
    static let scale8: UInt32 = 256
    /// Weight scale for 16-bit samples: weights are in 1/32768.
    static let scale16: UInt32 = 32768

    /// `dst = (a · (256 − w) + b · w + 128) >> 8` for 8-bit samples, `w` in 0...256.
    static func mix8(_ dst: UnsafeMutableRawBufferPointer, _ a: UnsafeRawBufferPointer,
                     _ b: UnsafeRawBufferPointer, weight w: UInt32) {
        let count = min(dst.count, a.count, b.count)
        guard count > 0, let d = dst.baseAddress, let pa = a.baseAddress, let pb = b.baseAddress else { return }
        let wb = SIMD16<UInt16>(repeating: UInt16(truncatingIfNeeded: w))
        let wa = SIMD16<UInt16>(repeating: UInt16(truncatingIfNeeded: scale8 - w))
        let half = SIMD16<UInt16>(repeating: 128)
        var i = 0
        while i + 16 <= count {
            let va = SIMD16<UInt16>(truncatingIfNeeded: pa.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self))
            let vb = SIMD16<UInt16>(truncatingIfNeeded: pb.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self))
            let sum = va &* wa &+ vb &* wb &+ half
            d.storeBytes(of: SIMD16<UInt8>(truncatingIfNeeded: sum &>> 8), toByteOffset: i, as: SIMD16<UInt8>.self)
            i += 16
        }
        while i < count {
            let s = UInt32(pa.load(fromByteOffset: i, as: UInt8.self)) * (scale8 - w)
                + UInt32(pb.load(fromByteOffset: i, as: UInt8.self)) * w + 128
            d.storeBytes(of: UInt8(truncatingIfNeeded: s >> 8), toByteOffset: i, as: UInt8.self)
            i += 1
        }
    }

    /// `acc (+)= src · w` for 8-bit samples into a row of 16-bit sums (`first` starts it).
    static func accumulate8(_ acc: UnsafeMutableBufferPointer<UInt16>, _ src: UnsafeRawBufferPointer,
                            weight w: UInt32, first: Bool) {
        let count = min(acc.count, src.count)
        guard count > 0, let a = acc.baseAddress, let p = src.baseAddress else { return }
        let raw = UnsafeMutableRawPointer(a)
        let vw = SIMD16<UInt16>(repeating: UInt16(truncatingIfNeeded: w))
        var i = 0
        while i + 16 <= count {
            let v = SIMD16<UInt16>(truncatingIfNeeded: p.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)) &* vw
            let sum = first ? v : raw.loadUnaligned(fromByteOffset: 2 * i, as: SIMD16<UInt16>.self) &+ v
            raw.storeBytes(of: sum, toByteOffset: 2 * i, as: SIMD16<UInt16>.self)
            i += 16
        }
        while i < count {
            let v = UInt16(p.load(fromByteOffset: i, as: UInt8.self)) &* UInt16(truncatingIfNeeded: w)
            a[i] = first ? v : a[i] &+ v
            i += 1
        }
    }

    /// `dst = (acc + 128) >> 8`: the rounded 8-bit result of a row of 16-bit sums.
    static func finish8(_ dst: UnsafeMutableRawBufferPointer, _ acc: UnsafeBufferPointer<UInt16>) {
        let count = min(dst.count, acc.count)
        guard count > 0, let d = dst.baseAddress, let a = acc.baseAddress else { return }
        let raw = UnsafeRawPointer(a)
        let half = SIMD16<UInt16>(repeating: 128)
        var i = 0
        while i + 16 <= count {
            let v = (raw.loadUnaligned(fromByteOffset: 2 * i, as: SIMD16<UInt16>.self) &+ half) &>> 8
            d.storeBytes(of: SIMD16<UInt8>(truncatingIfNeeded: v), toByteOffset: i, as: SIMD16<UInt8>.self)
            i += 16
        }
        while i < count {
            d.storeBytes(of: UInt8(truncatingIfNeeded: (a[i] &+ 128) >> 8), toByteOffset: i, as: UInt8.self)
            i += 1
        }
    }

    /// `acc (+)= src · w` for little-endian 16-bit samples into a row of 32-bit sums (`first`
    /// starts it); `src.count` is in bytes, `acc.count` in samples.
    static func accumulate16(_ acc: UnsafeMutableBufferPointer<UInt32>, _ src: UnsafeRawBufferPointer,
                             weight w: UInt32, first: Bool) {
        let count = min(acc.count, src.count / 2)
        guard count > 0, let a = acc.baseAddress, let p = src.baseAddress else { return }
        let raw = UnsafeMutableRawPointer(a)
        let vw = SIMD8<UInt32>(repeating: w)
        var i = 0
        #if _endian(little)  // lanes in host order are the samples (else the scalar loop does all)
        while i + 8 <= count {
            let s = p.loadUnaligned(fromByteOffset: 2 * i, as: SIMD8<UInt16>.self)
            let v = SIMD8<UInt32>(truncatingIfNeeded: s) &* vw
            let sum = first ? v : raw.loadUnaligned(fromByteOffset: 4 * i, as: SIMD8<UInt32>.self) &+ v
            raw.storeBytes(of: sum, toByteOffset: 4 * i, as: SIMD8<UInt32>.self)
            i += 8
        }
        #endif
        while i < count {
            let v = UInt32(UInt16(littleEndian: p.loadUnaligned(fromByteOffset: 2 * i, as: UInt16.self))) &* w
            a[i] = first ? v : a[i] &+ v
            i += 1
        }
    }

    /// `dst = (acc + 16384) >> 15`: the rounded little-endian 16-bit result of a row of sums.
    static func finish16(_ dst: UnsafeMutableRawBufferPointer, _ acc: UnsafeBufferPointer<UInt32>) {
        let count = min(dst.count / 2, acc.count)
        guard count > 0, let d = dst.baseAddress, let a = acc.baseAddress else { return }
        for i in 0..<count {
            let v = UInt16(truncatingIfNeeded: (a[i] &+ 16384) >> 15)
            d.storeBytes(of: v.littleEndian, toByteOffset: 2 * i, as: UInt16.self)
        }
    }
}
