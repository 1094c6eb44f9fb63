// The four sample formats of `WarpSample`: the resampler's entry points in each format's working
// precision, and the codec (`WarpCodec`) to and from it.

/// S16: 16-bit signed integer samples, resampled in `Double`.
extension Int16: WarpSample, WarpCodec {
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
    static func decode(_ sample: Int16) -> Double { Double(sample) }

    /// Rounds and saturates to `-32768...32767`; NaN becomes 0.
    @inline(__always)
    static func encode(_ value: Double) -> Int16 { Int16(truncatingIfNeeded: saturatedWhole(value, -32768, 32767)) }
}

/// S32: 32-bit signed integer samples, resampled in `Double`.
extension Int32: WarpSample, WarpCodec {
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
    static func decode(_ sample: Int32) -> Double { Double(sample) }

    /// Rounds and saturates to `Int32.min...Int32.max`; NaN becomes 0.
    @inline(__always)
    static func encode(_ value: Double) -> Int32 { Int32(truncatingIfNeeded: saturatedWhole(value, -2147483648, 2147483647)) }
}

/// F32: 32-bit float samples, resampled in `Float` (held exactly; see `WarpWorkSample`).
extension Float: WarpSample, WarpCodec {
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
    static func decode(_ sample: Float) -> Float { sample }

    @inline(__always)
    static func encode(_ value: Float) -> Float { value }
}

/// F64: 64-bit float samples, resampled in `Double`.
extension Double: WarpSample, WarpCodec {
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
    static func decode(_ sample: Double) -> Double { sample }

    @inline(__always)
    static func encode(_ value: Double) -> Double { value }
}
