/// A read-only view of the input window: frame `m` (absolute index) starts at
/// `src + (m - base) * channels` for `base <= m < base + frames` (`frames >= 1`).
struct WarpFrameView {
    let src: UnsafePointer<Double>
    let base: Int64
    let frames: Int
    let channels: Int

    /// Start of absolute frame `m`, clamped into the held range (never out of bounds).
    @inline(__always)
    func frame(_ m: Int64) -> UnsafePointer<Double> {
        let o = m &- base
        if o < 0 { return src }
        if o >= Int64(frames) { return src + (frames &- 1) &* channels }
        return src + Int(truncatingIfNeeded: o) &* channels
    }

    /// True when absolute frames `lo ... hi` are all held.
    @inline(__always)
    func holds(_ lo: Int64, _ hi: Int64) -> Bool {
        lo >= base && hi >= lo && hi &- base < Int64(frames)
    }
}

/// An interpolation kernel: renders the output frame at control point `position` (already clamped
/// to `0 ... N`) into `out`, or returns `false` without writing when it needs a frame above
/// `maxFrame` (input not received yet).
protocol WarpFrameKernel {
    mutating func render(position c: Double, scale: Double, view: WarpFrameView, maxFrame: Int64,
                         out: UnsafeMutablePointer<Double>) -> Bool
}

/// `A[n]*(1-f) + A[n+1]*f` at `c = n + f` (the article's formula); exactly `A[n]` when `f == 0`.
struct WarpLinearKernel: WarpFrameKernel {
    @inline(__always)
    mutating func render(position c: Double, scale: Double, view: WarpFrameView, maxFrame: Int64,
                         out: UnsafeMutablePointer<Double>) -> Bool {
        let n = WarpNumerics.floorIndex(c)
        let f = c - Double(n)
        let ch = view.channels
        if f == 0 {
            guard n <= maxFrame else { return false }
            out.update(from: view.frame(n), count: ch)
            return true
        }
        guard n < maxFrame else { return false }
        let p0 = view.frame(n)
        let p1 = view.frame(n &+ 1)
        let g = 1 - f
        if ch == 2 {
            out[0] = p0[0] * g + p1[0] * f
            out[1] = p0[1] * g + p1[1] * f
        } else {
            for k in 0..<ch { out[k] = p0[k] * g + p1[k] * f }
        }
        return true
    }
}

/// Catmull-Rom cubic through `A[n-1], A[n], A[n+1], A[n+2]` at `c = n + f`; exactly `A[n]` when
/// `f == 0`.
struct WarpCubicKernel: WarpFrameKernel {
    @inline(__always)
    mutating func render(position c: Double, scale: Double, view: WarpFrameView, maxFrame: Int64,
                         out: UnsafeMutablePointer<Double>) -> Bool {
        let n = WarpNumerics.floorIndex(c)
        let f = c - Double(n)
        let ch = view.channels
        if f == 0 {
            guard n <= maxFrame else { return false }
            out.update(from: view.frame(n), count: ch)
            return true
        }
        guard n &+ 1 < maxFrame else { return false }
        let pm = view.frame(n &- 1)
        let p0 = view.frame(n)
        let p1 = view.frame(n &+ 1)
        let p2 = view.frame(n &+ 2)
        for k in 0..<ch {
            let a = pm[k], b = p0[k], d = p1[k], e = p2[k]
            let c1 = d - a
            let c2 = 2 * a - 5 * b + 4 * d - e
            let c3 = 3 * (b - d) + e - a
            out[k] = b + 0.5 * f * (c1 + f * (c2 + f * c3))
        }
        return true
    }
}

/// Speed-adaptive windowed sinc from `WarpSincBank` polyphase tables: weights for `c = n + f` are
/// the linear interpolation of the two table rows around `f`, computed once per output frame and
/// applied to every channel. Rows sum to 1, so the DC gain is 1.
struct WarpSincKernel: WarpFrameKernel {
    var state: WarpSincState
    /// Scratch for one output's weights (`weightCapacity` entries), valid during a render call.
    let weights: UnsafeMutablePointer<Double>
    let weightCapacity: Int
    // The current level's parameters, cached out of `state.level` (which keeps `table` alive).
    private var low: Double
    private var high: Double
    private var halfTaps: Int
    private var phases: Int
    private var phasesD: Double
    private var table: UnsafePointer<Double>
    private var pairs: UnsafePointer<Double>

    init(state: WarpSincState, weights: UnsafeMutablePointer<Double>, weightCapacity: Int) {
        self.state = state
        self.weights = weights
        self.weightCapacity = weightCapacity
        let level = state.level
        low = level.low
        high = level.high
        halfTaps = level.halfTaps
        phases = level.phases
        phasesD = Double(level.phases)
        table = UnsafePointer(level.weights)
        pairs = UnsafePointer(level.pairs)
    }

    @inline(never)
    private mutating func switchLevel(_ scale: Double) {
        let level = state.bank.table(forScale: scale)
        state.level = level
        low = level.low
        high = level.high
        halfTaps = level.halfTaps
        phases = level.phases
        phasesD = Double(level.phases)
        table = UnsafePointer(level.weights)
        pairs = UnsafePointer(level.pairs)
    }

