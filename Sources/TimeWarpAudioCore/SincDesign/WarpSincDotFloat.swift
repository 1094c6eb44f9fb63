/// The `Float` sinc dot products (F32 input), four lanes per vector. A row's weights are blended
/// on the fly, `w = row + alpha * step` (see `WarpSincLevel`), and applied to one channel's
/// contiguous samples. `row` and `step` are 16-byte aligned and zero padded to whole vectors.
/// Summation orders depend only on `taps`, so results never depend on buffering, and `dot2` sums
/// each channel exactly as `dot` does.
enum WarpSincDotFloat {
    typealias V = SIMD4<Float>

    /// `sum_t (row[t] + alpha * step[t]) * x[t]` for `t < taps`.
    @inline(__always)
    static func dot(_ x: UnsafePointer<Float>, row: UnsafePointer<Float>, step: UnsafePointer<Float>,
                    taps: Int, alpha: Float) -> Float {
        let u = UnsafeRawPointer(x), r = UnsafeRawPointer(row), d = UnsafeRawPointer(step)
        let a = V(repeating: alpha)
        var s0 = V(), s1 = V(), s2 = V(), s3 = V()
        let quads = taps & ~15                         // taps in whole groups of sixteen
        let pairs = taps & ~7                          // taps in whole groups of eight
        var o = 0, t = 0
        // Four accumulators: the additions' latency, not the loads, bounds a kernel this short.
        while t < quads {
            let w0 = r.load(fromByteOffset: o, as: V.self) + a * d.load(fromByteOffset: o, as: V.self)
            let w1 = r.load(fromByteOffset: o &+ 16, as: V.self) + a * d.load(fromByteOffset: o &+ 16, as: V.self)
            let w2 = r.load(fromByteOffset: o &+ 32, as: V.self) + a * d.load(fromByteOffset: o &+ 32, as: V.self)
            let w3 = r.load(fromByteOffset: o &+ 48, as: V.self) + a * d.load(fromByteOffset: o &+ 48, as: V.self)
            s0 += w0 * u.loadUnaligned(fromByteOffset: o, as: V.self)
            s1 += w1 * u.loadUnaligned(fromByteOffset: o &+ 16, as: V.self)
            s2 += w2 * u.loadUnaligned(fromByteOffset: o &+ 32, as: V.self)
            s3 += w3 * u.loadUnaligned(fromByteOffset: o &+ 48, as: V.self)
            o &+= 64
            t &+= 16
        }
        s0 += s2
        s1 += s3
        while t < pairs {
            let w0 = r.load(fromByteOffset: o, as: V.self) + a * d.load(fromByteOffset: o, as: V.self)
            let w1 = r.load(fromByteOffset: o &+ 16, as: V.self) + a * d.load(fromByteOffset: o &+ 16, as: V.self)
            s0 += w0 * u.loadUnaligned(fromByteOffset: o, as: V.self)
            s1 += w1 * u.loadUnaligned(fromByteOffset: o &+ 16, as: V.self)
            o &+= 32
            t &+= 8
        }
        s0 += s1
        if t &+ 4 <= taps {
            let w = r.load(fromByteOffset: o, as: V.self) + a * d.load(fromByteOffset: o, as: V.self)
            s0 += w * u.loadUnaligned(fromByteOffset: o, as: V.self)
            t &+= 4
        }
        let h = s0.lowHalf + s0.highHalf                // (l0 + l2, l1 + l3): see `sum2`
        var sum = h[0] + h[1]
        while t < taps {
            sum += (row[t] + alpha * step[t]) * x[t]
            t &+= 1
        }
        return sum
    }

