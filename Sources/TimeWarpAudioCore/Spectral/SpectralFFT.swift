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
    /// `cos(2πk/N)` and `sin(2πk/N)` for `k < N/2`.
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
        let half = n / 2
        var c = [Float](repeating: 0, count: half), s = [Float](repeating: 0, count: half)
        for k in 0..<half {
            let a = 2 * Double.pi * Double(k) / Double(n)
            c[k] = Float(cos(a))
            s[k] = Float(sin(a))
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
        cosTable.withUnsafeBufferPointer { cb in
            sinTable.withUnsafeBufferPointer { sb in
                guard let cp = cb.baseAddress, let sp = sb.baseAddress else { return }
                var half = 1
                var stride = n / 2
                while half < n {
                    let span = half &* 2
                    var start = 0
                    while start < n {
                        var t = 0
                        for k in 0..<half {
                            let wr = cp[t], wi = sign * sp[t]
                            let a = start &+ k, b = a &+ half
                            let xr = r[b] * wr - m[b] * wi
                            let xi = r[b] * wi + m[b] * wr
                            r[b] = r[a] - xr; m[b] = m[a] - xi
                            r[a] += xr; m[a] += xi
                            t &+= stride
                        }
                        start &+= span
                    }
                    half = span
                    stride >>= 1
                }
            }
        }
    }
}