    @inline(__always)
    mutating func render(position c: Double, scale: Double, view: WarpFrameView, maxFrame: Int64,
                         out: UnsafeMutablePointer<Double>) -> Bool {
        if !(scale >= low && scale < high) { switchLevel(scale) }
        let h = halfTaps
        let n = WarpNumerics.floorIndex(c)
        let hi = n &+ Int64(h)
        guard hi <= maxFrame else { return false }
        let lo = n &- Int64(h &- 1)
        let taps = 2 &* h
        let ch = view.channels
        guard taps <= weightCapacity else {
            out.update(from: view.frame(n), count: ch)
            return true
        }

        // Rows phi and phi+1 of the table, blended by alpha.
        var f = c - Double(n)
        if !(f >= 0 && f < 1) { f = 0 }      // unreachable for c in 0 ... 2^52; keeps phi in range
        let fp = f * phasesD
        var phi = Int(fp)                    // 0 <= fp <= phases
        if phi >= phases { phi = phases &- 1 }
        let alpha = fp - Double(phi)
        let r0 = table + phi &* taps
        let r1 = r0 + taps
        let w = weights
        let contiguous = view.holds(lo, hi)
        if ch == 2 && contiguous {
            // Stereo: a dot product with each of the two rows (stored as (w, w) pairs, so a tap
            // multiplies a whole frame), blended by alpha afterwards: the same weights, applied
            // without a separate weight pass.
            let p0 = pairs + 2 &* phi &* taps
            WarpSincKernel.applyStereo(view.frame(lo), row0: p0, row1: p0 + 2 &* taps, taps: taps,
                                       alpha: alpha, out: out)
            return true
        }
        for k in 0..<taps { w[k] = r0[k] + alpha * (r1[k] - r0[k]) }
        if contiguous {
            WarpSincKernel.apply(view.frame(lo), weights: w, taps: taps, channels: ch, out: out)
        } else {
            for k in 0..<ch { out[k] = 0 }
            for t in 0..<taps {
                let wt = w[t]
                let p = view.frame(lo &+ Int64(t))
                for k in 0..<ch { out[k] += wt * p[k] }
            }
        }
        return true
    }

    /// Stereo: `row0` and `row1` hold `(w, w)` pairs; returns `d0 + alpha * (d1 - d0)` of the two
    /// dot products. Two accumulators per row, summed in a fixed order (results never depend on
    /// buffering); exactly `d0` when `alpha == 0`.
    @inline(__always)
    static func applyStereo(_ p: UnsafePointer<Double>, row0: UnsafePointer<Double>, row1: UnsafePointer<Double>,
                            taps: Int, alpha: Double, out: UnsafeMutablePointer<Double>) {
        let x = UnsafeRawPointer(p), u = UnsafeRawPointer(row0), v = UnsafeRawPointer(row1)
        let stride = MemoryLayout<SIMD2<Double>>.stride
        var a0 = SIMD2<Double>(), a1 = SIMD2<Double>(), b0 = SIMD2<Double>(), b1 = SIMD2<Double>()
        var k = 0
        while k &+ 1 < taps {
            let o = k &* stride
            let xa = x.loadUnaligned(fromByteOffset: o, as: SIMD2<Double>.self)
            let xb = x.loadUnaligned(fromByteOffset: o &+ stride, as: SIMD2<Double>.self)
            a0 += u.loadUnaligned(fromByteOffset: o, as: SIMD2<Double>.self) * xa
            a1 += v.loadUnaligned(fromByteOffset: o, as: SIMD2<Double>.self) * xa
            b0 += u.loadUnaligned(fromByteOffset: o &+ stride, as: SIMD2<Double>.self) * xb
            b1 += v.loadUnaligned(fromByteOffset: o &+ stride, as: SIMD2<Double>.self) * xb
            k &+= 2
        }
        if k < taps {
            let o = k &* stride
            let xa = x.loadUnaligned(fromByteOffset: o, as: SIMD2<Double>.self)
            a0 += u.loadUnaligned(fromByteOffset: o, as: SIMD2<Double>.self) * xa
            a1 += v.loadUnaligned(fromByteOffset: o, as: SIMD2<Double>.self) * xa
        }
        let d0 = a0 + b0
        let d1 = a1 + b1
        let r = d0 + alpha * (d1 - d0)
        out[0] = r[0]
        out[1] = r[1]
    }

    /// `out[ch] = sum_k weights[k] * p[k*channels + ch]` (mono fast path; any channel count).
    /// The summation order depends only on `taps`, so results never depend on buffering.
    @inline(__always)
    static func apply(_ p: UnsafePointer<Double>, weights: UnsafeMutablePointer<Double>, taps: Int,
                      channels: Int, out: UnsafeMutablePointer<Double>) {
        if channels == 1 {
            var a = SIMD2<Double>(), b = SIMD2<Double>()
            var k = 0
            while k &+ 3 < taps {
                a += SIMD2(weights[k], weights[k &+ 1]) * SIMD2(p[k], p[k &+ 1])
                b += SIMD2(weights[k &+ 2], weights[k &+ 3]) * SIMD2(p[k &+ 2], p[k &+ 3])
                k &+= 4
            }
            var s = (a + b).sum()
            while k < taps { s += weights[k] * p[k]; k &+= 1 }
            out[0] = s
            return
        }
        for k in 0..<channels { out[k] = 0 }
        for t in 0..<taps {
            let wt = weights[t]
            let q = p + t &* channels
            for k in 0..<channels { out[k] += wt * q[k] }
        }
    }
}

/// The sinc kernel's persistent state: the table cache and the level in use.
struct WarpSincState: Sendable {
    var bank: WarpSincBank
    var level: WarpSincLevel

    /// Fresh state, starting with the unit-speed table.
    init() {
        var bank = WarpSincBank(prototype: WarpSincTable.shared)
        level = bank.table(forScale: 1)
        self.bank = bank
    }

    /// Weight scratch entries a render needs (the widest kernel).
    static let weightCapacity = 2 * WarpSincTable.maxHalfWidth + 8
}
