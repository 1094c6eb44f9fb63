/// Streaming time stretcher that keeps the pitch with a phase vocoder (`SpectralGrainSynth`)
/// while the tempo follows a time map `warp` (seconds -> seconds): `pitch=preserve
/// pitch-engine=spectral`, the counterpart of `WarpStretcher` (WSOLA).
///
/// Grain `k` is centred on output frame `c = k · hop` (`SpectralGeometry`: 43 ms grains, a
/// quarter-grain hop; below `crossover`, 500 Hz, grains four times as long every fourth hop render
/// the sound instead, `low`, and lend the short grains their phases across the crossover) and read around input position `p = T⁻¹(c)` (`WarpStretchPositions`, the
/// map taken afresh for every grain, so nothing drifts). Around a transient found in the input
/// (`SpectralOnsets`, at input frame `o`, output position `T(o)`), every grain whose input or
/// output window reaches it is read at unit rate from it instead, `p = o + (c − T(o))`, and
/// taken with its own phases (a phase reset): those grains overlap-add to the input itself, so
/// the transient is heard once, whole, at `T(o)`, and the tones go on from there (off the map
/// there by at most `size/2 · max(|X − 1|, |1 − 1/X|)` for a local factor `X`).
///
/// - Length: at the end (`finish()`) the total is exactly `round((warp(t_end) − warp(t0)) · rate)`
///   frames, as `WarpStretcher`'s and `WarpResampler`'s.
/// - Input outside what arrived reads as silence.
/// - Works in `Float` at the format's native scale (`WarpCodec`); every channel gets the same
///   phase rotations, so the stereo image is kept and identical channels stay equal (to
///   `Float` rounding: two channels share one inverse FFT).
/// - Conforms to `AudioWarpEngine`. Total: NaN samples, empty buffers or extreme maps never
///   trap; the per-grain work allocates nothing.
public struct WarpSpectralStretcher {
    /// Interleaved channels per frame (clamped to `1 ... WarpResampler.maxChannels`).
    public let channels: Int
    /// Sample rate of input and output (Hz).
    public let rate: Int
    /// Grain and hop sizes.
    public let geometry: SpectralGeometry
    /// Frames emitted so far.
    public internal(set) var outputCount: Int64 = 0
    /// True once the end has been rendered after `finish()`.
    public internal(set) var isFinished = false
    /// True after `finish()`: no more input comes.
    public private(set) var isEnding = false

    var input: WarpStretchInput
    var positions: WarpStretchPositions
    var overlap: WarpStretchOverlapAdd
    var synth: SpectralGrainSynth
    /// The long grains (`SpectralGeometry.longRatio` times the length and the hop) that render the band below
    /// `crossover`, where `synth` renders the band above; nil for one resolution.
    var low: SpectralGrainSynth?
    /// Short hops per long grain's hop (a power of two; 1 without `low`).
    let lowEvery: Int
    /// The gathered input of one long grain.
    var lowFrame: [Float]
    var onsets: SpectralOnsets
    /// The next grain's index (the first ones are centred before output 0, so that the windows
    /// sum to one from the first frame on).
    var nextGrain: Int
    /// The gathered input of one grain (`size * channels`).
    var frame: [Float]
    let chunkFrames: Int
    /// The longest grain (frames).
    let reach: Int
    var converted: [Float] = []

    /// A stretcher for `channels` interleaved channels at `rate` Hz whose input frame 0 sits at
    /// `startTime` seconds, following the map applied in batches by `warpTimes`.
    public init(channels: Int, rate: Int, startTime: Double, grainSeconds: Double = SpectralGeometry.grainSeconds,
                crossover: Double? = SpectralGeometry.crossover,
                warpTimes: @escaping @Sendable (UnsafeMutableBufferPointer<Double>) -> Void) {
        let c = min(max(channels, 1), WarpResampler.maxChannels)
        self.channels = c
        self.rate = max(rate, 1)
        let g = SpectralGeometry(rate: rate, seconds: grainSeconds)
        geometry = g
        input = WarpStretchInput(channels: c)
        positions = WarpStretchPositions(rate: rate, startTime: startTime, warpTimes: warpTimes)
        overlap = WarpStretchOverlapAdd(channels: c)
        if let crossover, crossover > 0, crossover.isFinite {
            let long = SpectralGeometry(rate: rate, seconds: Double(SpectralGeometry.longRatio) * grainSeconds)
            lowEvery = max(1, long.hop / g.hop)
            synth = SpectralGrainSynth(channels: c, geometry: g, band: SpectralGrainSynth.band(low: false, crossover: crossover, rate: rate))
            low = SpectralGrainSynth(channels: c, geometry: long, band: SpectralGrainSynth.band(low: true, crossover: crossover, rate: rate))
            lowFrame = [Float](repeating: 0, count: long.size &* c)
            reach = long.size
        } else {
            synth = SpectralGrainSynth(channels: c, geometry: g)
            lowFrame = []
            lowEvery = 1
            reach = g.size
        }
        positions.keptBehind = Self.reachGrains &* reach
        onsets = SpectralOnsets(block: g.onsetBlock, refractory: g.size / 2)
        // The first grains are centred before output 0 (a multiple of `lowEvery`: a long grain too).
        nextGrain = -((reach / g.hop &+ lowEvery &- 1) & ~(lowEvery &- 1))
        frame = [Float](repeating: 0, count: g.size &* c)
        chunkFrames = max(64, 16384 / c)
    }

