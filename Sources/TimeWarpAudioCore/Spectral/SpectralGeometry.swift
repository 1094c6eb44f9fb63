/// The sizes of the spectral engine at one sample rate: grains of `size` frames (a power of two,
/// about 43 ms: 2048 at 48 kHz) placed every `hop = size / 4` output frames, with a periodic Hann
/// analysis window, its derivative (for each bin's instantaneous frequency) and a Hann synthesis
/// window scaled so the windows' products, a hop apart, sum to exactly 1.
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
    /// The default crossover (Hz) below which grains twice as long render the sound (the finer
    /// frequency resolution that keeps close partials apart): none. Measured (docs/audio.md), two
    /// resolutions steady the chord (0.49 instead of 4.5 cents at 277 Hz) but cost speech 2 dB of
    /// round-trip LSD at every crossover tried (500, 700, 1000 Hz), so one resolution is the default.
    public static let crossover: Double? = nil

    /// The delay between an input frame arriving and its output being final, at most: one
    /// grain plus an onset block (frames).
    public var latencyFrames: Int { size &+ onsetBlock }

    /// The periodic Hann window `sin²(πn/N)`.
    func analysisWindow() -> [Float] {
        (0..<size).map { n in
            let s = WarpStretchGeometry.sinPi(Double(n) / Double(size))
            return Float(s * s)
        }
    }

    /// The analysis window's derivative per frame, `(π/N) sin(2πn/N)`.
    func derivativeWindow() -> [Float] {
        (0..<size).map { n in
            let x = 2 * Double(n) / Double(size)
            let s = x <= 1 ? WarpStretchGeometry.sinPi(x) : -WarpStretchGeometry.sinPi(x - 1)
            return Float(Double.pi / Double(size) * s)
        }
    }

    /// The synthesis window: Hann times `2/3` (four Hann² a quarter apart sum to 3/2) times `1/N`
    /// (the inverse FFT is unnormalised).
    func synthesisWindow() -> [Float] {
        analysisWindow().map { $0 * Float(2.0 / 3.0 / Double(size)) }
    }
}
