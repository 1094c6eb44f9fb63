/// The synthesis of one grain: every channel's spectrum turned by the locked rotations, two
/// channels per inverse FFT, windowed into `output`.
extension SpectralGrainSynth {
    /// Zeroes the mix's spectra over the active bins.
    mutating func clearMix() {
        let lo = active.lowerBound, count = active.count
        for a in [0, 1, 2, 3] {
            let clear: (inout UnsafeMutableBufferPointer<Float>) -> Void = { p in
                var k = 0
                while k < count && lo &+ k < p.count { p[lo &+ k] = 0; k &+= 1 }
            }
            switch a {
            case 0: mr.withUnsafeMutableBufferPointer(clear)
            case 1: mi.withUnsafeMutableBufferPointer(clear)
            case 2: dr.withUnsafeMutableBufferPointer(clear)
            default: di.withUnsafeMutableBufferPointer(clear)
            }
        }
    }

    /// The mix's output spectrum (the mix turned by the rotations), the next grain's start.
    mutating func keepOutputMix() {
        let lo = active.lowerBound, hi = active.upperBound
        mr.withUnsafeBufferPointer { xr in mi.withUnsafeBufferPointer { xi in
            rotR.withUnsafeBufferPointer { rr in rotI.withUnsafeBufferPointer { ri in
                previousR.withUnsafeMutableBufferPointer { pr in previousI.withUnsafeMutableBufferPointer { pi in
                    guard hi <= xr.count, hi <= xi.count, hi <= rr.count, hi <= ri.count, hi <= pr.count, hi <= pi.count else { return }
                    var k = lo
                    while k < hi {
                        pr[k] = xr[k] * rr[k] - xi[k] * ri[k]
                        pi[k] = xr[k] * ri[k] + xi[k] * rr[k]
                        k &+= 1
                    }
                } }
            } }
        } }
    }

    /// Rotates one or two channels' spectra, un-centres them and inverts them with one complex
    /// FFT (the first channel in the real part, the second in the imaginary), windowed into `output`.
    mutating func synthesise(channel a: Int, second b: Int?) {
        let n = geometry.size, c = channels, nb = bins
        let baseA = a &* nb, baseB = (b ?? a) &* nb
        let hasB: Float = b == nil ? 0 : 1
        let mask = n &- 1
        let lo = active.lowerBound, hi = active.upperBound
        re.withUnsafeMutableBufferPointer { zr in im.withUnsafeMutableBufferPointer { zi in
            xr.withUnsafeBufferPointer { sr in xi.withUnsafeBufferPointer { si in
                rotR.withUnsafeBufferPointer { rr in rotI.withUnsafeBufferPointer { ri in
                    gainR.withUnsafeBufferPointer { gr in gainI.withUnsafeBufferPointer { gi in fft.reversed.withUnsafeBufferPointer { rev in
                        guard zr.count >= n, zi.count >= n, hi <= nb, baseB &+ nb <= sr.count, baseA &+ nb <= sr.count,
                              sr.count == si.count, hi <= rr.count, hi <= ri.count, hi <= gr.count, hi <= gi.count,
                              rev.count >= n else { return }
                        for i in 0..<n { zr[i] = 0; zi[i] = 0 }
                        var k = lo
                        while k < hi {
                            // DC and Nyquist are real in a real signal: their imaginary parts are
                            // dropped (gainI 0; else they would leak into the channel beside).
                            let cr = rr[k], ci = ri[k], g = gr[k], h = gi[k]
                            let ar = (sr[baseA &+ k] * cr - si[baseA &+ k] * ci) * g
                            let ai = (sr[baseA &+ k] * ci + si[baseA &+ k] * cr) * h
                            let br = (sr[baseB &+ k] * cr - si[baseB &+ k] * ci) * g * hasB
                            let bi = (sr[baseB &+ k] * ci + si[baseB &+ k] * cr) * h * hasB
                            // Z[k] = A[k] + i B[k]; Z[N−k] = conj(A[k]) + i conj(B[k]).
                            // At the bit-reversed indices: the FFT skips its permutation.
                            let rk = Int(rev[k])
                            zr[rk] = ar - bi; zi[rk] = ai + br
                            let j = (n &- k) & mask
                            if j != k && k != 0 { let rj = Int(rev[j]); zr[rj] = ar + bi; zi[rj] = -ai + br }
                            k &+= 1
                        }
                    } } }
                } }
            } }
            fft.transform(re: zr, im: zi, inverse: true, permuted: true)
        } }
        writeOutput(channel: a, second: b)
    }

    /// The inverse transform's real part (channel `a`) and imaginary part (`b`) under the
    /// synthesis window into `output`.
    private mutating func writeOutput(channel a: Int, second b: Int?) {
        let n = geometry.size, c = channels
        re.withUnsafeBufferPointer { zr in im.withUnsafeBufferPointer { zi in
            synthesis.withUnsafeBufferPointer { w in
                output.withUnsafeMutableBufferPointer { o in
                    guard zr.count >= n, zi.count >= n, w.count >= n, o.count >= n &* c else { return }
                    var i = 0, at = a
                    if let b {
                        let d = b &- a
                        while i < n { o[at] = zr[i] * w[i]; o[at &+ d] = zi[i] * w[i]; i &+= 1; at &+= c }
                    } else {
                        while i < n { o[at] = zr[i] * w[i]; i &+= 1; at &+= c }
                    }
                }
            }
        } }
    }
}
