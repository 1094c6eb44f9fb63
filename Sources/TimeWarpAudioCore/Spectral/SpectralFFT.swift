#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Our own in-place complex FFT of a power-of-two size (iterative radix 2, decimation in time;
/// the first two stages together, the others two at a time, four butterflies at a time in `SIMD4`),
/// on split real and imaginary `Float` arrays: `X[k] = Σ x[n] e^(∓2πi kn/N)` (forward: minus),
/// unnormalised both ways. The spectral stretcher packs two real transforms into one complex one
/// (a frame times the window in the real part, times the window's derivative in the imaginary),
/// so no separate real FFT is needed. Twiddles and the bit-reversal table are made once.
public struct SpectralFFT: Sendable {
    /// The transform size (a power of two, at least 2).
    public let size: Int
    /// `log2(size)`.
    let log2Size: Int
    /// The twiddles of each stage side by side: for the stage of butterflies `half` apart,
    /// `cos(πk/half)` and `sin(πk/half)` at index `half + k`, `k < half` (read in order).
    let cosTable: [Float]
    let sinTable: [Float]
    /// The bit-reversed index of each index (an involution: its own inverse).
    public let reversed: [Int32]

    /// An FFT of `size` (rounded up to a power of two, at least 2).
    public init(size: Int) {
        var n = 2, bits = 1
        while n < size && n < (1 << 24) { n <<= 1; bits += 1 }
        self.size = n
        log2Size = bits
        var c = [Float](repeating: 0, count: n), s = [Float](repeating: 0, count: n)
        var half = 1
        while half < n {
            for k in 0..<half {
                let a = Double.pi * Double(k) / Double(half)
                c[half + k] = Float(cos(a))
                s[half + k] = Float(sin(a))
            }
            half *= 2
        }
        cosTable = c
        sinTable = s
        var r = [Int32](repeating: 0, count: n)
        for i in 0..<n {
            var x = i, y = 0
            for _ in 0..<bits { y = (y << 1) | (x & 1); x >>= 1 }
            r[i] = Int32(y)
        }
        reversed = r
    }

    /// Transforms `re` and `im` (each `size` values) in place; `inverse` uses `e^(+2πi kn/N)`
    /// (no `1/N`). `permuted`: the input was written at the bit-reversed indices (`reversed[i]`
    /// holds value `i`), which saves the permutation pass. Does nothing if either buffer is
    /// shorter than `size`.
    public func transform(re: UnsafeMutableBufferPointer<Float>, im: UnsafeMutableBufferPointer<Float>, inverse: Bool,
                          permuted: Bool = false) {
        let n = size
        guard re.count >= n, im.count >= n, let r = re.baseAddress, let m = im.baseAddress else { return }
        if !permuted { reversed.withUnsafeBufferPointer { rev in
            for i in 0..<n {
                let j = Int(rev[i])
                if i < j {
                    let tr = r[i]; r[i] = r[j]; r[j] = tr
                    let ti = m[i]; m[i] = m[j]; m[j] = ti
                }
            }
        } }
        let sign: Float = inverse ? 1 : -1
        if n == 2 {
            let xr = r[1], xi = m[1]
            r[1] = r[0] - xr; m[1] = m[0] - xi
            r[0] += xr; m[0] += xi
            return
        }
        Self.firstTwoStages(r, m, count: n, sign: sign)
        cosTable.withUnsafeBufferPointer { cb in
            sinTable.withUnsafeBufferPointer { sb in
                guard let cp = cb.baseAddress, let sp = sb.baseAddress else { return }
                var half = 4
                while half &* 2 < n {
                    Self.stagePair(r, m, count: n, half: half, cos: (cp + half, cp + 2 &* half),
                                   sin: (sp + half, sp + 2 &* half), sign: sign)
                    half &*= 4
                }
                if half < n { Self.stage(r, m, count: n, half: half, cos: cp + half, sin: sp + half, sign: sign) }
            }
        }
    }

    /// The butterflies of neighbours and of pairs two apart (twiddles 1 and `∓i`) together, on
    /// each group of four.
    @inline(__always)
    static func firstTwoStages(_ r: UnsafeMutablePointer<Float>, _ m: UnsafeMutablePointer<Float>, count n: Int, sign: Float) {
        var a = 0
        while a &+ 3 < n {
            let b0r = r[a] + r[a &+ 1], b0i = m[a] + m[a &+ 1]
            let b1r = r[a] - r[a &+ 1], b1i = m[a] - m[a &+ 1]
            let b2r = r[a &+ 2] + r[a &+ 3], b2i = m[a &+ 2] + m[a &+ 3]
            let b3r = r[a &+ 2] - r[a &+ 3], b3i = m[a &+ 2] - m[a &+ 3]
            // b3 times the twiddle (0, sign).
            let xr = -sign * b3i, xi = sign * b3r
            r[a] = b0r + b2r; m[a] = b0i + b2i
            r[a &+ 2] = b0r - b2r; m[a &+ 2] = b0i - b2i
            r[a &+ 1] = b1r + xr; m[a &+ 1] = b1i + xi
            r[a &+ 3] = b1r - xr; m[a &+ 3] = b1i - xi
            a &+= 4
        }
    }

