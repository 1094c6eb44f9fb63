/// Streaming variable-rate resampler: makes audio follow a time map `warp` (seconds -> seconds).
///
/// Input frame `i` (counted from the segment start) sits at `t_i = t0 + i/rate` and is warped to
/// `X(i) = warp(t_i)`; output frame `j` sits at `tau_j = warp(t0) + j/rate`. Each output frame takes
/// the control point `c` of `ControlPointGenerator` and interpolates the input there with the chosen
/// `AudioInterpolation`. At end of stream (`drain`) the total number of output frames is exactly
/// `round((warp(t_end) - warp(t0)) * rate)` with `t_end = t0 + N/rate` for `N` input frames.
///
/// - `warp` is called exactly once per input frame, plus once for `t0` (never integrated from 0);
///   it must be increasing: values that are not finite or not increasing are skipped (see
///   `ControlPointGenerator`).
/// - Memory is bounded: a window of about `2 * maxLatencySamples` frames plus one processing chunk,
///   independent of stream length and buffer size. The output array is the caller's.
/// - Frames before the first and after the last input frame read as copies of those frames.
/// - Output depends only on the input and the map, never on how the input is split into buffers
///   (buffers may even split a frame between channels).
/// - Sinc kernel: Kaiser-windowed sinc (beta 7, 16 zero crossings a side at unit speed, 512-phase
///   table with linear interpolation). Where the local scale `s < 1` (speeding up) the cut-off is
///   `s` times Nyquist and the kernel is `1/s` times wider, capped at 512 input frames a side
///   (beyond 32x speed-up the cut-off stays at Nyquist/32).
/// - Total: no input (NaN samples, empty buffers, extreme maps) makes it trap. Channel counts are
///   clamped to `1...maxChannels` and rates to at least 1.
public struct WarpResampler: Sendable {
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
    /// Complete input frames received so far (`N`).
    public var inputCount: Int64 { window.realFrames }
    /// True after `drain(into:)`; further input is ignored until `reset(startTime:)`.
    public private(set) var isFinished = false

    // Internal state (used by WarpResampler+Streaming.swift).
    let warp: @Sendable (Double) -> Double
    let rateD: Double
    let chunkFrames: Int
    var origin: Double                      // warp(t0)
    var generator: ControlPointGenerator
    var window: WarpSampleWindow
    var carry: [Double]                     // values of an incomplete frame (capacity `channels`)
    var carryCount = 0
    var outputLimit: Int64 = 0              // round((X(N) - warp(t0)) * rate), monotone
    var limitX: Double = -Double.infinity   // largest valid X seen
    var xScratch: [Double]                  // warped times of the chunk being appended
    var outScratch: [Double]                // rendered frames awaiting conversion
    var held: [Double]                      // a rendered frame not yet within the count
    var hasHeld = false
    var sinc: WarpSincState?                // sinc tables, only for `.sinc`

    /// Creates a resampler for `channels` interleaved channels at `rate` Hz whose input frame 0
    /// sits at `startTime` seconds, following `warp`.
    public init(channels: Int, rate: Int, interpolation: AudioInterpolation, startTime t0: Double,
                warp: @escaping @Sendable (Double) -> Double) {
        let ch = min(max(channels, 1), WarpResampler.maxChannels)
        self.channels = ch
        self.rate = max(rate, 1)
        self.rateD = Double(max(rate, 1))
        self.interpolation = interpolation
        self.warp = warp
        self.startTime = t0
        self.chunkFrames = max(64, 16384 / ch)
        let pad = interpolation.maxLookahead + 4
        self.window = WarpSampleWindow(channels: ch, pad: pad, initialFrames: pad + 2 * max(64, 16384 / ch))
        self.carry = [Double](repeating: 0, count: ch)
        self.xScratch = [Double](repeating: 0, count: max(64, 16384 / ch))
        self.held = [Double](repeating: 0, count: ch)
        self.sinc = interpolation == .sinc ? WarpSincState() : nil
        self.outScratch = [Double](repeating: 0, count: max(4096 / ch, 16) * ch)
        self.generator = ControlPointGenerator(rate: Double(max(rate, 1)))
        self.origin = .nan
        start(at: t0)
    }

