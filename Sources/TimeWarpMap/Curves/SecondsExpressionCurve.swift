import Synchronization

/// The curve of `function=expression` for an expression in `t` alone when the media duration is
/// unknown (a live source): `s(t)` in seconds, integrated lazily in chunks of `chunkSeconds`
/// (docs/mathematics.md#expressions).
///
/// Each chunk `[kL, (k+1)L]` is tabulated like `ExpressionCurve`'s table (adaptive Gauss–Kronrod
/// onto Hermite nodes), the first when the curve is made (so its errors are reported and
/// `TimeMap` validates it), the others the first time a time inside them is asked for, after all
/// chunks before them (the running sum of their integrals is `F` at the chunk's start). A chunk's
/// table is then O(1) per call, like any other curve. Past the first chunk nothing can be checked
/// ahead: a negative or non-finite `s` there counts as 0, and a chunk too irregular to tabulate
/// is integrated with its mean scale. Beyond `maxChunks` chunks (about 69 days) the curve
/// continues with slope `s` at that point.
public struct SecondsExpressionCurve: TimeScaleCurve {
    /// The length of one chunk in seconds.
    public static let chunkSeconds = 60.0
    /// Most chunks tabulated.
    static let maxChunks = 100_000

    /// The expression for `s(t)`.
    public let expression: Expression
    /// The chunks tabulated so far.
    private let cache: ChunkCache

    /// Curves in seconds.
    public var domain: CurveDomain { .seconds }
    /// The first chunk, `0...chunkSeconds`, which is tabulated and validated up front.
    public var validationRange: ClosedRange<Double> { 0...Self.chunkSeconds }

    /// Tabulates the first chunk of `expression` (a function of `t` alone); throws naming `t`
    /// where `s` is not finite, singular or too irregular there.
    public static func make(expression: Expression) throws(CurveBuildError) -> SecondsExpressionCurve {
        let L = chunkSeconds
        do {
            let table = try HermiteTableBuilder.build { x in L * expression.evaluate(u: x * L, duration: 1) }
            return SecondsExpressionCurve(expression: expression, first: table)
        } catch {
            throw error.buildError(function: "s", duration: L)
        }
    }

    /// Wraps a tabulated first chunk.
    private init(expression: Expression, first: HermiteTable) {
        self.expression = expression
        cache = ChunkCache(first: first)
    }

    /// `s(t)`: the expression (`s(0)` before 0; clamped to `[0, ∞)` past the first chunk).
    public func scale(at t: Double) -> Double {
        let v = expression.evaluate(u: max(t, 0), duration: 1)
        if t <= Self.chunkSeconds { return v }
        return v.isFinite && v > 0 ? v : 0
    }

    /// `F(t) = ∫₀ᵗ s`: the chunk's table plus the integrals of the chunks before it.
    public func integral(to t: Double) -> Double {
        if t.isNaN { return t }
        if !(t > 0) { return scale(at: 0) * t }
        let L = Self.chunkSeconds
        let k = t / L
        guard k < Double(Self.maxChunks) else {
            let end = Double(Self.maxChunks) * L
            return integral(to: end) + scale(at: end) * (t - end)
        }
        let index = Int(k)
        let (base, table) = cache.chunk(index) { self.tabulate(chunk: $0) }
        return base + table.value(min(k - Double(index), 1))
    }

    /// The table of chunk `k > 0`, with `s` clamped as the type's doc says.
    private func tabulate(chunk k: Int) -> HermiteTable {
        let L = Self.chunkSeconds, start = Double(k) * L
        let g = { (x: Double) -> Double in
            let v = self.expression.evaluate(u: start + x * L, duration: 1)
            return v.isFinite && v > 0 ? L * v : 0
        }
        if let table = try? HermiteTableBuilder.build(g) { return table }
        let n = 256
        let mean = (0...n).reduce(0.0) { $0 + g(Double($1) / Double(n)) } / Double(n + 1)
        return HermiteTable(x: [0, 1], f: [0, mean], s: [mean, mean])
    }
}

/// The chunks of a `SecondsExpressionCurve` tabulated so far and `F` at each one's start, behind
/// a lock (curves are shared by the streaming threads of every element's map).
private final class ChunkCache: Sendable {
    /// `(F at the chunk's start, its table)` for chunks `0 ..< count`.
    private let chunks: Mutex<[(base: Double, table: HermiteTable)]>

    /// A cache holding the first chunk.
    init(first: HermiteTable) { chunks = Mutex([(0, first)]) }

    /// Chunk `index` (tabulating it, and every chunk before it, with `make` if needed).
    func chunk(_ index: Int, _ make: (Int) -> HermiteTable) -> (base: Double, table: HermiteTable) {
        chunks.withLock { list in
            while list.count <= index {
                let last = list[list.count - 1]
                list.append((last.base + last.table.f[last.table.f.count - 1], make(list.count)))
            }
            return list[index]
        }
    }
}
