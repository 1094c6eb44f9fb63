#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Polyphase sinc tables for the speed-adaptive sinc kernel of one `WarpSincQuality`, one per
/// quantised bandwidth.
///
/// The local scale `s` picks a level `q`: the kernel bandwidth is `g_q = 2^(-q/32)`, the largest
/// level at or below `min(s, 1)`, so the stop band (which starts at `g` times the input's Nyquist
/// frequency) starts at or below the local Nyquist frequency `s` times it: rounding only ever
/// removes a little more, at most 2.2%. The deepest level is where the half-width `L/g` reaches
/// `WarpSincTable.maxHalfWidth`. A level's table holds, for `phases + 1` fractional offsets
/// `f = phi/phases`, the `2H` weights `K(g * (k - f))`, `k = -(H-1) ... H`, `H = ceil(L/g)`, each
/// row normalised to sum 1 (DC gain 1). `phases = ceil(P g)` (`P` the quality's phases per
/// sample) keeps the phase resolution per unit of `g x` constant, so every table has about
/// `2 L P` entries. An output sample interpolates linearly between two rows: contiguous loads,
/// no per-tap index arithmetic.
///
/// A level's table is built only once the outputs that asked for it would have cost about as much
/// to compute directly (`charge`): until then the kernel evaluates its weights from the prototype
/// for each output (`WarpSincDirectRow`). So a curve that visits a level briefly (a rough curve
/// with thousands of keys) never pays for a table it hardly uses, and no curve pays more than
/// about twice the better of the two choices. Built levels are kept in a small LRU cache (as many
/// as fit in `cacheBytes`).
struct WarpSincBank {
    /// Quantisation steps per octave of bandwidth.
    static let levelsPerOctave = 32
    /// Deepest level any quality can reach (`L = 10`, `maxHalfWidth = 1024`: under 7 octaves).
    static let deepestLevel = 7 * levelsPerOctave
    /// Scales in `[lowerBounds[q], lowerBounds[q-1])` use level `q`: `g_q` less a relative 1e-5,
    /// so a scale that is 1 (or `g_q`) up to rounding gets that level. The local scale comes from
    /// differences of absolute times, so its rounding error grows with stream time (about 1e-7 at
    /// t = 12000 s and 48 kHz); the identity map must still get the unit-speed kernel.
    static let lowerBounds: [Double] = bandwidths.map { $0 * (1 - 1e-5) }
    /// Memory the cached levels may take (a level of the default quality takes about 260 KB, one
    /// of quality 10 about 3 MB).
    static let cacheBytes = 24 << 20
    /// `g_q` for `q = 0 ... deepestLevel` (exact powers of two at whole octaves).
    static let bandwidths: [Double] = (0...deepestLevel).map { pow(2, -Double($0) / Double(levelsPerOctave)) }

    /// The kernel the levels tabulate.
    let prototype: WarpSincTable
    /// This quality's deepest level: the half-width reaches `WarpSincTable.maxHalfWidth`.
    let maxLevel: Int
    /// Levels kept (4 to 64, as `cacheBytes` allows). A rough curve (keys every few dozen
    /// samples) visits many levels; the kernel's smoothed scale and hysteresis keep it from
    /// switching at every point.
    let cacheSize: Int
    private(set) var levels: [WarpSincLevel] = []
    private var lastUse: [Int] = []
    private var clock = 0
    /// Tables built so far.
    private(set) var builds = 0
    /// Per level not in the cache: the direct evaluation work (taps) spent on it since it left
    /// (or before it entered) the cache.
    private var credit: [Int]

    init(prototype: WarpSincTable) {
        self.prototype = prototype
        let ratio = Double(WarpSincTable.maxHalfWidth) / Double(prototype.halfWidth)
        maxLevel = min(Int((log2(ratio) * Double(WarpSincBank.levelsPerOctave)).rounded(.down)),
                       WarpSincBank.deepestLevel)
        // Double rows plus Float rows and steps: about 16 bytes per entry of 2 L P.
        let levelBytes = 16 * 2 * prototype.halfWidth * prototype.quality.phasesPerSample
        cacheSize = min(max(WarpSincBank.cacheBytes / max(levelBytes, 1), 4), 64)
        credit = [Int](repeating: 0, count: maxLevel + 1)
    }

    /// Level `q`'s table if it is cached (marked as used), else `nil`.
    mutating func cached(_ q: Int) -> WarpSincLevel? {
        clock &+= 1
        for i in levels.indices where levels[i].level == q {
            lastUse[i] = clock
            return levels[i]
        }
        return nil
    }

    /// Records `taps` of direct evaluation at level `q` (not cached); returns the level's table,
    /// built now, once the work so far reaches what building it costs (its entry count).
    mutating func charge(_ q: Int, taps: Int) -> WarpSincLevel? {
        guard credit.indices.contains(q) else { return nil }
        credit[q] &+= taps
        let shape = WarpSincLevel.shape(level: q, deepest: maxLevel, prototype: prototype)
        guard credit[q] >= (shape.phases &+ 1) &* 2 &* shape.halfTaps else { return nil }
        credit[q] = 0
        return insert(WarpSincLevel(level: q, deepest: maxLevel, prototype: prototype))
    }

    /// The level for local scale `s`: the `q` with `lowerBounds[q] <= s < lowerBounds[q-1]`
    /// (`s` about 1 or more, and NaN, give 0; below `lowerBounds[maxLevel - 1]` gives `maxLevel`).
    /// A pure function of `s`, matching each level's `low ..< high`.
    func level(forScale s: Double) -> Int {
        let bounds = WarpSincBank.lowerBounds
        guard s < bounds[0] else { return 0 }        // also NaN
        guard s >= bounds[maxLevel - 1] else { return maxLevel }
        var q = Int((-log2(s) * Double(WarpSincBank.levelsPerOctave)).rounded(.up))
        q = min(max(q, 1), maxLevel - 1)
        while q < maxLevel && s < bounds[q] { q += 1 }
        while q > 1 && s >= bounds[q - 1] { q -= 1 }
        return q
    }

    /// The table for scale `s`, building it (and evicting the least recently used) if needed.
    mutating func table(forScale s: Double) -> WarpSincLevel {
        let q = level(forScale: s)
        clock &+= 1
        for i in levels.indices where levels[i].level == q {
            lastUse[i] = clock
            return levels[i]
        }
        return insert(WarpSincLevel(level: q, deepest: maxLevel, prototype: prototype))
    }

    /// Adds a freshly built table to the cache, evicting the least recently used if full.
    private mutating func insert(_ built: WarpSincLevel) -> WarpSincLevel {
        builds &+= 1
        clock &+= 1
        if levels.count < cacheSize {
            levels.append(built)
            lastUse.append(clock)
            return built
        }
        var oldest = 0
        for i in lastUse.indices where lastUse[i] < lastUse[oldest] { oldest = i }
        levels[oldest] = built
        lastUse[oldest] = clock
        return built
    }
}
