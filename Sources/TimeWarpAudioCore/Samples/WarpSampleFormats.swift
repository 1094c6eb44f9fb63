// The four sample formats of `WarpSample`: the resampler's entry points in each format's working
// precision, and the conversions to and from it.

/// S16: 16-bit signed integer samples, resampled in `Double`.
extension Int16: WarpSampleCodec, WarpWorkCodec {
    typealias Work = Double

    /// Resamples in `Double`.
    public static func warpProcess(_ input: UnsafeBufferPointer<Int16>, with resampler: inout WarpResampler,
                                   into output: inout [Int16]) {
        resampler.typedProcess(input, into: &output)
    }

    /// Drains in `Double`.
    public static func warpDrain(_ resampler: inout WarpResampler, into output: inout [Int16]) {
        resampler.typedDrain(into: &output)
    }

    /// Appends in `Double`.
    public static func warpAppend(_ input: UnsafeBufferPointer<Int16>, to resampler: inout WarpResampler) -> Int {
        resampler.typedAppend(input)
    }

    /// Renders in `Double`.
    public static func warpRender(_ resampler: inout WarpResampler, into output: UnsafeMutableBufferPointer<Int16>,
                                  final: Bool) -> Int {
        resampler.typedRender(into: output, final: final)
    }

    /// Moves on in `Double`.
    public static func warpRenderNothing(_ resampler: inout WarpResampler) {
        resampler.typedRenderNothing(Int16.self)
    }

    @inline(__always)
    static func work(_ sample: Int16) -> Double { Double(sample) }

    /// Rounds and saturates to `-32768...32767`; NaN becomes 0.
    static func store(_ source: UnsafeBufferPointer<Double>, appendingTo destination: inout [Int16]) {
        WarpSampleConversion.append(source, to: &destination, zero: 0) {
            Int16(WarpSampleConversion.saturate($0, -32768, 32767))
        }
    }

    static func convert(_ source: UnsafeBufferPointer<Double>, into destination: UnsafeMutablePointer<Int16>) {
        WarpSampleConversion.convert(source, into: destination) { Int16(WarpSampleConversion.saturate($0, -32768, 32767)) }
    }
}

/// S32: 32-bit signed integer samples, resampled in `Double`.
extension Int32: WarpSampleCodec, WarpWorkCodec {
    typealias Work = Double

    /// Resamples in `Double`.
    public static func warpProcess(_ input: UnsafeBufferPointer<Int32>, with resampler: inout WarpResampler,
                                   into output: inout [Int32]) {
        resampler.typedProcess(input, into: &output)
    }

    /// Drains in `Double`.
    public static func warpDrain(_ resampler: inout WarpResampler, into output: inout [Int32]) {
        resampler.typedDrain(into: &output)
    }

    /// Appends in `Double`.
    public static func warpAppend(_ input: UnsafeBufferPointer<Int32>, to resampler: inout WarpResampler) -> Int {
        resampler.typedAppend(input)
    }

    /// Renders in `Double`.
    public static func warpRender(_ resampler: inout WarpResampler, into output: UnsafeMutableBufferPointer<Int32>,
                                  final: Bool) -> Int {
        resampler.typedRender(into: output, final: final)
    }

    /// Moves on in `Double`.
    public static func warpRenderNothing(_ resampler: inout WarpResampler) {
        resampler.typedRenderNothing(Int32.self)
    }

    @inline(__always)
    static func work(_ sample: Int32) -> Double { Double(sample) }

    /// Rounds and saturates to `Int32.min...Int32.max`; NaN becomes 0.
    static func store(_ source: UnsafeBufferPointer<Double>, appendingTo destination: inout [Int32]) {
        WarpSampleConversion.append(source, to: &destination, zero: 0) {
            Int32(WarpSampleConversion.saturate($0, -2147483648, 2147483647))
        }
    }

    static func convert(_ source: UnsafeBufferPointer<Double>, into destination: UnsafeMutablePointer<Int32>) {
        WarpSampleConversion.convert(source, into: destination) { Int32(WarpSampleConversion.saturate($0, -2147483648, 2147483647)) }
    }
}

/// F32: 32-bit float samples, resampled in `Float` (held exactly; see `WarpWorkSample`).
extension Float: WarpSampleCodec, WarpWorkCodec {
    typealias Work = Float

    /// Resamples in `Float`.
    public static func warpProcess(_ input: UnsafeBufferPointer<Float>, with resampler: inout WarpResampler,
                                   into output: inout [Float]) {
        resampler.typedProcess(input, into: &output)
    }

    /// Drains in `Float`.
    public static func warpDrain(_ resampler: inout WarpResampler, into output: inout [Float]) {
        resampler.typedDrain(into: &output)
    }

    /// Appends in `Float`.
    public static func warpAppend(_ input: UnsafeBufferPointer<Float>, to resampler: inout WarpResampler) -> Int {
        resampler.typedAppend(input)
    }

    /// Renders in `Float`.
    public static func warpRender(_ resampler: inout WarpResampler, into output: UnsafeMutableBufferPointer<Float>,
                                  final: Bool) -> Int {
        resampler.typedRender(into: output, final: final)
    }

    /// Moves on in `Float`.
    public static func warpRenderNothing(_ resampler: inout WarpResampler) {
        resampler.typedRenderNothing(Float.self)
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
extension Double: WarpSampleCodec, WarpWorkCodec {
    typealias Work = Double

    /// Resamples in `Double`.
    public static func warpProcess(_ input: UnsafeBufferPointer<Double>, with resampler: inout WarpResampler,
                                   into output: inout [Double]) {
        resampler.typedProcess(input, into: &output)
    }

    /// Drains in `Double`.
    public static func warpDrain(_ resampler: inout WarpResampler, into output: inout [Double]) {
        resampler.typedDrain(into: &output)
    }

    /// Appends in `Double`.
    public static func warpAppend(_ input: UnsafeBufferPointer<Double>, to resampler: inout WarpResampler) -> Int {
        resampler.typedAppend(input)
    }

    /// Renders in `Double`.
    public static func warpRender(_ resampler: inout WarpResampler, into output: UnsafeMutableBufferPointer<Double>,
                                  final: Bool) -> Int {
        resampler.typedRender(into: output, final: final)
    }

    /// Moves on in `Double`.
    public static func warpRenderNothing(_ resampler: inout WarpResampler) {
        resampler.typedRenderNothing(Double.self)
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