    /// A stretcher like `init(channels:rate:startTime:warpTimes:)` with a map called per time.
    public init(channels: Int, rate: Int, startTime: Double, grainSeconds: Double = SpectralGeometry.grainSeconds,
                crossover: Double? = SpectralGeometry.crossover, warp: @escaping @Sendable (Double) -> Double) {
        self.init(channels: channels, rate: rate, startTime: startTime, grainSeconds: grainSeconds, crossover: crossover) { times in
            for k in times.indices { times[k] = warp(times[k]) }
        }
    }

    /// How far (in grains, input frames) a transient may lie from a grain's map position and
    /// still move it; the input and the map's positions are kept that far back.
    static let reachGrains = 4

    /// How close to a transient (a fraction of half a long grain, in input or output frames) a
    /// long grain is moved to read at unit rate from it. Chosen on `make pitch-quality` and an
    /// impulse among 0 (only the short grains' reach), 0.5, 0.75 and 1, with long grains of 171
    /// ms: at 0.75 an impulse comes out alone (echoes under 0.1 % of its height; 2 % at 0, the long
    /// grains just outside the short reach smearing its low band), music's round-trip LSD falls
    /// by 0.1–0.2 dB and speech's rises by up to 0.14 dB (nearer 1, whole syllables' low band
    /// leaves the map).
    static let longAnchor = 0.75

    /// The number of output frames the stream has in total if it ends now.
    public var expectedOutputCount: Int64 { positions.outputLimit }

    /// Warps the input frames still to come through `warpTimes` instead (a live change).
    public mutating func replaceWarp(warpTimes: @escaping @Sendable (UnsafeMutableBufferPointer<Double>) -> Void) {
        positions.warpTimes = warpTimes
    }

    /// Appends up to one chunk of interleaved `samples` (S16, S32, F32 or F64); returns how many
    /// samples it took (0 once ending, or for an unsupported type).
    public mutating func append<S: WarpSample>(_ samples: UnsafeBufferPointer<S>) -> Int {
        appendInput(samples)
    }

    /// No more input.
    public mutating func finish() { isEnding = true }

    /// Output frames no later grain reaches.
    var finalized: Int64 {
        let short = Int64(nextGrain) &* Int64(geometry.hop) &- Int64(geometry.size / 2)
        guard let low else { return short }
        let nextLong = Int64((nextGrain &+ lowEvery &- 1) & ~(lowEvery &- 1)) &* Int64(geometry.hop)
        return min(short, nextLong &- Int64(low.geometry.size / 2))
    }

    /// Places grains until at least `frames` output frames are ready (or none can be placed
    /// yet); returns how many are ready now (0 when finished).
    public mutating func prepare(upTo frames: Int) -> Int {
        prepareOutput(upTo: frames)
    }

    /// Writes up to `output.count / channels` ready frames into `output`; returns how many.
    public mutating func render<S: WarpSample>(into output: UnsafeMutableBufferPointer<S>) -> Int {
        renderOutput(into: output)
    }

    /// Appends what is ready to `output` (tests, offline use).
    public mutating func process<S: WarpSample>(_ samples: UnsafeBufferPointer<S>, into output: inout [S]) {
        processAll(samples, into: &output)
    }

    /// Ends the input and appends the rest of the output to `output`.
    public mutating func drain<S: WarpSample>(into output: inout [S]) {
        finish()
        collect(into: &output)
    }
}

extension WarpSpectralStretcher: OverlapAddStretching {
    /// Places the next grain.
    mutating func placeNext() -> Bool { placeGrain() }

    /// Looks for transients in the input taken.
    mutating func inputArrived() { onsets.scan(input) }
}
