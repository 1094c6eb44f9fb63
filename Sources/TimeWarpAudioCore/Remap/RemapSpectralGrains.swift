/// What the remap engine's spectral mode (`pitch=preserve pitch-engine=spectral`) keeps: the
/// phase vocoders of the forward engine's two resolutions (`SpectralGrainSynth`, 43 ms grains a
/// quarter grain apart; below the crossover, 85 ms grains every other hop render the sound and
/// lend the short ones their phases), one gathered input frame for each, made once, and the
/// transients found in the input (`RemapSpectralOnsets`).
struct RemapSpectralGrains: Sendable {
    /// The short grains' vocoder (the whole band with one resolution).
    var short: SpectralGrainSynth
    /// The long grains' vocoder (the band below the crossover); nil for one resolution.
    var long: SpectralGrainSynth?
    /// One short grain's input, interleaved, in playing order.
    var frame: [Float]
    /// One long grain's input.
    var longFrame: [Float]
    /// Output frames between grain centres (a quarter of a short grain).
    let hop: Int
    /// Half the longest grain (frames): how far a grain reaches either side of its centre.
    let reach: Int
    /// True when the next grain must take its input's phases as they are (the first grain,
    /// after a cut, after a silent stretch of a freeze).
    var restartPending = true
    /// `τ` of the last grain placed (to find the cuts between two grains).
    var lastTau: Double?
    /// Where the last grain was read and in which direction, if it was taken as it is (its
    /// input's phases): a grain read exactly a hop further the same way is taken as it is too,
    /// so at speed ±1 the grains overlap-add to the input itself. Nil after a grain the vocoder
    /// turned.
    var unchanged: (input: Int, direction: Int)?
    /// The transients in the input.
    var onsets: RemapSpectralOnsets
    /// Half a short grain (frames): how near a transient must be to move a grain.
    let shortHalf: Int

    /// The vocoders for `channels` channels at `rate` Hz, with the forward engine's sizes.
    init(channels: Int, rate: Int) {
        let c = max(channels, 1)
        let g = SpectralGeometry(rate: rate)
        if let crossover = SpectralGeometry.crossover {
            let longGeometry = SpectralGeometry(rate: rate, seconds: 2 * SpectralGeometry.grainSeconds)
            short = SpectralGrainSynth(channels: c, geometry: g,
                                       band: SpectralGrainSynth.band(low: false, crossover: crossover, rate: rate))
            long = SpectralGrainSynth(channels: c, geometry: longGeometry,
                                      band: SpectralGrainSynth.band(low: true, crossover: crossover, rate: rate))
            longFrame = [Float](repeating: 0, count: longGeometry.size &* c)
            reach = longGeometry.size / 2
        } else {
            short = SpectralGrainSynth(channels: c, geometry: g)
            long = nil
            longFrame = []
            reach = g.size / 2
        }
        frame = [Float](repeating: 0, count: g.size &* c)
        hop = g.hop
        shortHalf = g.size / 2
        onsets = RemapSpectralOnsets(channels: c, geometry: g)
    }

    /// The first grain's index: early enough that the windows sum to one from output frame 0
    /// (even: a long grain starts the pairs).
    var firstGrain: Int { -((reach / max(hop, 1)) & ~1) }

    /// Whether grain `index` is a long one too (every other grain, with two resolutions).
    func hasLong(_ index: Int) -> Bool { long != nil && index & 1 == 0 }

    /// Copies `frame.count / channels` input frames centred on input frame `centre` from
    /// `history` (interleaved, its first frame at input frame `start`) into `frame`, in playing
    /// order: forwards for `direction` 1 (and 0, a freeze: the same frame again), reversed for
    /// -1. Silence where nothing is held.
    static func gather(_ history: [Float], start: Int, channels c: Int, centre: Int, direction: Int,
                       into frame: inout [Float]) {
        let n = frame.count / c, half = n / 2
        let held = history.count / c
        let d = direction < 0 ? -1 : 1
        history.withUnsafeBufferPointer { h in
            frame.withUnsafeMutableBufferPointer { f in
                guard let hp = h.baseAddress, let fp = f.baseAddress else { return }
                for i in 0..<n {
                    let at = centre &+ d &* (i &- half) &- start
                    if at >= 0 && at < held {
                        for ch in 0..<c { fp[i &* c &+ ch] = hp[at &* c &+ ch] }
                    } else {
                        for ch in 0..<c { fp[i &* c &+ ch] = 0 }
                    }
                }
            }
        }
    }
}
