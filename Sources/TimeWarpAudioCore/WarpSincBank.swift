#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Polyphase sinc tables for the speed-adaptive sinc kernel, one per quantised cut-off.
///
/// The local scale `s` picks a level `q`: the kernel bandwidth is `g_q = 2^(-q/32)`, the largest
/// level at or below `min(s, 1)` (so the cut-off is never above `s` times Nyquist: rounding only
/// ever removes a little more, at most 2.2%), down to `g = 1/32` (the 512-tap half-width cap).
/// A level's table holds, for `phases + 1` fractional offsets `f = φ/phases`, the `2H` weights
/// `K(g * (k - f))`, `k = -(H-1) ... H`, `H = ceil(Z/g)`, each row normalised to sum 1 (DC gain 1).
/// `phases = ceil(256 g)` keeps the phase resolution at 256 per zero crossing, so every table has
/// about `2 * 16 * 257` entries (~66 KB in `Double`, plus the layouts of `WarpSincLevel`). An
/// output sample interpolates linearly between two rows: contiguous loads, no per-tap index
/// arithmetic.
///
/// Levels are built on first use (tens of microseconds) and kept in a small LRU cache, so a
/// constant speed builds one table and a sweeping speed rebuilds rarely.
struct WarpSincBank {
    /// Quantisation steps per octave of bandwidth.
    static let levelsPerOctave = 32
    /// Deepest level: `g = 1/32`.
    static let maxLevel = 5 * levelsPerOctave
    /// Table phases per input sample at unit speed (per zero crossing at every level).
    static let phasesPerZeroCrossing = 256
    /// Scales in `[lowerBounds[q], lowerBounds[q-1])` use level `q`: `g_q` less a relative 1e-5,
    /// so a scale that is 1 (or `g_q`) up to rounding gets that level. The local scale comes from
    /// differences of absolute times, so its rounding error grows with stream time (about 1e-7 at
    /// t = 12000 s and 48 kHz); the identity map must still get the unit-speed kernel.
    static let lowerBounds: [Double] = bandwidths.map { $0 * (1 - 1e-5) }
    /// Levels kept (about 130 KB each, built only when used: a smooth curve uses a handful). A
    /// rough curve (keys every few dozen samples) visits many levels; rebuilding a table costs
    /// tens of microseconds, so they are kept (at most about 8 MB).
    static let cacheSize = 64

    /// `g_q` for `q = 0 ... maxLevel` (exact powers of two at whole octaves).
    static let bandwidths: [Double] = (0...maxLevel).map { pow(2, -Double($0) / Double(levelsPerOctave)) }

    private let prototype: WarpSincTable
    private(set) var levels: [WarpSincLevel] = []
    private var lastUse: [Int] = []
    private var clock = 0
    /// Tables built so far (each costs tens of microseconds).
    private(set) var builds = 0

    init(prototype: WarpSincTable) {
        self.prototype = prototype
    }

    /// The level for local scale `s`: the `q` with `lowerBounds[q] <= s < lowerBounds[q-1]`
    /// (`s` about 1 or more, and NaN, give 0; below `lowerBounds[maxLevel - 1]` gives `maxLevel`).
    /// A pure function of `s`, matching each level's `low ..< high`.
    static func level(forScale s: Double) -> Int {
        let bounds = lowerBounds
        guard s < bounds[0] else { return 0 }        // also NaN
        guard s >= bounds[maxLevel - 1] else { return maxLevel }
        var q = Int((-log2(s) * Double(levelsPerOctave)).rounded(.up))
        q = min(max(q, 1), maxLevel - 1)
        while q < maxLevel && s < bounds[q] { q += 1 }
        while q > 1 && s >= bounds[q - 1] { q -= 1 }
        return q
    }

    /// The table for scale `s`, building it (and evicting the least recently used) if needed.
    mutating func table(forScale s: Double) -> WarpSincLevel {
        let q = WarpSincBank.level(forScale: s)
        clock &+= 1
        for i in levels.indices where levels[i].level == q {
            lastUse[i] = clock
            return levels[i]
        }
        let built = WarpSincLevel(level: q, prototype: prototype)
        builds &+= 1
        if levels.count < WarpSincBank.cacheSize {
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
