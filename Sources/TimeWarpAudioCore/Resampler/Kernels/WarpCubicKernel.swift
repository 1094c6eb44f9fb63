/// Catmull-Rom cubic through `A[n-1], A[n], A[n+1], A[n+2]` at `c = n + f`, evaluated in `Double`
/// whatever the working precision; exactly `A[n]` when `f == 0`.
struct WarpCubicKernel<W: WarpWorkSample>: WarpFrameKernel {
    static var usesScale: Bool { false }

    /// Points below `maxFrame - 1` need frames up to `maxFrame` at most.
    @inline(__always)
    func positionBound(maxFrame: Int64) -> Double { Double(maxFrame) - 1 }

    @inline(__always)
    mutating func render(position c: Double, scale: Double, view: WarpFrameView<W>, maxFrame: Int64,
                         out: UnsafeMutablePointer<W>) -> Bool {
        let n = WarpNumerics.floorIndex(c)
        let f = c - Double(n)
        if f == 0 {
            guard n <= maxFrame else { return false }
            view.copyFrame(n, to: out)
            return true
        }
        guard n &+ 1 < maxFrame else { return false }
        let om = view.offset(n &- 1)
        let o0 = view.offset(n)
        let o1 = view.offset(n &+ 1)
        let o2 = view.offset(n &+ 2)
        for k in 0..<view.channels {
            let a = view.sample(k, om).warpDouble, b = view.sample(k, o0).warpDouble
            let d = view.sample(k, o1).warpDouble, e = view.sample(k, o2).warpDouble
            let c1 = d - a
            let c2 = 2 * a - 5 * b + 4 * d - e
            let c3 = 3 * (b - d) + e - a
            out[k] = W(warpDouble: b + 0.5 * f * (c1 + f * (c2 + f * c3)))
        }
        return true
    }
}
