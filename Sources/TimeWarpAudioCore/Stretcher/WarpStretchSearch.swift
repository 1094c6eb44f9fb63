/// WSOLA's offset search: among candidate window starts, the one whose first `length` frames of
/// the mono mix best continue the reference (the frames that follow the previous window's
/// source), by normalised cross-correlation `Σ r·x / √(Σ x²)`. A coarse pass visits every
/// `step`-th candidate, centred on the map's position; a fine pass refines around the best. Ties
/// keep the candidate nearest the map's position (silence keeps it exactly). The energies `Σ x²`
/// come from running sums over the candidates' span, so each candidate costs one dot product.
enum WarpStretchSearch {
    /// The best start in `lo ... hi` (absolute frames) around `target`, comparing `length`
    /// frames of `mono` (array index = absolute frame + `offset`) with those from `reference`.
    /// The caller guarantees every frame compared lies inside `mono`; `energies` is scratch.
    static func bestStart(mono: UnsafePointer<Float>, offset: Int, reference: Int, target: Int,
                          lo: Int, hi: Int, length: Int, step: Int, energies: inout [Double]) -> Int {
        guard lo < hi, length > 0 else { return min(max(target, lo), hi) }
        // energies[k] = Σ x² over frames lo ..< lo + k (Double: no loss over the span).
        let span = hi &- lo &+ length
        if energies.count < span &+ 1 { energies = [Double](repeating: 0, count: span &+ 1) }
        energies.withUnsafeMutableBufferPointer { e in
            guard let ep = e.baseAddress else { return }
            let x = mono + (lo &+ offset)
            var sum = 0.0
            ep[0] = 0
            for k in 0..<span {
                let v = Double(x[k])
                sum += v * v
                ep[k &+ 1] = sum
            }
        }
        return energies.withUnsafeBufferPointer { e -> Int in
            guard let ep = e.baseAddress else { return target }
            let ref = mono + (reference &+ offset)
            func score(_ s: Int) -> Double {
                let energy = ep[s &- lo &+ length] - ep[s &- lo]
                let d = Double(dot(ref, mono + (s &+ offset), length))
                guard energy > 0, energy.isFinite, d.isFinite else { return 0 }
                return d / energy.squareRoot()
            }
            let centre = min(max(target, lo), hi)
            var best = centre
            var bestScore = score(centre)
            // Coarse: centre ± k·step.
            var k = step
            while centre &- k >= lo || centre &+ k <= hi {
                let below = centre &- k, above = centre &+ k
                if below >= lo {
                    let v = score(below)
                    if v > bestScore { bestScore = v; best = below }
                }
                if above <= hi {
                    let v = score(above)
                    if v > bestScore { bestScore = v; best = above }
                }
                k &+= step
            }
            guard step > 1 else { return best }
            // Fine: the neighbours the coarse pass skipped.
            let around = best
            for s in max(lo, around &- step &+ 1)...min(hi, around &+ step &- 1) where s != around {
                let v = score(s)
                if v > bestScore || (v == bestScore && abs(s &- centre) < abs(best &- centre)) { bestScore = v; best = s }
            }
            return best
        }
    }

    /// `Σ r·x` over `length` frames, summed sixteen lanes at a time.
    @inline(__always)
    static func dot(_ r: UnsafePointer<Float>, _ x: UnsafePointer<Float>, _ length: Int) -> Float {
        var a0 = SIMD8<Float>(), a1 = SIMD8<Float>()
        let rr = UnsafeRawPointer(r), xr = UnsafeRawPointer(x)
        let pairs = length / 16
        for v in 0..<pairs {
            let o = v &* 64
            a0 += rr.loadUnaligned(fromByteOffset: o, as: SIMD8<Float>.self)
                * xr.loadUnaligned(fromByteOffset: o, as: SIMD8<Float>.self)
            a1 += rr.loadUnaligned(fromByteOffset: o &+ 32, as: SIMD8<Float>.self)
                * xr.loadUnaligned(fromByteOffset: o &+ 32, as: SIMD8<Float>.self)
        }
        var d = (a0 + a1).sum()
        for n in (pairs &* 16)..<length { d += r[n] * x[n] }
        return d
    }
}
