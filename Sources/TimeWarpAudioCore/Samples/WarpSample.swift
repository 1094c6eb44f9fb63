/// An interleaved audio sample format the audio core processes: S16 (`Int16`), S32 (`Int32`),
/// F32 (`Float`) and F64 (`Double`). Both engines (`AudioWarpEngine`: `WarpResampler` and
/// `WarpStretcher`) take and give samples of these types, converted by one codec (`WarpCodec`).
///
/// Each format has a working precision (see `WarpWorkSample`): F32 is resampled in `Float`, the
/// others in `Double`. The requirements are the resampler's entry points for one format: each
/// conformance calls the resampler's internal code with its concrete type, so the generic entry
/// points dispatch once per buffer (never once per sample), and code in other modules gets the
/// resampler's specialised loops without seeing them. Integer formats keep their native scale (no
/// normalisation): values convert exactly to `Double` and back with rounding to nearest and
/// saturation; NaN becomes 0.
public protocol WarpSample: Sendable {
    /// Feeds `input` to `resampler` in this format's working precision and appends the output
    /// frames that became ready to `output` (what `WarpResampler.process(_:into:)` does).
    static func warpProcess(_ input: UnsafeBufferPointer<Self>, with resampler: inout WarpResampler,
                            into output: inout [Self])
    /// Ends `resampler`'s stream in this format's working precision, appending the remaining
    /// output frames to `output` (what `WarpResampler.drain(into:)` does).
    static func warpDrain(_ resampler: inout WarpResampler, into output: inout [Self])
    /// What `WarpResampler.append(_:)` does: appends one step's worth of `input` to `resampler`
    /// without rendering; returns how many samples it took.
    static func warpAppend(_ input: UnsafeBufferPointer<Self>, to resampler: inout WarpResampler) -> Int
    /// What `WarpResampler.render(into:)` (`final` false) and `drainStep(into:)` (`final` true)
    /// do: renders the frames that are ready, or the end of the stream, into `output`; returns
    /// how many frames it wrote.
    static func warpRender(_ resampler: inout WarpResampler, into output: UnsafeMutableBufferPointer<Self>,
                           final: Bool) -> Int
    /// What `WarpResampler.renderNothing(_:)` does: moves the control points on without output.
    static func warpRenderNothing(_ resampler: inout WarpResampler)
}

/// The former name of `WarpSample` for the direct-render entry points, which are now part of it
/// (every sample format renders straight into memory the caller owns).
public typealias WarpSampleCodec = WarpSample
