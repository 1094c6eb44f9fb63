import CWarpSIMD

/// Blended weight rows of recent outputs, keyed by phase key (`WarpSincPhaseKey`: table row and
/// blend in one number), so that a ratio whose outputs fall on a few phases again and again (a
/// constant factor such as 3/2 puts every output on one of three) reads one ready row per output
/// instead of blending two.
///
/// A cached row is the one `W.sincWeights` makes, and the kernels sum it exactly as the blending
/// dot products sum their on-the-fly weights (see `CWarpSIMD`), so an output is the same bit for
/// bit whether it came through the cache or not: the cache only decides the cost. Ratios whose
/// phases hardly repeat (a changing speed, 48 to 44.1 kHz with its 147 phases) switch it off for
/// a while (`pausePoints`), and it holds no row wider than fits `bytes / 2`.
final class WarpSincRowCache {
    /// Memory for the rows.
    static let bytes = 64 << 10
    /// Lookups per verdict on the hit rate.
    static let window = 1024
    /// Points that skip the cache after a window with fewer hits than misses.
    static let pausePoints = 1 << 15

    private let storage: UnsafeMutableRawPointer
    private let cache: UnsafeMutablePointer<WarpSIMDRowCache>
    /// The level the rows come from (held, so that no other level can take its place in memory).
    private var owner: WarpSincLevel?
    private var ownerTaps = -1
    private var ownerSize = 0
    private var usable = false              // at least two rows fit
    private var lookups = 0
    private var hits = 0
    private var paused = 0

    init() {
        storage = UnsafeMutableRawPointer.allocate(byteCount: WarpSincRowCache.bytes, alignment: 64)
        cache = .allocate(capacity: 1)
        cache.initialize(to: WarpSIMDRowCache())
    }

    deinit {
        storage.deallocate()
        cache.deallocate()
    }

    /// Renders the run `plan` (see `WarpSincRun.run2`) of `level`'s `tables` through cached rows
    /// (keyed by the phase key) and returns true, or returns false without rendering when the
    /// cache is off for it.
    @inline(__always)
    func run2<W: WarpWorkSample>(_ left: UnsafePointer<W>, _ right: UnsafePointer<W>, level: WarpSincLevel,
                                 tables: WarpSincTables<W>, taps: Int, plan: UnsafePointer<Int>, count: Int,
                                 out: UnsafeMutablePointer<W>) -> Bool {
        let phases = level.phases
        guard W.self == Float.self || W.self == Double.self else { return false }
        if paused > 0 {
            paused &-= count
            return false
        }
        let size = MemoryLayout<W>.stride
        if level !== owner || taps != ownerTaps || size != ownerSize { reset(level: level, taps: taps, size: size) }
        guard usable else { return false }
        let found: Int
        if W.self == Float.self {
            found = warp_simd_sinc2kc_f32(Self.cast(left), Self.cast(right), Self.cast(tables.rows),
                                          Self.cast(tables.steps), tables.stride, phases, taps, plan, count,
                                          Self.castMutable(out), cache)
        } else {
            found = warp_simd_sinc2kc_f64(Self.cast(left), Self.cast(right), Self.cast(tables.rows), tables.stride,
                                          phases, taps, plan, count, Self.castMutable(out), cache)
        }
        lookups &+= count
        hits &+= found
        if lookups >= WarpSincRowCache.window {
            if hits &* 2 < lookups { paused = WarpSincRowCache.pausePoints }
            lookups = 0
            hits = 0
        }
        return true
    }

    /// Empties the cache for rows of `taps` values of `size` bytes from `level`'s tables.
    private func reset(level: WarpSincLevel, taps: Int, size: Int) {
        owner = level
        ownerTaps = taps
        ownerSize = size
        let stride = (max(taps, 1) &+ 15) & ~15            // whole 64-byte lines for Float
        let slots = min(WarpSincRowCache.bytes / (stride &* size), Int(WARP_SIMD_ROW_CACHE_SLOTS))
        usable = slots >= 2
        warp_simd_row_cache_reset(cache, storage, stride, max(slots, 2))   // unused unless `usable`
        lookups = 0
        hits = 0
    }

    @inline(__always)
    private static func cast<T, U>(_ p: UnsafePointer<T>) -> UnsafePointer<U> {
        UnsafeRawPointer(p).assumingMemoryBound(to: U.self)
    }

    @inline(__always)
    private static func castMutable<T, U>(_ p: UnsafeMutablePointer<T>) -> UnsafeMutablePointer<U> {
        UnsafeMutableRawPointer(p).assumingMemoryBound(to: U.self)
    }
}
