/// Identity phase locking (Laroche–Dolson) on the mix's spectrum: the peaks, and the rotation
/// each gives its region of bins.
extension SpectralGrainSynth {
    /// Each peak's phase advances by its instantaneous frequency times the hop from the previous
    /// output; its region's bins (up to the lowest bin before the next peak) take its rotation.
    mutating func lockPhases(guide: SpectralGrainSynth?, ahead: Int) {
        let lo = active.lowerBound, hi = active.upperBound
        guard findPeaks() else {
            for k in active { rotR[k] = 1; rotI[k] = 0 }
            return
        }
        let count = peakCount
        // A guide counts once it has rendered a grain.
        let guided = guide.map { !$0.first } ?? false
        var regionStart = lo
        for index in 0..<count {
            let peak = Int(peaks[index])
            // The region ends at the lowest bin before the next peak.
            var regionEnd = hi
            if index &+ 1 < count {
                let next = Int(peaks[index &+ 1])
                regionEnd = power.withUnsafeBufferPointer { pw in
                    var low = peak, lowPower = pw[peak]
                    var k = peak &+ 1
                    while k < next { if pw[k] < lowPower { low = k; lowPower = pw[k] }; k &+= 1 }
                    return max(low, peak &+ 1)
                }
            }
            var (fr, fi, fo) = peakRotation(peak)
            // A peak both vocoders render takes the guide's phase at its frequency instead.
            if guided, band[peak] < 1, band[peak] > 0, let guide, let r = guideRotation(guide, peak: peak, omega: Double(fo), ahead: ahead) {
                (fr, fi) = r
            }
            let end = max(regionEnd, regionStart)
            rotR.withUnsafeMutableBufferPointer { r in
                rotI.withUnsafeMutableBufferPointer { i in
                    binOmega.withUnsafeMutableBufferPointer { o in
                        var k = regionStart
                        while k < end { r[k] = fr; i[k] = fi; o[k] = fo; k &+= 1 }
                    }
                }
            }
            regionStart = end
        }
        for k in regionStart..<max(regionStart, hi) { rotR[k] = 1; rotI[k] = 0 }
    }

    /// The mix's power per active bin and its peaks (above 120 dB under the strongest, higher
    /// than the left neighbour and at least the right) into `peaks`; the lowest active bin if
    /// there are none. False if the mix is silent or not finite.
    mutating func findPeaks() -> Bool {
        let lo = active.lowerBound, hi = active.upperBound
        var peakPower: Float = 0
        power.withUnsafeMutableBufferPointer { pw in
            mr.withUnsafeBufferPointer { r in
                mi.withUnsafeBufferPointer { i in
                    var k = lo
                    while k < hi {
                        let p = r[k] * r[k] + i[k] * i[k]
                        pw[k] = p
                        peakPower = max(peakPower, p)
                        k &+= 1
                    }
                }
            }
        }
        peakCount = 0
        guard peakPower > 0, peakPower.isFinite else { return false }
        let floor = peakPower * 1e-12
        var count = 0
        power.withUnsafeBufferPointer { pw in
            peaks.withUnsafeMutableBufferPointer { out in
                guard hi <= pw.count, out.count >= hi &- lo else { return }
                // The ends compare with a neighbour of −1 (none); in between, branch-free.
                let last = hi &- 1
                if pw[lo] > floor && (lo == last || pw[lo] >= pw[lo &+ 1]) {
                    out[0] = Int32(truncatingIfNeeded: lo); count = 1
                }
                var k = lo &+ 1
                while k < last {
                    let p = pw[k]
                    out[count] = Int32(truncatingIfNeeded: k)
                    let above = p > floor ? 1 : 0, left = p > pw[k &- 1] ? 1 : 0, right = p >= pw[k &+ 1] ? 1 : 0
                    count &+= above & left & right
                    k &+= 1
                }
                if last > lo && pw[last] > floor && pw[last] > pw[last &- 1] {
                    out[count] = Int32(truncatingIfNeeded: last); count &+= 1
                }
                if count == 0 && out.count > 0 { out[0] = Int32(truncatingIfNeeded: lo); count = 1 }
            }
        }
        peakCount = count
        return true
    }

