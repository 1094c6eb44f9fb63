/// WSOLA's offset search: among candidate window starts, the one whose first `length` frames of
/// the mono mix best continue the reference (the frames that follow the previous window's
/// source), by normalised cross-correlation `Σ r·x / √(Σ x²)`. A coarse pass visits every
/// `step`-th candidate, centred on the map's position; a fine pass refines around the best. Ties
/// keep the candidate nearest the map's position (silence keeps it exactly).
enum WarpStretchSearch {
    /// The best start in `lo ... hi` (absolute frames) around `target`, comparing `length`
    /// frames of `mono` (array index = absolute frame + `offset`) with those from `reference`.
    /// The caller guarantees every frame compared lies inside `mono`.
    static func bestStart(mono: UnsafePointer<Float>, offset: Int, reference: Int, target: Int,
                          lo: Int, hi: Int, length: Int, step: Int) -> Int {
        guard lo < hi, length > 0 else { return min(max(target, lo), hi) }
        let ref = mono + (reference &+ offset)
        let centre = min(max(target, lo), hi)
        var best = centre
        var bestScore = score(ref, mono + (centre &+ offset), length)
        // Coarse: centre ± k·step.
        var k = step
        while centre &- k >= lo || centre &+ k <= hi {
            let below = centre &- k, above = centre &+ k
            if below >= lo {
                let v = score(ref, mono + (below &+ offset), length)
                if v > bestScore { bestScore = v; best = below }
            }
            if above <= hi {
                let v = score(ref, mono + (above &+ offset), length)
                if v > bestScore { bestScore = v; best = above }
            }
            k &+= step
        }
        guard step > 1 else { return best }
        // Fine: the neighbours the coarse pass skipped.
        let around = best
        for s in max(lo, around &- step &+ 1)...min(hi, around &+ step &- 1) where s != around {
            let v = score(ref, mono + (s &+ offset), length)
            if v > bestScore || (v == bestScore && abs(s &- centre) < abs(best &- centre)) { bestScore = v; best = s }
        }
        return best
    }

    /// `Σ r·x / √(Σ x²)` over `length` frames (0 for silence), summed eight lanes at a time.
    @inline(__always)
    static func score(_ r: UnsafePointer<Float>, _ x: UnsafePointer<Float>, _ length: Int) -> Float {
        var dot = SIMD8<Float>(), energy = SIMD8<Float>()
        let rr = UnsafeRawPointer(r), xr = UnsafeRawPointer(x)
        let vectors = length / 8
        for v in 0..<vectors {
            let a = rr.loadUnaligned(fromByteOffset: v &* 32, as: SIMD8<Float>.self)
            let b = xr.loadUnaligned(fromByteOffset: v &* 32, as: SIMD8<Float>.self)
            dot += a * b
            energy += b * b
        }
        var d = dot.sum(), e = energy.sum()
        for n in (vectors &* 8)..<length {
            d += r[n] * x[n]
            e += x[n] * x[n]
        }
        guard e > 0, e.isFinite, d.isFinite else { return 0 }
        return d / e.squareRoot()
    }
}