    /// Two stages at once (butterflies `half` apart, then `2 · half` apart) on each group of
    /// four values `half` apart, four groups at a time in `SIMD4`: one pass over the data for two
    /// stages. The second stage's twiddle for the odd pair is the first one's times `±i`.
    @inline(__always)
    static func stagePair(_ r: UnsafeMutablePointer<Float>, _ m: UnsafeMutablePointer<Float>, count n: Int, half: Int,
                          cos wc: (UnsafePointer<Float>, UnsafePointer<Float>),
                          sin ws: (UnsafePointer<Float>, UnsafePointer<Float>), sign: Float) {
        typealias V = SIMD4<Float>
        @inline(__always) func load(_ p: UnsafePointer<Float>) -> V { UnsafeRawPointer(p).loadUnaligned(as: V.self) }
        @inline(__always) func store(_ v: V, _ p: UnsafeMutablePointer<Float>) { UnsafeMutableRawPointer(p).storeBytes(of: v, as: V.self) }
        let sv = V(repeating: sign)
        let span = half &* 4
        var start = 0
        while start < n {
            let r0 = r + start, i0 = m + start
            let r1 = r0 + half, i1 = i0 + half, r2 = r1 + half, i2 = i1 + half, r3 = r2 + half, i3 = i2 + half
            var k = 0
            while k < half {
                let w1r = load(wc.0 + k), w1i = load(ws.0 + k) * sv
                let w2r = load(wc.1 + k), w2i = load(ws.1 + k) * sv
                let w3r = -sv * w2i, w3i = sv * w2r
                let a0r = load(r0 + k), a0i = load(i0 + k), a1r = load(r1 + k), a1i = load(i1 + k)
                let a2r = load(r2 + k), a2i = load(i2 + k), a3r = load(r3 + k), a3i = load(i3 + k)
                let t1r = a1r * w1r - a1i * w1i, t1i = a1r * w1i + a1i * w1r
                let t3r = a3r * w1r - a3i * w1i, t3i = a3r * w1i + a3i * w1r
                let b0r = a0r + t1r, b0i = a0i + t1i, b1r = a0r - t1r, b1i = a0i - t1i
                let b2r = a2r + t3r, b2i = a2i + t3i, b3r = a2r - t3r, b3i = a2i - t3i
                let u2r = b2r * w2r - b2i * w2i, u2i = b2r * w2i + b2i * w2r
                let u3r = b3r * w3r - b3i * w3i, u3i = b3r * w3i + b3i * w3r
                store(b0r + u2r, r0 + k); store(b0i + u2i, i0 + k)
                store(b0r - u2r, r2 + k); store(b0i - u2i, i2 + k)
                store(b1r + u3r, r1 + k); store(b1i + u3i, i1 + k)
                store(b1r - u3r, r3 + k); store(b1i - u3i, i3 + k)
                k &+= 4
            }
            start &+= span
        }
    }

    /// One stage of butterflies `half` apart (`half` a multiple of 4), four at a time.
    @inline(__always)
    static func stage(_ r: UnsafeMutablePointer<Float>, _ m: UnsafeMutablePointer<Float>, count n: Int, half: Int,
                      cos wc: UnsafePointer<Float>, sin ws: UnsafePointer<Float>, sign: Float) {
        typealias V = SIMD4<Float>
        let sv = V(repeating: sign)
        let span = half &* 2
        var start = 0
        while start < n {
            let ar = r + start, ai = m + start
            let br = ar + half, bi = ai + half
            var k = 0
            while k < half {
                let wr = UnsafeRawPointer(wc + k).loadUnaligned(as: V.self)
                let wi = UnsafeRawPointer(ws + k).loadUnaligned(as: V.self) * sv
                let vbr = UnsafeRawPointer(br + k).loadUnaligned(as: V.self)
                let vbi = UnsafeRawPointer(bi + k).loadUnaligned(as: V.self)
                let vr = UnsafeRawPointer(ar + k).loadUnaligned(as: V.self)
                let vai = UnsafeRawPointer(ai + k).loadUnaligned(as: V.self)
                let xr = vbr * wr - vbi * wi
                let xi = vbr * wi + vbi * wr
                UnsafeMutableRawPointer(br + k).storeBytes(of: vr - xr, as: V.self)
                UnsafeMutableRawPointer(bi + k).storeBytes(of: vai - xi, as: V.self)
                UnsafeMutableRawPointer(ar + k).storeBytes(of: vr + xr, as: V.self)
                UnsafeMutableRawPointer(ai + k).storeBytes(of: vai + xi, as: V.self)
                k &+= 4
            }
            start &+= span
        }
    }
}