    /// The rotation of `peak`'s region and its frequency (rad per frame): the phase of the
    /// previous output at `peak` advanced by `ω · hop`, `ω = ω_k − Im(D / X)`, over the phase of
    /// `X`. With `hop = N/4`, `ω_k · hop` is a quarter turn times `k`: only the reassignment's
    /// correction needs a sine and cosine.
    @inline(__always)
    func peakRotation(_ peak: Int) -> (Float, Float, Float) {
        let n = geometry.size
        let xr = Double(mr[peak]), xi = Double(mi[peak])
        let p = xr * xr + xi * xi
        guard p > 0, p.isFinite else { return (1, 0, Float(2 * Double.pi * Double(peak) / Double(n))) }
        // Im(D / X) = Im(D · conj X) / |X|².
        let correction = (Double(di[peak]) * xr - Double(dr[peak]) * xi) / p
        let omega = 2 * Double.pi * Double(peak) / Double(n) - correction
        let fo = Float(omega)
        // q = previous · conj(X), normalised: the rotation without the advance.
        var qr = Double(previousR[peak]) * xr + Double(previousI[peak]) * xi
        var qi = Double(previousI[peak]) * xr - Double(previousR[peak]) * xi
        let qm = (qr * qr + qi * qi).squareRoot()
        if qm > 0 && qm.isFinite { let inverse = 1 / qm; qr *= inverse; qi *= inverse } else { qr = 1; qi = 0 }
        // Times i^k (ω_k · hop = k · π/2 when hop = N/4) and e^(−i · correction · hop).
        if geometry.hop &* 4 == n {
            switch peak & 3 {
            case 1: (qr, qi) = (-qi, qr)
            case 2: (qr, qi) = (-qr, -qi)
            case 3: (qr, qi) = (qi, -qr)
            default: break
            }
        } else {
            let (c, s) = Self.cosSin(2 * Double.pi * Double(peak) / Double(n) * Double(geometry.hop))
            (qr, qi) = (qr * c - qi * s, qr * s + qi * c)
        }
        let (c, s) = Self.cosSin(-correction * Double(geometry.hop))
        let rr = qr * c - qi * s, ri = qr * s + qi * c
        guard rr.isFinite, ri.isFinite else { return (1, 0, fo) }
        return (Float(rr), Float(ri), fo)
    }

    /// Across a crossover: the rotation that gives `peak` the guide's output phase at `omega`,
    /// advanced by `omega`'s bin frequency times `ahead`; nil if the guide is silent there.
    func guideRotation(_ guide: SpectralGrainSynth, peak: Int, omega: Double, ahead: Int) -> (Float, Float)? {
        let xr = Double(mr[peak]), xi = Double(mi[peak])
        let p = xr * xr + xi * xi
        guard p > 0, p.isFinite else { return nil }
        let j = Int(max(0, min(Double(guide.bins &- 1), (omega * Double(guide.geometry.size) / (2 * Double.pi)).rounded())))
        var gr = Double(guide.previousR[j]), gi = Double(guide.previousI[j])
        let gm = (gr * gr + gi * gi).squareRoot()
        guard gm > 0 && gm.isFinite else { return nil }
        gr /= gm; gi /= gm
        let (ga, gs) = Self.cosSin(Double(guide.binOmega[j]) * Double(ahead))
        let tr = gr * ga - gi * gs, ti = gr * gs + gi * ga
        let xm = p.squareRoot()
        let xr0 = xr / xm, xi0 = xi / xm
        let rr = tr * xr0 + ti * xi0, ri = ti * xr0 - tr * xi0
        guard rr.isFinite, ri.isFinite else { return (1, 0) }
        return (Float(rr), Float(ri))
    }
}
