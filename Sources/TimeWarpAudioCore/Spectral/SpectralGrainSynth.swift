
/// The phase vocoder at the heart of the spectral engine, grain by grain: give it the input
/// frames around input position `p` (read in the direction of the tempo `v`: reversed for a
/// negative tempo, the same frames again for a freeze) and it returns the grain to overlap-add
/// one hop after the previous one. The same call serves a forward map (`WarpSpectralStretcher`)
/// and any grain placement a remap curve asks for.
///
/// Per grain: the channels' frames go through one complex FFT per pair, and each channel's
/// spectra under the Hann window and under its derivative come from its plain spectrum by three
/// taps (`SpectralGrainSynth+Analysis`); the channels' spectra are summed (the mix). Peaks of the mix's
/// magnitude get their instantaneous frequency by reassignment, `ω = ω_k − Im(X_dw / X_w)`, and
/// their phase advances from the previous grain's output phase by `ω · hop`; every other bin
/// takes the rotation of the peak whose region it lies in (identity phase locking,
/// Laroche–Dolson; regions split at the lowest bin between peaks). Every channel is rotated by
/// the same per-bin rotation, so the phase differences between channels (the stereo image) are
/// kept and identical channels stay equal (to `Float` rounding). A `reset` grain (a transient) is the
/// input frame itself (rotation 1): its waveform is kept, and later grains continue from it.
/// The instantaneous frequency is measured within the grain, so it does not depend on where the
/// previous grain was read: any tempo, jumps, freeze and backwards give steady partials.
///
/// All buffers are made once; `render` allocates nothing.
public struct SpectralGrainSynth: Sendable {
    /// Channels per frame.
    public let channels: Int
    /// The sizes.
    public let geometry: SpectralGeometry
    let fft: SpectralFFT
    let synthesis: [Float]
    /// Bins `0 ... N/2`.
    let bins: Int
    /// FFT scratch.
    var re: [Float], im: [Float]
    /// Each channel's spectrum (bin-major per channel: `c * bins + k`), centred on the grain.
    var xr: [Float], xi: [Float]
    /// Scratch: two channels' spectra under no window (`SpectralGrainSynth+Analysis`), bins
    /// `active.lowerBound − 1 ... active.upperBound`, as re A, im A, re B, im B side by side.
    var plain: [Float]
    /// The mix's spectrum and derivative spectrum.
    var mr: [Float], mi: [Float], dr: [Float], di: [Float]
    /// The mix's power per bin.
    var power: [Float]
    /// The previous grain's output spectrum of the mix (nil phase: zero).
    var previousR: [Float], previousI: [Float]
    /// The rotation applied to each bin.
    var rotR: [Float], rotI: [Float]
    /// Peak bins of the current grain (the first `peakCount`).
    var peaks: [Int32]
    var peakCount = 0
    /// Each bin's frequency as rendered by the last grain (rad per frame: its region's peak's).
    var binOmega: [Float]
    /// True until a grain has been rendered (the first one is taken as it is).
    var first = true
    /// The last grain, windowed and interleaved (`size * channels`).
    public internal(set) var output: [Float]
    /// Each bin's gain in the output (a band of a multi-resolution pair; all 1 by default).
    let band: [Float]
    /// The same times `(−1)^k` (un-centring), 0 for the imaginary part at DC and Nyquist.
    let gainR: [Float], gainI: [Float]
    /// The bins whose gain is not 0: `bandStart ..< bandEnd`.
    let bandStart: Int, bandEnd: Int
    /// The bins worked on: the band and 4 more on each side (a peak's neighbours); the others
    /// are silent in the output and skipped.
    let active: Range<Int>

    /// A vocoder for `channels` channels with grains of `geometry`.
    public init(channels: Int, geometry: SpectralGeometry, band: (Double) -> Float = { _ in 1 }) {
        let c = max(channels, 1)
        self.channels = c
        self.geometry = geometry
        let n = geometry.size
        fft = SpectralFFT(size: n)
        plain = [Float](repeating: 0, count: 4 * (n / 2 + 3))
        synthesis = geometry.synthesisWindow()
        bins = n / 2 + 1
        re = [Float](repeating: 0, count: n); im = re
        xr = [Float](repeating: 0, count: bins * c); xi = xr
        mr = [Float](repeating: 0, count: bins); mi = mr; dr = mr; di = mr; power = mr
        previousR = mr; previousI = mr; rotR = mr; rotI = mr
        binOmega = (0..<(n / 2 + 1)).map { Float(2 * Double.pi * Double($0) / Double(n)) }
        peaks = [Int32](repeating: 0, count: n / 2 + 1)
        output = [Float](repeating: 0, count: n * c)
        let gains = (0..<(n / 2 + 1)).map { band(Double($0) / Double(n)) }
        self.band = gains
        gainR = gains.indices.map { $0 & 1 == 0 ? gains[$0] : -gains[$0] }
        gainI = gains.indices.map { $0 == 0 || $0 == n / 2 ? 0 : ($0 & 1 == 0 ? gains[$0] : -gains[$0]) }
        bandStart = gains.firstIndex { $0 != 0 } ?? 0
        bandEnd = (gains.lastIndex { $0 != 0 } ?? 0) + 1
        active = max(0, bandStart - 4) ..< min(n / 2 + 1, max(bandEnd + 4, bandStart))
    }

