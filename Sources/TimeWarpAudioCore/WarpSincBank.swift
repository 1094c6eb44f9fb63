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
/// Levels are built on first use and kept in a small LRU cache (as many as fit in
/// `cacheBytes`), so a constant speed builds one table and a sweeping speed rebuilds rarely.
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

    private let prototype: WarpSincTable
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

    init(prototype: WarpSincTable) {
        self.prototype = prototype
        let ratio = Double(WarpSincTable.maxHalfWidth) / Double(prototype.halfWidth)
        maxLevel = min(Int((log2(ratio) * Double(WarpSincBank.levelsPerOctave)).rounded(.down)),
                       WarpSincBank.deepestLevel)
        // Double rows plus Float rows and steps: about 16 bytes per entry of 2 L P.
        let levelBytes = 16 * 2 * prototype.halfWidth * prototype.quality.phasesPerSample
        cacheSize = min(max(WarpSincBank.cacheBytes / max(levelBytes, 1), 4), 64)
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
        let built = WarpSincLevel(level: q, deepest: maxLevel, prototype: prototype)
        builds &+= 1
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
