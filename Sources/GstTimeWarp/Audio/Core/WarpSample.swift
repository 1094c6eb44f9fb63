/// An interleaved audio sample type `WarpResampler` can process: S16 (`Int16`), S32 (`Int32`),
/// F32 (`Float`) and F64 (`Double`).
///
/// The resampler works in `Double` internally. Conversions work on whole buffers so that the
/// generic entry points dispatch once per buffer, never once per sample. Integer formats keep
/// their native scale (no normalisation): values convert exactly to `Double` and back with
/// rounding to nearest and saturation; NaN becomes 0.
public protocol WarpSample: Sendable {
    /// Converts `source` element by element into `destination` (same count; extra elements of
    /// either buffer are ignored).
    static func warpLoad(_ source: UnsafeBufferPointer<Self>, into destination: UnsafeMutableBufferPointer<Double>)
    /// Converts `source` and appends the results to `destination`, rounding and saturating
    /// integer formats (never trapping).
    static func warpStore(_ source: UnsafeBufferPointer<Double>, appendingTo destination: inout [Self])
}

/// Shared bulk conversion loops (concrete per type once inlined into each conformance).
enum WarpSampleConversion {
    /// Appends `count` converted values to `destination` without per-element capacity checks.
    @inline(__always)
    static func append<S>(_ source: UnsafeBufferPointer<Double>, to destination: inout [S], zero: S,
                          _ convert: (Double) -> S) {
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

    /// Converts `source` into `destination` over their common length.
    @inline(__always)
    static func load<S>(_ source: UnsafeBufferPointer<S>, into destination: UnsafeMutableBufferPointer<Double>,
                        _ convert: (S) -> Double) {
        let n = min(source.count, destination.count)
        guard n > 0, let s = source.baseAddress, let d = destination.baseAddress else { return }
        for k in 0..<n { d[k] = convert(s[k]) }
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

/// S16: 16-bit signed integer samples.
extension Int16: WarpSample {
    /// Converts S16 samples to `Double` exactly (no normalisation).
    public static func warpLoad(_ source: UnsafeBufferPointer<Int16>, into destination: UnsafeMutableBufferPointer<Double>) {
        WarpSampleConversion.load(source, into: destination) { Double($0) }
    }

    /// Rounds and saturates to `-32768...32767`; NaN becomes 0.
    public static func warpStore(_ source: UnsafeBufferPointer<Double>, appendingTo destination: inout [Int16]) {
        WarpSampleConversion.append(source, to: &destination, zero: 0) {
            Int16(WarpSampleConversion.saturate($0, -32768, 32767))
        }
    }
}

/// S32: 32-bit signed integer samples.
extension Int32: WarpSample {
    /// Converts S32 samples to `Double` exactly (no normalisation).
    public static func warpLoad(_ source: UnsafeBufferPointer<Int32>, into destination: UnsafeMutableBufferPointer<Double>) {
        WarpSampleConversion.load(source, into: destination) { Double($0) }
    }

    /// Rounds and saturates to `Int32.min...Int32.max`; NaN becomes 0.
    public static func warpStore(_ source: UnsafeBufferPointer<Double>, appendingTo destination: inout [Int32]) {
        WarpSampleConversion.append(source, to: &destination, zero: 0) {
            Int32(WarpSampleConversion.saturate($0, -2147483648, 2147483647))
        }
    }
}

/// F32: 32-bit float samples.
extension Float: WarpSample {
    /// Widens F32 samples to `Double` exactly.
    public static func warpLoad(_ source: UnsafeBufferPointer<Float>, into destination: UnsafeMutableBufferPointer<Double>) {
        WarpSampleConversion.load(source, into: destination) { Double($0) }
    }

    /// Rounds to the nearest `Float` (NaN and infinities pass through as in IEEE 754).
    public static func warpStore(_ source: UnsafeBufferPointer<Double>, appendingTo destination: inout [Float]) {
        WarpSampleConversion.append(source, to: &destination, zero: 0) { Float($0) }
    }
}

/// F64: 64-bit float samples.
extension Double: WarpSample {
    /// Copies F64 samples unchanged.
    public static func warpLoad(_ source: UnsafeBufferPointer<Double>, into destination: UnsafeMutableBufferPointer<Double>) {
        WarpSampleConversion.load(source, into: destination) { $0 }
    }

    /// Appends the samples unchanged.
    public static func warpStore(_ source: UnsafeBufferPointer<Double>, appendingTo destination: inout [Double]) {
        destination.append(contentsOf: source)
    }
}
