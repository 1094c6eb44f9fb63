/// A streaming engine that makes interleaved audio follow a time map: what the audio element
/// drives, whichever way the pitch goes. `WarpResampler` (the pitch follows the speed, as on
/// tape) and `WarpStretcher` (the pitch stays, WSOLA) both conform.
///
/// Output frame `j` sits at `warp(t0) + j/rate`; at the end the total is exactly
/// `round((warp(t_end) - warp(t0)) * rate)` frames (`expectedOutputCount` once `finish()` is
/// called), whatever the buffer sizes. One run drives it like this:
///
///     while taken < input.count {                       // for each buffer
///         taken += engine.append(input[taken...])
///         while case let ready = engine.framesReady(upTo: max), ready > 0 {
///             let written = engine.render(into: memory for min(ready, max) frames)
///             if written == 0 { break }
///         }
///     }
///     engine.finish()                                   // end of stream
///     while case let ready = engine.framesReady(upTo: max), ready > 0 {
///         if engine.render(into: memory for min(ready, max) frames) == 0 { break }
///     }
///
/// Every method is total: bad input (NaN samples, empty buffers, extreme maps, calls out of
/// order) never traps; after `isFinished` nothing more is taken or written.
public protocol AudioWarpEngine {
    /// Interleaved channels per frame (clamped to `1 ... WarpResampler.maxChannels`).
    var channels: Int { get }
    /// Sample rate of input and output (Hz).
    var rate: Int { get }
    /// Frames rendered so far.
    var outputCount: Int64 { get }
    /// The number of output frames the stream has in total if it ends now.
    var expectedOutputCount: Int64 { get }
    /// True once the whole output has been rendered after `finish()`.
    var isFinished: Bool { get }

    /// Appends one step's worth of interleaved `input` (S16, S32, F32 or F64; a frame may be
    /// split across calls) without rendering; returns how many samples it took (0 after
    /// `finish()`, for empty input or an unsupported type). Call again with the rest.
    mutating func append<S: WarpSample>(_ input: UnsafeBufferPointer<S>) -> Int
    /// Does the work that makes frames ready (preparing about `limit` of them; the count may
    /// exceed it) and returns how many `render(into:)` may write now: an upper bound (the
    /// resampler's kernel may still lack input for the last ones, and then `render` writes
    /// fewer). 0 when none can come out before more input arrives, and after `finish()` once
    /// the whole output has been rendered (`isFinished` is then true).
    mutating func framesReady(upTo limit: Int) -> Int
    /// Writes up to `output.count / channels` ready frames into `output` (memory of the
    /// caller's); returns how many frames it wrote.
    mutating func render<S: WarpSample>(into output: UnsafeMutableBufferPointer<S>) -> Int
    /// No more input comes: `framesReady` and `render` now deliver the rest of the stream, up
    /// to exactly `expectedOutputCount` frames.
    mutating func finish()
    /// Warps the input frames still to come through `warpTimes` instead (a live change of the
    /// map: each input time in the buffer it is given replaced by its warped time). The frames
    /// already taken keep their positions.
    mutating func replaceWarp(warpTimes: @escaping @Sendable (UnsafeMutableBufferPointer<Double>) -> Void)
}
