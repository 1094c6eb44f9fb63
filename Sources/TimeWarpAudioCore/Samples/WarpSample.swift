/// An interleaved audio sample type `WarpResampler` can process: S16 (`Int16`), S32 (`Int32`),
/// F32 (`Float`) and F64 (`Double`).
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
}

/// A sample type `WarpResampler` can also render straight into memory the caller owns (the
/// element renders into the outgoing buffer): the entry points of `WarpResampler+Direct.swift`
/// for one format, in its working precision.
public protocol WarpSampleCodec: WarpSample {
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

/// How a sample format converts to and from the precision the resampler works in for it.
protocol WarpWorkCodec {
    /// The working precision: `Float` for F32, `Double` for the other formats.
    associatedtype Work: WarpWorkSample
    /// One sample in the working precision (exact: integers and `Float` fit).
    static func work(_ sample: Self) -> Work
    /// Converts `source` and appends the results to `destination`, rounding and saturating
    /// integer formats (never trapping).
    static func store(_ source: UnsafeBufferPointer<Work>, appendingTo destination: inout [Self])
    /// Converts `source` into `source.count` values at `destination`.
    static func convert(_ source: UnsafeBufferPointer<Work>, into destination: UnsafeMutablePointer<Self>)
}

/// Shared bulk conversion loops (concrete per type once inlined into each conformance).
enum WarpSampleConversion {
    /// Appends `count` converted values to `destination` without per-element capacity checks.
    @inline(__always)
    static func append<S, W>(_ source: UnsafeBufferPointer<W>, to destination: inout [S], zero: S,
                             _ convert: (W) -> S) {
        let n = source.count
        guard n > 0 else { return }
        let old = destination.count
        destination.append(contentsOf: repeatElement(zero, count: n))
        destination.withUnsafeMutableBufferPointer { out in
            guard out.count >= old + n, let o = out.baseAddress, let s = source.baseAddress else { return }
            let dst = o + old
            for k in 0..<n { dst[k] = convert(s[k]) }
        }
    }

    /// Converts `source` into `source.count` values at `destination`.
    @inline(__always)
    static func convert<S, W>(_ source: UnsafeBufferPointer<W>, into destination: UnsafeMutablePointer<S>,
                              _ convert: (W) -> S) {
        guard let s = source.baseAddress else { return }
        for k in 0..<source.count { destination[k] = convert(s[k]) }
    }

    /// `v` rounded to nearest (halves away from zero) and clamped to `lo...hi`; NaN gives 0.
    @inline(__always)
    static func saturate(_ v: Double, _ lo: Double, _ hi: Double) -> Double {
        guard v == v else { return 0 }
        if v <= lo { return lo }
        if v >= hi { return hi }
        return v.rounded()
    }
}
