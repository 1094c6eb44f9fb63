/// The sizes of the spectral engine at one sample rate: grains of `size` frames (a power of two,
/// about 43 ms: 2048 at 48 kHz) placed every `hop = size / 4` output frames, with a periodic Hann
/// analysis window (applied, with its derivative, in the frequency domain by
/// `SpectralGrainSynth+Analysis`) and a Hann synthesis window scaled so the windows' products, a
/// hop apart, sum to exactly 1.
public struct SpectralGeometry: Sendable, Equatable {
    /// Frames per grain (the FFT size).
    public let size: Int
    /// Output frames between grain centres (`size / 4`).
    public let hop: Int
    /// Frames per block of the onset detector (`size / 16`).
    public let onsetBlock: Int

    /// The geometry at `rate` Hz: the power of two nearest `seconds · rate` (at least 64).
    public init(rate: Int, seconds: Double = SpectralGeometry.grainSeconds) {
        let target = Double(max(rate, 1)) * seconds
        var n = 64
        while Double(n) * 1.5 < target && n < (1 << 20) { n <<= 1 }
        size = n
        hop = n / 4
        onsetBlock = max(4, n / 16)
    }

    /// The default grain length (s): chosen on `make pitch-quality` (docs/audio.md).
    public static let grainSeconds = 0.043
    /// The default crossover (Hz) below which grains `longRatio` times as long render the sound (the finer
    /// frequency resolution that keeps close partials apart; nil: one resolution). Chosen on
    /// `make pitch-quality` among 350, 500 and 800 Hz and one resolution: 500 Hz steadies the chord
    /// (the 277 Hz partial from 5.4 to 0.4 cents), lowers music's round-trip LSD and costs speech
    /// about 0.1 dB. In the transition (0.7 to 1.3 times it) the short grains take the long ones'
    /// phases, so a tone there keeps its level (within 0.03 dB; 4.5 dB were lost at 440 Hz before).
    public static let crossover: Double? = 500
    /// How many times longer the low band's grains are than the short ones (a power of two;
    /// their hop is as many short hops). Chosen on `make pitch-quality` between 2 and 4: at 4
    /// (171 ms at 48 kHz) the chord's partials, 57 Hz apart, are 9.7 bins apart instead of 4.9, and
    /// their frequencies hold within 0.12 cents instead of 1 (the reassignment estimate and
    /// the locked regions no longer take in the neighbours' side lobes); with the long grains'
    /// transient rule (`WarpSpectralStretcher.longAnchor`) round-trip LSD rises by 0.36 dB at
    /// most (speech at 0.5; every other cell by 0.2 dB at most).
    public static let longRatio = 4

    /// The latency of the spectral engine at `rate` Hz with the default sizes: its longest grain
    /// plus an onset block (frames).
    public static func engineLatencyFrames(rate: Int) -> Int {
        let short = SpectralGeometry(rate: rate)
        let longest = crossover == nil ? short.size : SpectralGeometry(rate: rate, seconds: Double(longRatio) * grainSeconds).size
        return longest &+ short.onsetBlock
    }


    /// The periodic Hann window `sin²(πn/N)` (the synthesis window's shape).
    func analysisWindow() -> [Float] {
        (0..<size).map { n in
            let s = WarpStretchGeometry.sinPi(Double(n) / Double(size))
            return Float(s * s)
        }
    }

    /// The synthesis window: Hann times `2/3` (four Hann² a quarter apart sum to 3/2) times `1/N`
    /// (the inverse FFT is unnormalised).
    func synthesisWindow() -> [Float] {
        analysisWindow().map { $0 * Float(2.0 / 3.0 / Double(size)) }
    }
}
