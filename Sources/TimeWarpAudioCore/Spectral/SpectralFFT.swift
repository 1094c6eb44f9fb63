#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Our own in-place complex FFT of a power-of-two size (iterative radix 2, decimation in time),
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
    /// The bit-reversed index of each index.
    let reversed: [Int32]

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
    /// (no `1/N`). Does nothing if either buffer is shorter than `size`.
    public func transform(re: UnsafeMutableBufferPointer<Float>, im: UnsafeMutableBufferPointer<Float>, inverse: Bool) {
        let n = size
        guard re.count >= n, im.count >= n, let r = re.baseAddress, let m = im.baseAddress else { return }
        reversed.withUnsafeBufferPointer { rev in
            for i in 0..<n {
                let j = Int(rev[i])
                if i < j {
                    let tr = r[i]; r[i] = r[j]; r[j] = tr
                    let ti = m[i]; m[i] = m[j]; m[j] = ti
                }
            }
        }
        let sign: Float = inverse ? 1 : -1
        // The first stage: butterflies of neighbours, no twiddle.
        var a = 0
        while a &+ 1 < n {
            let xr = r[a &+ 1], xi = m[a &+ 1]
            r[a &+ 1] = r[a] - xr; m[a &+ 1] = m[a] - xi
            r[a] += xr; m[a] += xi
            a &+= 2
        }
        cosTable.withUnsafeBufferPointer { cb in
            sinTable.withUnsafeBufferPointer { sb in
                guard let cp = cb.baseAddress, let sp = sb.baseAddress else { return }
                var half = 2
                while half < n {
                    let span = half &* 2
                    let wc = cp + half, ws = sp + half
                    var start = 0
                    while start < n {
                        let ar = r + start, ai = m + start
                        let br = ar + half, bi = ai + half
                        for k in 0..<half {
                            let wr = wc[k], wi = sign * ws[k]
                            let xr = br[k] * wr - bi[k] * wi
                            let xi = br[k] * wi + bi[k] * wr
                            br[k] = ar[k] - xr; bi[k] = ai[k] - xi
                            ar[k] += xr; ai[k] += xi
                        }
                        start &+= span
                    }
                    half = span
                }
            }
        }
    }
}
