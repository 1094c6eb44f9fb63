/// An interleaved audio sample format the audio core processes: S16 (`Int16`), S32 (`Int32`),
/// F32 (`Float`) and F64 (`Double`). Both engines (`AudioWarpEngine`: `WarpResampler` and
/// `WarpStretcher`) take and give samples of these types, converted by one codec (`WarpCodec`).
///
/// Each format has a working precision (see `WarpWorkSample`): F32 is resampled in `Float`, the
/// others in `Double`. The one requirement hands a resampler call to the format, which runs it
/// with its concrete type: the generic entry points dispatch once per call (never once per
/// sample), and code in other modules gets the resampler's specialised loops without seeing
/// them. Integer formats keep their native scale (no normalisation): values convert exactly to
/// `Double` and back with rounding to nearest and saturation; NaN becomes 0.
public protocol WarpSample: Sendable {
    /// Runs `call` on `resampler` in this format's working precision; returns the samples taken
    /// (`append`), the frames written (`render`) or 0.
    static func warpRun(_ call: WarpResamplerCall<Self>, on resampler: inout WarpResampler) -> Int
}
