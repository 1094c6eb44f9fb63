/// The analysis of one grain: two channels' frames through one complex FFT, and each channel's
/// spectra under the Hann window and under its derivative from its plain spectrum.
///
/// With `θ = 2π/N`, the periodic Hann window is `½ − ¼ e^(iθn) − ¼ e^(−iθn)` and its derivative
/// `(π/N) sin θn = (π/N) (e^(iθn) − e^(−iθn)) / 2i`; a factor `e^(iθn)` moves a spectrum up one
/// bin. So from the plain spectrum `P`: `X_w[k] = ½ P[k] − ¼ (P[k−1] + P[k+1])` and
/// `X_dw[k] = (π/N) (P[k−1] − P[k+1]) / 2i`. One transform per two channels instead of one per
/// channel (each of which held the window and the derivative).
extension SpectralGrainSynth {
    /// Channels `a` and `b` (or `a` alone) into `xr`/`xi`, and their share of the mix's spectra,
    /// centred on the grain (bin `k` times `(−1)^k`).
    mutating func analyse(_ f: UnsafePointer<Float>, channel a: Int, second b: Int?) {
        let n = geometry.size, c = channels
        re.withUnsafeMutableBufferPointer { r in
            im.withUnsafeMutableBufferPointer { m in
                // Written at the bit-reversed indices: the FFT skips its permutation.
                fft.reversed.withUnsafeBufferPointer { rev in
                    guard rev.count >= n, r.count >= n, m.count >= n else { return }
                    var i = 0, at = a
                    if let b {
                        let d = b &- a
                        while i < n { let j = Int(rev[i]); r[j] = f[at]; m[j] = f[at &+ d]; i &+= 1; at &+= c }
                    } else {
                        while i < n { let j = Int(rev[i]); r[j] = f[at]; m[j] = 0; i &+= 1; at &+= c }
                    }
                }
                fft.transform(re: r, im: m, inverse: false, permuted: true)
            }
        }
        separate()
        spread(into: a, from: 0)
        if let b { spread(into: b, from: 2) }
    }

    /// The plain spectra of the two real channels packed as `Z = A + iB`, bins `lo − 1 ... hi`:
    /// `A[k] = (Z[k] + conj Z[N−k]) / 2`, `B[k] = (Z[k] − conj Z[N−k]) / 2i`.
    private mutating func separate() {
        let n = geometry.size, mask = n &- 1
        let lo = active.lowerBound, count = active.count &+ 2
        re.withUnsafeBufferPointer { r in
            im.withUnsafeBufferPointer { m in
                plain.withUnsafeMutableBufferPointer { p in
                    guard count &* 4 <= p.count else { return }
                    var t = 0
                    while t < count {
                        let k = (lo &- 1 &+ t &+ n) & mask, j = (n &- k) & mask
                        let zr = r[k], zi = m[k], yr = r[j], yi = m[j]
                        p[4 &* t] = 0.5 * (zr + yr)
                        p[4 &* t &+ 1] = 0.5 * (zi - yi)
                        p[4 &* t &+ 2] = 0.5 * (zi + yi)
                        p[4 &* t &+ 3] = 0.5 * (yr - zr)
                        t &+= 1
                    }
                }
            }
        }
    }

    /// One channel's windowed spectrum (into `xr`, `xi`) and its share of the mix's window and
    /// derivative spectra from its plain spectrum at offset `o` (0: A, 2: B) of `plain`.
    private mutating func spread(into ch: Int, from o: Int) {
        let n = geometry.size, base = ch &* bins
        let lo = active.lowerBound, count = active.count
        let scale = Float.pi / Float(n) * 0.5
        plain.withUnsafeBufferPointer { p in
            xr.withUnsafeMutableBufferPointer { cr in xi.withUnsafeMutableBufferPointer { ci in
                mr.withUnsafeMutableBufferPointer { sr in mi.withUnsafeMutableBufferPointer { si in
                    dr.withUnsafeMutableBufferPointer { tr in di.withUnsafeMutableBufferPointer { ti in
                        guard (count &+ 2) &* 4 <= p.count, base &+ lo &+ count <= cr.count, base &+ lo &+ count <= ci.count,
                              lo &+ count <= sr.count, lo &+ count <= si.count, lo &+ count <= tr.count, lo &+ count <= ti.count else { return }
                        var t = 0
                        while t < count {
                            let k = lo &+ t
                            let s: Float = k & 1 == 0 ? 1 : -1
                            let below = 4 &* t &+ o, here = below &+ 4, above = here &+ 4
                            let wr = s * (0.5 * p[here] - 0.25 * (p[below] + p[above]))
                            let wi = s * (0.5 * p[here &+ 1] - 0.25 * (p[below &+ 1] + p[above &+ 1]))
                            // (P[k−1] − P[k+1]) / 2i = (Im, −Re) of the difference, halved.
                            let vr = s * scale * (p[below &+ 1] - p[above &+ 1])
                            let vi = -s * scale * (p[below] - p[above])
                            cr[base &+ k] = wr; ci[base &+ k] = wi
                            sr[k] += wr; si[k] += wi
                            tr[k] += vr; ti[k] += vi
                            t &+= 1
                        }
                    } }
                } }
            } }
        }
    }
}
