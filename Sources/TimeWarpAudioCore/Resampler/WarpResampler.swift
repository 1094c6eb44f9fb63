/// Streaming variable-rate resampler: makes audio follow a time map `warp` (seconds -> seconds).
///
/// Input frame `i` (counted from the segment start) sits at `t_i = t0 + i/rate` and is warped to
/// `X(i) = warp(t_i)`; output frame `j` sits at `tau_j = warp(t0) + j/rate`. Each output frame takes
/// the control point `c` of `ControlPointGenerator` and interpolates the input there with the chosen
/// `AudioInterpolation`. At end of stream (`drain`) the total number of output frames is exactly
/// `round((warp(t_end) - warp(t0)) * rate)` with `t_end = t0 + N/rate` for `N` input frames. The
/// mathematics: docs/mathematics.md#audio-control-points and the two sections after it.
///
/// - `warp` is called exactly once per input frame, plus once for `t0` (never integrated from 0);
///   it must be increasing: values that are not finite or not increasing are skipped (see
///   `ControlPointGenerator`). `init(channels:rate:interpolation:startTime:warpTimes:)` takes the
///   map as a batch function instead (one call per chunk of input times).
/// - Precision: F32 input is resampled in `Float`, the other formats in `Double` (see
///   `WarpWorkSample`); the first buffer's sample type decides.
/// - Memory is bounded: a window of about `2 * interpolation.maxLookahead` frames plus one
///   processing chunk, independent of stream length and buffer size. The output array is the
///   caller's.
/// - Frames before the first and after the last input frame read as copies of those frames.
/// - Output depends only on the input and the map, never on how the input is split into buffers
///   (buffers may even split a frame between channels).
/// - Sinc kernel: Kaiser-windowed sinc designed per `WarpSincQuality` (default: 100 dB stop band,
///   pass band to 0.8x and stop band from 1x the local Nyquist frequency, 32 taps a side at unit
///   speed, 256 table rows per sample blended linearly). Where the local scale `s < 1` (speeding
///   up) the whole response is scaled by `s` (quantised down to 2^(-1/32) steps) and the kernel
///   is `1/s` times wider, capped at 1024 input frames a side.
/// - Total: no input (NaN samples, empty buffers, extreme maps) makes it trap. Channel counts are
///   clamped to `1...maxChannels` and rates to at least 1.
/// - Three ways to drive it: the array form (`process`, `drain`), the direct form into memory of
///   the caller's (`WarpResampler+Direct.swift`), and `AudioWarpEngine`, the interface it shares
///   with `WarpStretcher` (`Engine/WarpResampler+Engine.swift`).
public struct WarpResampler {
    /// Largest supported channel count; larger requests are clamped to it.
    public static let maxChannels = 1024

    /// Interleaved channels per frame.
    public let channels: Int
    /// Sample rate of input and output (Hz).
    public let rate: Int
    /// Interpolation kernel.
    public let interpolation: AudioInterpolation
    /// Input time `t0` (seconds) of input frame 0.
    public internal(set) var startTime: Double
    /// Frames emitted so far.
    public internal(set) var outputCount: Int64 = 0
    /// True after `drain(into:)`; further input is ignored until `reset(startTime:)`.
    public internal(set) var isFinished = false

    // Internal state (used by WarpResampler+Streaming.swift).
    var warpTimes: @Sendable (UnsafeMutableBufferPointer<Double>) -> Void
    let rateD: Double
    let chunkFrames: Int
    let pad: Int                            // edge padding frames of the window
    let scratchFrames: Int                  // output frames rendered per batch
    var origin: Double                      // warp(t0)
    var generator: ControlPointGenerator
    var slot: WarpStoreSlot = .empty        // window and buffers, in the working precision
    var carryCount = 0                      // valid values of the store's `carry`
    var outputLimit: Int64 = 0              // round((X(N) - warp(t0)) * rate), monotone
    var limitX: Double = -Double.infinity   // largest valid X seen
    var hasHeld = false                     // the store's `held` frame awaits the count
    @usableFromInline var isDraining = false  // `finish()` or `drainStep` has started the end
    var sinc: WarpSincState?                // sinc tables, only for `.sinc`