    /// Forgets the phase history: the next grain is taken as it is.
    public mutating func restart() { first = true }

    /// The band of a multi-resolution pair at `rate` Hz, as a gain for a bin at `f` (cycles per
    /// frame): `low` keeps what lies below `crossover` Hz, the other what lies above, with a
    /// raised-cosine transition from 0.7 to 1.3 times it, so the two gains always sum to 1.
    public static func band(low: Bool, crossover: Double, rate: Int) -> (Double) -> Float {
        let r = Double(max(rate, 1))
        return { f in
            let hz = f * r
            let x = (hz - 0.7 * crossover) / (0.6 * crossover)
            let high = x <= 0 ? 0.0 : (x >= 1 ? 1.0 : 0.5 - 0.5 * RemapKernel.cos(Double.pi * x))
            return Float(low ? 1 - high : high)
        }
    }

    /// Renders the grain of `frame` (`size * channels` interleaved input frames, in playing
    /// order, centred on the grain's input position) into `output`; `reset` takes the input's
    /// phases as they are (a transient). Does nothing if `frame` is shorter.
    ///
    /// `guide` (the other vocoder of a multi-resolution pair, whose last grain was centred `ahead`
    /// frames before this one) sets the phases of the bins both render (where this one's band
    /// gain lies strictly between 0 and 1): each takes the guide's output phase at the same
    /// frequency, advanced by its frequency times `ahead`, so the two bands add up coherently
    /// across the crossover.
    public mutating func render(frame: UnsafeBufferPointer<Float>, reset: Bool,
                                guide: SpectralGrainSynth? = nil, ahead: Int = 0) {
        let n = geometry.size, c = channels
        guard frame.count >= n &* c, let f = frame.baseAddress else { return }
        clearMix()
        var pair = 0
        while pair < c {
            analyse(f, channel: pair, second: pair &+ 1 < c ? pair &+ 1 : nil)
            pair &+= 2
        }
        let resetting = reset || first
        first = false
        if resetting {
            for k in active { rotR[k] = 1; rotI[k] = 0 }
        } else {
            lockPhases(guide: guide, ahead: ahead)
        }
        keepOutputMix()
        var ch = 0
        while ch < c {
            synthesise(channel: ch, second: ch &+ 1 < c ? ch &+ 1 : nil)
            ch &+= 2
        }
    }

    /// `(cos x, sin x)` to about 1e-9, without the C library: `x` reduced to a quarter turn and
    /// the Taylor series to the 11th power there. `(1, 0)` for a non-finite or huge `x`.
    @inline(__always)
    static func cosSin(_ x: Double) -> (Double, Double) {
        guard x.isFinite, abs(x) < 1e9 else { return (1, 0) }
        let quarter = Double.pi / 2
        // Rounded to the nearest by the 1.5 · 2^52 shift (no C library call; |x| < 1e9).
        let shift = 6755399441055744.0
        let turns = (x / quarter + shift) - shift
        let r = x - turns * quarter
        let r2 = r * r
        // The series' factors as products (no divisions): 1/(k(k+1)).
        let s = r * (1 - r2 * (1.0 / 6) * (1 - r2 * (1.0 / 20) * (1 - r2 * (1.0 / 42) * (1 - r2 * (1.0 / 72) * (1 - r2 * (1.0 / 110))))))
        let c = 1 - r2 * 0.5 * (1 - r2 * (1.0 / 12) * (1 - r2 * (1.0 / 30) * (1 - r2 * (1.0 / 56) * (1 - r2 * (1.0 / 90)))))
        // Turned by `q` quarter turns without branches (the quadrant of a noisy phase is random):
        // (c, s), (−s, c), (−c, −s), (s, −c); the products by 0 and ±1 are exact.
        let q = Int(turns) & 3
        let odd = Double(q & 1)
        let u = c * (1 - odd) + s * odd, v = s * (1 - odd) + c * odd
        return (u * Double(1 &- 2 &* (((q &+ 1) >> 1) & 1)), v * Double(1 &- 2 &* ((q >> 1) & 1)))
    }
}
