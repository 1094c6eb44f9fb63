/// Streaming time stretcher that keeps the pitch (WSOLA: waveform-similarity overlap-add) while
/// the tempo follows a time map `warp` (seconds -> seconds), the `pitch=preserve` counterpart of
/// `WarpResampler`.
///
/// Output frame `j` sits at `tau_j = warp(t0) + j/rate`, input frame `i` at `t_i = t0 + i/rate`
/// with `y_i = (warp(t_i) - warp(t0)) * rate` output frames (`WarpStretchPositions`). Window `k`
/// (`WarpStretchGeometry`: 30 ms, Hann weights, a hop of 15 ms) covers output frames
/// `k·hop ..< k·hop + window`; its source starts where the map puts the window's centre,
/// `T⁻¹`-wise: `round(p - hop)` with `p` the input position of output `k·hop + hop`, moved by at
/// most `search` frames to the start whose first hop best continues the previous window's source
/// (`WarpStretchSearch`, on the mono mix: one offset for all channels). The position is taken
/// from the map afresh for every window, so the search's moves never accumulate: the audio heard
/// at output time `τ` comes from input time `T⁻¹(τ)` within half a window plus the search range.
///
/// - Length: at the end (`finish()`) the total is exactly `round((warp(t_end) - warp(t0)) * rate)`
///   frames with `t_end = t0 + N/rate`, as `WarpResampler`'s.
/// - The first window's first half has weight 1 (nothing to fade from); windows past the input's
///   end read its last frames.
/// - Works in `Float` at the format's native scale (see `WarpCodec`, the codec `WarpResampler`
///   uses too); channels get the same offsets and weights, so identical channels stay
///   bit-identical.
/// - Conforms to `AudioWarpEngine` (`framesReady(upTo:)` is `prepare(upTo:)`).
/// - Memory is bounded: the input between the oldest frame a window may still read and the
///   newest, and the output of at most one preparation request plus a window.
/// - Total: NaN samples, empty buffers or extreme maps never trap.
public struct WarpStretcher {
    /// Interleaved channels per frame (clamped to `1 ... WarpResampler.maxChannels`).
    public let channels: Int
    /// Sample rate of input and output (Hz).
    public let rate: Int
    /// Window, hop and search sizes.
    public let geometry: WarpStretchGeometry
    /// Frames emitted so far.
    public internal(set) var outputCount: Int64 = 0
    /// True once the end has been rendered after `finish()`; later input is ignored.
    public internal(set) var isFinished = false
    /// True after `finish()`: no more input comes.
    public private(set) var isEnding = false

    var input: WarpStretchInput
    var positions: WarpStretchPositions
    var overlap: WarpStretchOverlapAdd
    let weights: [Float]
    var windowsPlaced: Int64 = 0
    var previousStart: Int?
    let chunkFrames: Int
    var converted: [Float] = []
    var searchEnergies: [Double] = []

    /// A stretcher for `channels` interleaved channels at `rate` Hz whose input frame 0 sits at
    /// `startTime` seconds, following the map applied in batches by `warpTimes` (each input time
    /// in the buffer replaced by its warped time; each time passed once, in order).
    public init(channels: Int, rate: Int, startTime: Double,
                warpTimes: @escaping @Sendable (UnsafeMutableBufferPointer<Double>) -> Void) {
        let c = min(max(channels, 1), WarpResampler.maxChannels)
        self.channels = c
        self.rate = max(rate, 1)
        geometry = WarpStretchGeometry(rate: rate)
        weights = geometry.weights()
        input = WarpStretchInput(channels: c)
        positions = WarpStretchPositions(rate: rate, startTime: startTime, warpTimes: warpTimes)
        overlap = WarpStretchOverlapAdd(channels: c)
        chunkFrames = max(64, 16384 / c)
    }

    /// A stretcher like `init(channels:rate:startTime:warpTimes:)` with a map called per time.
    public init(channels: Int, rate: Int, startTime: Double, warp: @escaping @Sendable (Double) -> Double) {
        self.init(channels: channels, rate: rate, startTime: startTime) { times in
            for k in times.indices { times[k] = warp(times[k]) }
        }
    }

    /// The number of output frames the stream has in total if it ends now.
    public var expectedOutputCount: Int64 { positions.outputLimit }

    /// Warps the input frames still to come through `warpTimes` instead (a live change): the
    /// frames taken keep their positions.
    public mutating func replaceWarp(warpTimes: @escaping @Sendable (UnsafeMutableBufferPointer<Double>) -> Void) {
        positions.warpTimes = warpTimes
    }

    /// Appends up to one chunk of interleaved `samples` (S16, S32, F32 or F64); returns how many
    /// samples it took (0 once ending, or for an unsupported type).
    public mutating func append<S: WarpSample>(_ samples: UnsafeBufferPointer<S>) -> Int {
        appendInput(samples)
    }

    /// No more input: the windows after this may read past the end, up to the final count.
    public mutating func finish() { isEnding = true }

    /// Places windows until at least `frames` output frames are ready (or no window can be
    /// placed yet); returns how many are ready now (0 when finished).
    public mutating func prepare(upTo frames: Int) -> Int {
        prepareOutput(upTo: frames)
    }

    /// Writes up to `output.count / channels` ready frames (see `prepare(upTo:)`) into `output`;
    /// returns how many.
    public mutating func render<S: WarpSample>(into output: UnsafeMutableBufferPointer<S>) -> Int {
        renderOutput(into: output)
    }

    /// Appends what is ready (everything, after `finish()`) to `output`: the array form of
    /// `prepare` and `render` (tests, offline use).
    public mutating func process<S: WarpSample>(_ samples: UnsafeBufferPointer<S>, into output: inout [S]) {
        processAll(samples, into: &output)
    }

    /// Ends the input and appends the rest of the output to `output`.
    public mutating func drain<S: WarpSample>(into output: inout [S]) {
        finish()
        collect(into: &output)
    }

    /// Output frames no later window reaches (every window placed covers the first half of the next).
    var finalized: Int64 { windowsPlaced &* Int64(geometry.hop) }
}

extension WarpStretcher: OverlapAddStretching {
    /// Places the next window.
    mutating func placeNext() -> Bool { placeWindow() }

    /// Nothing to do when input arrives.
    mutating func inputArrived() {}
}