    /// `dot` of the same weights with two channels `x` and `y` (one pass, shared weights).
    @inline(__always)
    static func dot2(_ x: UnsafePointer<Float>, _ y: UnsafePointer<Float>, row: UnsafePointer<Float>,
                     step: UnsafePointer<Float>, taps: Int, alpha: Float) -> (Float, Float) {
        let u = UnsafeRawPointer(x), v = UnsafeRawPointer(y)
        let r = UnsafeRawPointer(row), d = UnsafeRawPointer(step)
        let a = V(repeating: alpha)
        var s0 = V(), s1 = V(), q0 = V(), q1 = V()
        var s2 = V(), s3 = V(), q2 = V(), q3 = V()
        let quads = taps & ~15
        let pairs = taps & ~7
        var o = 0, t = 0
        while t < quads {
            let w0 = r.load(fromByteOffset: o, as: V.self) + a * d.load(fromByteOffset: o, as: V.self)
            let w1 = r.load(fromByteOffset: o &+ 16, as: V.self) + a * d.load(fromByteOffset: o &+ 16, as: V.self)
            let w2 = r.load(fromByteOffset: o &+ 32, as: V.self) + a * d.load(fromByteOffset: o &+ 32, as: V.self)
            let w3 = r.load(fromByteOffset: o &+ 48, as: V.self) + a * d.load(fromByteOffset: o &+ 48, as: V.self)
            s0 += w0 * u.loadUnaligned(fromByteOffset: o, as: V.self)
            q0 += w0 * v.loadUnaligned(fromByteOffset: o, as: V.self)
            s1 += w1 * u.loadUnaligned(fromByteOffset: o &+ 16, as: V.self)
            q1 += w1 * v.loadUnaligned(fromByteOffset: o &+ 16, as: V.self)
            s2 += w2 * u.loadUnaligned(fromByteOffset: o &+ 32, as: V.self)
            q2 += w2 * v.loadUnaligned(fromByteOffset: o &+ 32, as: V.self)
            s3 += w3 * u.loadUnaligned(fromByteOffset: o &+ 48, as: V.self)
            q3 += w3 * v.loadUnaligned(fromByteOffset: o &+ 48, as: V.self)
            o &+= 64
            t &+= 16
        }
        s0 += s2
        s1 += s3
        q0 += q2
        q1 += q3
        while t < pairs {
            let w0 = r.load(fromByteOffset: o, as: V.self) + a * d.load(fromByteOffset: o, as: V.self)
            let w1 = r.load(fromByteOffset: o &+ 16, as: V.self) + a * d.load(fromByteOffset: o &+ 16, as: V.self)
            s0 += w0 * u.loadUnaligned(fromByteOffset: o, as: V.self)
            q0 += w0 * v.loadUnaligned(fromByteOffset: o, as: V.self)
            s1 += w1 * u.loadUnaligned(fromByteOffset: o &+ 16, as: V.self)
            q1 += w1 * v.loadUnaligned(fromByteOffset: o &+ 16, as: V.self)
            o &+= 32
            t &+= 8
        }
        s0 += s1
        q0 += q1
        if t &+ 4 <= taps {
            let w = r.load(fromByteOffset: o, as: V.self) + a * d.load(fromByteOffset: o, as: V.self)
            s0 += w * u.loadUnaligned(fromByteOffset: o, as: V.self)
            q0 += w * v.loadUnaligned(fromByteOffset: o, as: V.self)
            t &+= 4
        }
        let (sum0, sum1) = sum2(s0, q0)
        var sx = sum0, sy = sum1
        while t < taps {
            let w = row[t] + alpha * step[t]
            sx += w * x[t]
            sy += w * y[t]
            t &+= 1
        }
        return (sx, sy)
    }

    /// The lane sums of `x` and of `y`, each as `(x0 + x2) + (x1 + x3)` (the order `dot` uses),
    /// with the two reductions sharing their shuffles.
    @inline(__always)
    static func sum2(_ x: V, _ y: V) -> (Float, Float) {
        let t = V(x[0], y[0], x[1], y[1]) + V(x[2], y[2], x[3], y[3])
        let h = t.lowHalf + t.highHalf
        return (h[0], h[1])
    }

    /// The blended weights `row[t] + alpha * step[t]` for `t < taps`.
    @inline(__always)
    static func weights(row: UnsafePointer<Float>, step: UnsafePointer<Float>, taps: Int, alpha: Float,
                        into w: UnsafeMutablePointer<Float>) {
        for t in 0..<taps { w[t] = row[t] + alpha * step[t] }
    }
}
