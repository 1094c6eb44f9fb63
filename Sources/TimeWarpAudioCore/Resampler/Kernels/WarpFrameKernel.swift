/// An interpolation kernel: renders the output frame at control point `position` (already clamped
/// to `0 ... N`) into `out`, or returns `false` without writing when it needs a frame above
/// `maxFrame` (input not received yet).
protocol WarpFrameKernel {
    /// The working precision of the window and output.
    associatedtype W: WarpWorkSample
    /// Whether `render` uses the local scale (the batch path computes it only then).
    static var usesScale: Bool { get }
    /// Renders one output frame (see the protocol).
    mutating func render(position c: Double, scale: Double, view: WarpFrameView<W>, maxFrame: Int64,
                         out: UnsafeMutablePointer<W>) -> Bool
    /// A position below which every point can be rendered now (at the current scale, for
    /// kernels whose reach depends on it); rendering may still refuse a point below it.
    func positionBound(maxFrame: Int64) -> Double
    /// Renders the points of `batch` into consecutive frames of `out` until one needs input
    /// above `maxFrame`; returns how many were rendered.
    mutating func render(batch: WarpPointBatch, view: WarpFrameView<W>, maxFrame: Int64,
                         out: UnsafeMutablePointer<W>) -> Int
    /// The render loop's fast path: renders the next control points of `generator` (at most
    /// `limit`, positions in `0 ..< bound`, see `ControlPointGenerator.walk`) into consecutive
    /// frames of `out`, advancing the generator past exactly the points rendered; `points` is
    /// scratch for at least three values per point of a batch. It may stop early at any point
    /// (the caller then renders that one the general way). Returns how many were rendered.
    mutating func renderRun(generator: inout ControlPointGenerator, limit: Int, bound: Double,
                            view: WarpFrameView<W>, maxFrame: Int64, out: UnsafeMutablePointer<W>,
                            points: UnsafeMutableBufferPointer<Double>) -> Int
}

extension WarpFrameKernel {
    /// One point at a time through `render(position:scale:view:maxFrame:out:)`.
    @inline(__always)
    mutating func render(batch: WarpPointBatch, view: WarpFrameView<W>, maxFrame: Int64,
                         out: UnsafeMutablePointer<W>) -> Int {
        let c = view.channels
        var k = 0
        while k < batch.count {
            guard render(position: batch.position(k), scale: batch.scale(k), view: view, maxFrame: maxFrame,
                         out: out + k &* c) else { break }
            k &+= 1
        }
        return k
    }
}

extension WarpFrameKernel {
    /// `renderRunInBatches`.
    @inline(__always)
    mutating func renderRun(generator: inout ControlPointGenerator, limit: Int, bound: Double,
                            view: WarpFrameView<W>, maxFrame: Int64, out: UnsafeMutablePointer<W>,
                            points: UnsafeMutableBufferPointer<Double>) -> Int {
        renderRunInBatches(generator: &generator, limit: limit, bound: bound, view: view, maxFrame: maxFrame, out: out,
                           points: points)
    }

    /// In batches: the generator walks up to `points.count / 3` control points into `points`,
    /// then `render(batch:...)` renders them; should it run out of input at point k, the
    /// generator is put back to the state after k points.
    @inline(__always)
    mutating func renderRunInBatches(generator: inout ControlPointGenerator, limit: Int, bound: Double,
                                     view: WarpFrameView<W>, maxFrame: Int64, out: UnsafeMutablePointer<W>,
                                     points: UnsafeMutableBufferPointer<Double>) -> Int {
        let capacity = points.count / 3
        guard let positions = points.baseAddress, capacity > 0 else { return 0 }
        let scales = positions + capacity, lefts = positions + 2 &* capacity
        let snapshot = generator
        let walked = generator.walk(limit: min(limit, capacity), bound: bound) { k, point in
            positions[k] = point.position
            if Self.usesScale {
                scales[k] = point.scale
                lefts[k] = Double(bitPattern: UInt64(bitPattern: point.left))
            }
            return true
        }
        guard walked > 0 else { return 0 }
        let batch = WarpPointBatch(positions: positions, scales: scales, lefts: lefts, count: walked)
        let rendered = render(batch: batch, view: view, maxFrame: maxFrame, out: out)
        if rendered < walked {
            generator = snapshot
            _ = generator.walk(limit: rendered, bound: .infinity) { _, _ in true }
        }
        return rendered
    }
}

/// Control points from `ControlPointGenerator.walk`, all in `0 ..< maxPosition` (where
/// `WarpRenderJob.clamp` leaves them unchanged).
struct WarpPointBatch {
    /// Positions (`count` of them).
    let positions: UnsafePointer<Double>
    /// Local scales (`count` of them; only written for kernels that use them).
    let scales: UnsafePointer<Double>
    /// The left ends of the points' intervals, `Int64` bit patterns (written along with `scales`).
    let lefts: UnsafePointer<Double>
    /// Points in the batch.
    let count: Int

    /// Point `k`'s position.
    @inline(__always)
    func position(_ k: Int) -> Double { positions[k] }

    /// Point `k`'s local scale.
    @inline(__always)
    func scale(_ k: Int) -> Double { scales[k] }

    /// The input index of point `k`'s interval's left end (`floor` of its position, unless the
    /// position rounded up to the next index).
    @inline(__always)
    func left(_ k: Int) -> Int64 { Int64(bitPattern: lefts[k].bitPattern) }
}
