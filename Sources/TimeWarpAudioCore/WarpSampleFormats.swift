// The four sample formats of `WarpSample`: conversions to and from their working precision.

/// S16: 16-bit signed integer samples, resampled in `Double`.
extension Int16: WarpSample, WarpSampleCodec {
    typealias Work = Double

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

    /// Resamples in `Double`.
    public static func warpProcess(_ input: UnsafeBufferPointer<Int16>, with resampler: inout WarpResampler,
                                   into output: inout [Int16]) {
        resampler.typedProcess(input, into: &output)
    }

    /// Drains in `Double`.
    public static func warpDrain(_ resampler: inout WarpResampler, into output: inout [Int16]) {
        resampler.typedDrain(into: &output)
    }

    @inline(__always)
    static func work(_ sample: Int16) -> Double { Double(sample) }

    static func store(_ source: UnsafeBufferPointer<Double>, appendingTo destination: inout [Int16]) {
        warpStore(source, appendingTo: &destination)
    }

    static func convert(_ source: UnsafeBufferPointer<Double>, into destination: UnsafeMutablePointer<Int16>) {
        WarpSampleConversion.convert(source, into: destination) { Int16(WarpSampleConversion.saturate($0, -32768, 32767)) }
    }
}

/// S32: 32-bit signed integer samples, resampled in `Double`.
extension Int32: WarpSample, WarpSampleCodec {
    typealias Work = Double

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

    /// Resamples in `Double`.
    public static func warpProcess(_ input: UnsafeBufferPointer<Int32>, with resampler: inout WarpResampler,
                                   into output: inout [Int32]) {
        resampler.typedProcess(input, into: &output)
    }

    /// Drains in `Double`.
    public static func warpDrain(_ resampler: inout WarpResampler, into output: inout [Int32]) {
        resampler.typedDrain(into: &output)
    }

    @inline(__always)
    static func work(_ sample: Int32) -> Double { Double(sample) }

    static func store(_ source: UnsafeBufferPointer<Double>, appendingTo destination: inout [Int32]) {
        warpStore(source, appendingTo: &destination)
    }

    static func convert(_ source: UnsafeBufferPointer<Double>, into destination: UnsafeMutablePointer<Int32>) {
        WarpSampleConversion.convert(source, into: destination) { Int32(WarpSampleConversion.saturate($0, -2147483648, 2147483647)) }
    }
}

/// F32: 32-bit float samples, resampled in `Float` (held exactly; see `WarpWorkSample`).
extension Float: WarpSample, WarpSampleCodec {
    typealias Work = Float

    /// Widens F32 samples to `Double` exactly.
    public static func warpLoad(_ source: UnsafeBufferPointer<Float>, into destination: UnsafeMutableBufferPointer<Double>) {
        WarpSampleConversion.load(source, into: destination) { Double($0) }
    }

    /// Rounds to the nearest `Float` (NaN and infinities pass through as in IEEE 754).
    public static func warpStore(_ source: UnsafeBufferPointer<Double>, appendingTo destination: inout [Float]) {
        WarpSampleConversion.append(source, to: &destination, zero: 0) { Float($0) }
    }

    /// Resamples in `Float`.
    public static func warpProcess(_ input: UnsafeBufferPointer<Float>, with resampler: inout WarpResampler,
                                   into output: inout [Float]) {
        resampler.typedProcess(input, into: &output)
    }

    /// Drains in `Float`.
    public static func warpDrain(_ resampler: inout WarpResampler, into output: inout [Float]) {
        resampler.typedDrain(into: &output)
    }

    @inline(__always)
    static func work(_ sample: Float) -> Float { sample }

    static func store(_ source: UnsafeBufferPointer<Float>, appendingTo destination: inout [Float]) {
        destination.append(contentsOf: source)
    }

    static func convert(_ source: UnsafeBufferPointer<Float>, into destination: UnsafeMutablePointer<Float>) {
        if let s = source.baseAddress { destination.update(from: s, count: source.count) }
    }
}

/// F64: 64-bit float samples, resampled in `Double`.
extension Double: WarpSample, WarpSampleCodec {
    typealias Work = Double

    /// Copies F64 samples unchanged.
    public static func warpLoad(_ source: UnsafeBufferPointer<Double>, into destination: UnsafeMutableBufferPointer<Double>) {
        WarpSampleConversion.copy(source, into: destination)
    }

    /// Appends the samples unchanged.
    public static func warpStore(_ source: UnsafeBufferPointer<Double>, appendingTo destination: inout [Double]) {
        destination.append(contentsOf: source)
    }

    /// Resamples in `Double`.
    public static func warpProcess(_ input: UnsafeBufferPointer<Double>, with resampler: inout WarpResampler,
                                   into output: inout [Double]) {
        resampler.typedProcess(input, into: &output)
    }

    /// Drains in `Double`.
    public static func warpDrain(_ resampler: inout WarpResampler, into output: inout [Double]) {
        resampler.typedDrain(into: &output)
    }

    @inline(__always)
    static func work(_ sample: Double) -> Double { sample }

    static func store(_ source: UnsafeBufferPointer<Double>, appendingTo destination: inout [Double]) {
        destination.append(contentsOf: source)
    }

    static func convert(_ source: UnsafeBufferPointer<Double>, into destination: UnsafeMutablePointer<Double>) {
        if let s = source.baseAddress { destination.update(from: s, count: source.count) }
    }
}