    /// Input frames the kernel looks ahead at unit speed or when slowing down (what the element
    /// reports as latency). For `sinc` this grows when speeding up, up to `maxLatencySamples`.
    public var latencySamples: Int { interpolation.nominalLookahead }

    /// The largest lookahead in input frames the kernel can ever need (sinc at >= 32x speed-up).
    public var maxLatencySamples: Int { interpolation.maxLookahead }

    /// Input frames currently held by the interpolation window, including edge padding
    /// (diagnostics: stays bounded whatever the stream length or buffer size).
    public var retainedFrameCount: Int { window.frameCount }

    /// Samples of internal storage currently allocated for the input window and pending warped
    /// times (diagnostics: stays bounded whatever the stream length or buffer size).
    public var retainedSampleCapacity: Int { window.storage.count &+ generator.pendingCount &+ xScratch.count }

    /// The number of output frames the stream will have in total if it ends now:
    /// `round((warp(t0 + N/rate) - warp(t0)) * rate)`.
    public var expectedOutputCount: Int64 { outputLimit }

    /// Appends interleaved `input` and appends to `output` every output frame that is now fully
    /// determined (enough input for the kernel, and certainly within the final count).
    public mutating func process<S: WarpSample>(_ input: UnsafeBufferPointer<S>, into output: inout [S]) {
        guard !isFinished, let src = input.baseAddress, input.count > 0 else { return }
        let c = channels
        var consumed = 0
        let total = input.count

        // Complete a frame split across buffers.
        if carryCount > 0 {
            let take = min(c - carryCount, total)
            let at = carryCount
            carry.withUnsafeMutableBufferPointer { buf in
                guard at + take <= buf.count, let p = buf.baseAddress else { return }
                S.warpLoad(UnsafeBufferPointer(start: src, count: take),
                           into: UnsafeMutableBufferPointer(start: p + at, count: take))
            }
            carryCount += take
            consumed = take
            if carryCount == c {
                carryCount = 0
                var frame: [Double] = []
                swap(&frame, &carry)
                appendFrames(1) { dst in
                    for k in 0..<min(dst.count, frame.count) { dst[k] = frame[k] }
                }
                swap(&frame, &carry)
                produce(final: false, into: &output)
            }
        }

        // Whole frames, a chunk at a time so the window stays small.
        while total - consumed >= c {
            let frames = min((total - consumed) / c, chunkFrames)
            let chunk = UnsafeBufferPointer(start: src + consumed, count: frames * c)
            appendFrames(frames) { S.warpLoad(chunk, into: $0) }
            consumed += frames * c
            produce(final: false, into: &output)
        }

        // Keep an incomplete trailing frame for the next buffer.
        if consumed < total {
            let rest = total - consumed
            carry.withUnsafeMutableBufferPointer { buf in
                guard rest <= buf.count, let p = buf.baseAddress else { return }
                S.warpLoad(UnsafeBufferPointer(start: src + consumed, count: rest),
                           into: UnsafeMutableBufferPointer(start: p, count: rest))
            }
            carryCount = rest
        }
    }

    /// End of stream: appends the remaining output frames so that `outputCount` becomes exactly
    /// `round((warp(t_end) - warp(t0)) * rate)`, reading copies of the last input frame beyond the
    /// end. An incomplete trailing frame is dropped. Later `process` calls are ignored until
    /// `reset(startTime:)`.
    public mutating func drain<S: WarpSample>(into output: inout [S]) {
        guard !isFinished else { return }
        isFinished = true
        carryCount = 0
        guard window.realFrames > 0 else { return }
        window.appendTailPadding()
        produce(final: true, into: &output)
    }

    /// Forgets all input and output (flush / new segment); input frame 0 will sit at `t0`.
    public mutating func reset(startTime t0: Double) {
        startTime = t0
        outputCount = 0
        isFinished = false
        carryCount = 0
        hasHeld = false
        outputLimit = 0
        limitX = -Double.infinity
        window = WarpSampleWindow(channels: channels, pad: window.pad,
                                  initialFrames: window.pad + 2 * chunkFrames)
        generator = ControlPointGenerator(rate: rateD)
        start(at: t0)
    }
}