    /// Creates a resampler for `channels` interleaved channels at `rate` Hz whose input frame 0
    /// sits at `startTime` seconds, following `warp`.
    public init(channels: Int, rate: Int, interpolation: AudioInterpolation,
                sincQuality: WarpSincQuality = .standard, startTime t0: Double,
                warp: @escaping @Sendable (Double) -> Double) {
        self.init(channels: channels, rate: rate, interpolation: interpolation, sincQuality: sincQuality,
                  startTime: t0) { times in
            for k in times.indices { times[k] = warp(times[k]) }
        }
    }

    /// Creates a resampler like `init(channels:rate:interpolation:startTime:warp:)` whose map is
    /// applied in batches: `warpTimes` replaces every input time in the buffer it is given by its
    /// warped time (each time is passed exactly once: `t0`, then `t_1`, `t_2`, ... in order).
    /// `sincQuality` designs the `.sinc` kernel (the others ignore it).
    public init(channels: Int, rate: Int, interpolation: AudioInterpolation,
                sincQuality: WarpSincQuality = .standard, startTime t0: Double,
                warpTimes: @escaping @Sendable (UnsafeMutableBufferPointer<Double>) -> Void) {
        let ch = min(max(channels, 1), WarpResampler.maxChannels)
        self.channels = ch
        self.rate = max(rate, 1)
        self.rateD = Double(max(rate, 1))
        self.interpolation = interpolation
        self.warpTimes = warpTimes
        self.startTime = t0
        self.chunkFrames = max(64, 16384 / ch)
        self.pad = interpolation.maxLookahead + 4
        self.scratchFrames = max(4096 / ch, 16)
        self.sinc = interpolation == .sinc ? WarpSincState(quality: sincQuality) : nil
        self.generator = ControlPointGenerator(rate: Double(max(rate, 1)))
        self.origin = .nan
        start(at: t0)
    }

    /// Samples of internal storage currently allocated for the input window and pending warped
    /// times (diagnostics: stays bounded whatever the stream length or buffer size).
    public var retainedSampleCapacity: Int { slot.storageCount &+ generator.queueCapacity }

    /// The number of output frames the stream will have in total if it ends now:
    /// `round((warp(t0 + N/rate) - warp(t0)) * rate)`.
    public var expectedOutputCount: Int64 { outputLimit }

    /// Appends interleaved `input` and appends to `output` every output frame that is now fully
    /// determined (enough input for the kernel, and certainly within the final count).
    @inlinable
    public mutating func process<S: WarpSample>(_ input: UnsafeBufferPointer<S>, into output: inout [S]) {
        _ = withUnsafeMutablePointer(to: &output) { S.warpRun(.process(input, into: $0), on: &self) }
    }

    /// End of stream: appends the remaining output frames so that `outputCount` becomes exactly
    /// `round((warp(t_end) - warp(t0)) * rate)`, reading copies of the last input frame beyond the
    /// end. An incomplete trailing frame is dropped. Later `process` calls are ignored until
    /// `reset(startTime:)`.
    @inlinable
    public mutating func drain<S: WarpSample>(into output: inout [S]) {
        _ = withUnsafeMutablePointer(to: &output) { S.warpRun(.drain(into: $0), on: &self) }
    }

    /// Warps the input frames still to come through `warpTimes` instead (a live change of the
    /// map). The frames already taken, the phase and the kernel history stay: when the new map
    /// equals the old one up to the next frame's time, the output continues without a click.
    public mutating func replaceWarp(warpTimes: @escaping @Sendable (UnsafeMutableBufferPointer<Double>) -> Void) {
        self.warpTimes = warpTimes
    }

    /// Forgets all input and output (flush / new segment); input frame 0 will sit at `t0`.
    public mutating func reset(startTime t0: Double) {
        startTime = t0
        outputCount = 0
        isFinished = false
        isDraining = false
        carryCount = 0
        hasHeld = false
        outputLimit = 0
        limitX = -Double.infinity
        slot = .empty
        generator = ControlPointGenerator(rate: rateD)
        sinc?.smoothedScale = .nan  // the tables stay cached; the scale history goes
        start(at: t0)
    }
}
