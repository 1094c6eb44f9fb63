/// An interleaved audio sample type `WarpResampler` can process: S16 (`Int16`), S32 (`Int32`),
/// F32 (`Float`) and F64 (`Double`).
///
/// Each format has a working precision (see `WarpWorkSample`): F32 is resampled in `Float`, the
/// others in `Double`. Conversions work on whole buffers so that the generic entry points
/// dispatch once per buffer, never once per sample. Integer formats keep their native scale (no
/// normalisation): values convert exactly to `Double` and back with rounding to nearest and
/// saturation; NaN becomes 0.
public protocol WarpSample: Sendable {
    /// Converts `source` element by element into `destination` (same count; extra elements of
    /// either buffer are ignored).
    static func warpLoad(_ source: UnsafeBufferPointer<Self>, into destination: UnsafeMutableBufferPointer<Double>)
    /// Converts `source` and appends the results to `destination`, rounding and saturating
    /// integer formats (never trapping).
    static func warpStore(_ source: UnsafeBufferPointer<Double>, appendingTo destination: inout [Self])
    /// Feeds `input` to `resampler` in this format's working precision and appends the output
    /// frames that became ready to `output` (what `WarpResampler.process(_:into:)` does).
    static func warpProcess(_ input: UnsafeBufferPointer<Self>, with resampler: inout WarpResampler,
                            into output: inout [Self])
    /// Ends `resampler`'s stream in this format's working precision, appending the remaining
    /// output frames to `output` (what `WarpResampler.drain(into:)` does).
    static func warpDrain(_ resampler: inout WarpResampler, into output: inout [Self])
}

/// How a sample format converts to and from the precision the resampler works in for it.
protocol WarpSampleCodec {
    /// The working precision: `Float` for F32, `Double` for the other formats.
    associatedtype Work: WarpWorkSample
    /// One sample in the working precision (exact: integers and `Float` fit).
    static func work(_ sample: Self) -> Work
    /// Converts `source` and appends the results to `destination`.
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

    /// Converts `source` into `destination` over their common length.
    @inline(__always)
    static func load<S, W>(_ source: UnsafeBufferPointer<S>, into destination: UnsafeMutableBufferPointer<W>,
                           _ convert: (S) -> W) {
        let n = min(source.count, destination.count)
        guard n > 0, let s = source.baseAddress, let d = destination.baseAddress else { return }
        for k in 0..<n { d[k] = convert(s[k]) }
    }

    /// Copies the common length of `source` into `destination` unchanged.
    @inline(__always)
    static func copy<W>(_ source: UnsafeBufferPointer<W>, into destination: UnsafeMutableBufferPointer<W>) {
        let n = min(source.count, destination.count)
        guard n > 0, let s = source.baseAddress, let d = destination.baseAddress else { return }
        d.update(from: s, count: n)
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
