/// Renders audio along a remap curve `p(τ)` from the input as it streams in: the output sample
/// `j` (at `τ_j = firstTau + j / rate`) is the input around `p(τ_j)`.
///
/// - `tape` (`pitch=follow`): interpolated at `p(τ_j)` by a windowed sinc whose cut-off follows
///   `1/|speed|`; backwards is the signal reversed (its pitch moved by the speed, as on tape).
/// - `grains` (`pitch=preserve`): Hann-windowed grains read at unit rate, forwards or backwards
///   with the direction of the curve, placed at `p(τ)`: the tempo is `|speed|`, the pitch kept.
/// - `spectral` (`pitch=preserve pitch-engine=spectral`): the phase vocoder's grains
///   (`SpectralGrainSynth`) placed the same way (`RemapAudioEngine+Spectral`).
///
/// A freeze is silence and a cut is faded out and in (`RemapAudioCurve.gain`). The engine keeps
/// the input the rest of the curve still needs (`earliestInput(from:)`) and nothing before it.
/// The output has exactly `round((τ_end - firstTau) · rate)` samples. Interleaved `Float`
/// samples in and out.
public struct RemapAudioEngine: Sendable {
    /// How the input is read.
    public enum Mode: Sendable {
        /// Resampled at `p(τ)`: the pitch follows the speed.
        case tape
        /// Overlap-added grains at unit rate: the pitch is kept.
        case grains
        /// Phase-vocoder grains along the curve: the pitch is kept, partials stay steady.
        case spectral
    }

    /// The curve.
    let curve: any RemapAudioCurve
    /// Channels per frame.
    let channels: Int
    /// Sample rate (Hz), the same in and out.
    let rate: Double
    /// How the input is read.
    let mode: Mode
    /// The output time `τ` (s) of output frame 0.
    let firstTau: Double
    /// Output frames in all: `round((τ_end - firstTau) · rate)`.
    public let totalFrames: Int
    /// The fades' length around freezes and cuts (s).
    static let fade = 0.005
    /// Grain length (frames) for `grains`: about 40 ms at 48 kHz, a power of two.
    let grainLength: Int
    /// The curve's freezes and cuts, read once.
    let silences: RemapSilences

    /// The input kept, interleaved, from input frame `historyStart` on.
    var history: [Float] = []
    /// The input frame index (from the map's origin) of `history`'s first frame.
    var historyStart = 0
    /// The output frames rendered so far.
    public internal(set) var renderedFrames = 0
    /// `grains`: the overlap-add accumulator from output frame `renderedFrames` on, and the next
    /// grain to add.
    var accumulator: [Float] = []
    var nextGrain = 0
    /// `grains`: where the last grain was read (input frame of its centre) and in which direction.
    var lastGrain: (input: Int, direction: Int)?
    /// `spectral`: the vocoders and their frames (nil in the other modes).
    var spectral: RemapSpectralGrains?

    /// An engine for `curve` from output time `firstTau` (s), at `rate` Hz with `channels`.
    public init(curve: any RemapAudioCurve, channels: Int, rate: Int, mode: Mode, firstTau: Double) {
        self.curve = curve
        self.channels = max(channels, 1)
        self.rate = Double(max(rate, 1))
        self.mode = mode
        self.firstTau = firstTau
        let frames = ((curve.outputDuration - firstTau) * Double(max(rate, 1))).rounded()
        totalFrames = frames.isFinite && frames > 0 ? Int(min(frames, 1e15)) : 0
        var g = 1024
        while Double(g) < 0.04 * Double(max(rate, 1)) { g *= 2 }
        grainLength = g
        silences = RemapSilences(spans: curve.silentSpans, fade: Self.fade)
        if mode == .spectral {
            let grains = RemapSpectralGrains(channels: self.channels, rate: max(rate, 1))
            nextGrain = grains.firstGrain
            accumulator.reserveCapacity((2 &* grains.reach &+ grains.hop) &* self.channels)
            spectral = grains
        }
    }

    /// The input frames held (what the curve will still play), for the history bound.
    public var historyFrames: Int { history.count / channels }

    /// The longest gap in the input filled with silence (frames per second of rate times this);
    /// a longer jump (damaged timestamps) starts the history afresh instead of allocating it.
    static let longestFilledGap = 10.0

    /// Appends interleaved input frames starting at input frame `start` (from the map's
    /// origin); a gap is filled with silence, an overlap drops what is already held.
    public mutating func append(_ samples: UnsafeBufferPointer<Float>, at start: Int) {
        let frames = samples.count / channels
        if history.isEmpty || Double(start - inputEnd) > Self.longestFilledGap * rate {
            history.removeAll()
            historyStart = start
            spectral?.onsets.restart(at: start)
        }
        let end = historyStart + history.count / channels
        if start > end {
            history.append(contentsOf: repeatElement(0, count: (start - end) * channels))
            spectral?.onsets.appendSilence(frames: start - end)
        }
        let skip = max(0, end - start)
        guard skip < frames else { return }
        let rest = UnsafeBufferPointer(rebasing: samples[(skip * channels)...])
        history.append(contentsOf: rest)
        spectral?.onsets.append(rest)
    }

    /// Renders what the input received so far allows (all of it when `final`, the input then
    /// being complete), as interleaved frames.
    public mutating func render(final: Bool) -> [Float] {
        let out: [Float]
        switch mode {
        case .tape: out = renderTape(final: final)
        case .grains: out = renderGrains(final: final)
        case .spectral: out = renderSpectral(final: final)
        }
        trimHistory()
        return out
    }

    /// `τ` of output frame `j`.
    func tau(ofFrame j: Int) -> Double { firstTau + Double(j) / rate }

    /// The input frames received: `historyStart ..< inputEnd`.
    var inputEnd: Int { historyStart + history.count / channels }

    /// Forgets the input before what the rest of the curve needs (with the kernel's or the
    /// grain's reach), once that is a good part of what is held.
    mutating func trimHistory() {
        let reach: Int
        switch mode {
        case .tape: reach = Int(Double(RemapKernel.zeroCrossings) * RemapKernel.widestSpeed) + 2
        case .grains: reach = grainLength + 2
        // Twice the grain's reach: the grains past the end read on along the last slope.
        case .spectral: reach = 2 &* (spectral?.reach ?? grainLength) + 2
        }
        let earliest = curve.earliestInput(from: tau(ofFrame: renderedFrames)) * rate
        guard earliest.isFinite else { return }
        let keepFrom = Int(earliest.rounded(.down)) - reach
        let drop = min(keepFrom - historyStart, history.count / channels)
        guard drop > 0, drop * 2 >= history.count / channels || drop > 65_536 else { return }
        history.removeFirst(drop * channels)
        historyStart += drop
        spectral?.onsets.forget(before: historyStart)
    }

    /// Input sample `n` of `channel` (0 outside what is held).
    @inline(__always)
    func sample(_ n: Int, _ channel: Int) -> Float {
        let i = n - historyStart
        guard i >= 0, i < history.count / channels else { return 0 }
        return history[i * channels + channel]
    }
}
