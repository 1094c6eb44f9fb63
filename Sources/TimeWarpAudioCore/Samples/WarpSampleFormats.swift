// The four sample formats of `WarpSample`: each runs the resampler's calls with its own type
// (`warpRun`), and converts to and from its working precision (`WarpCodec`).

/// S16: 16-bit signed integer samples, resampled in `Double`.
extension Int16: WarpSample, WarpCodec {
    typealias Work = Double

    /// Runs `call` in `Double`.
    public static func warpRun(_ call: WarpResamplerCall<Int16>, on resampler: inout WarpResampler) -> Int {
        resampler.run(call)
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

    /// Runs `call` in `Double`.
    public static func warpRun(_ call: WarpResamplerCall<Int32>, on resampler: inout WarpResampler) -> Int {
        resampler.run(call)
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

    /// Runs `call` in `Float`.
    public static func warpRun(_ call: WarpResamplerCall<Float>, on resampler: inout WarpResampler) -> Int {
        resampler.run(call)
    }

    @inline(__always)
    static func decode(_ sample: Float) -> Float { sample }

    @inline(__always)
    static func encode(_ value: Float) -> Float { value }
}

/// F64: 64-bit float samples, resampled in `Double`.
extension Double: WarpSample, WarpCodec {
    typealias Work = Double

    /// Runs `call` in `Double`.
    public static func warpRun(_ call: WarpResamplerCall<Double>, on resampler: inout WarpResampler) -> Int {
        resampler.run(call)
    }

    @inline(__always)
    static func decode(_ sample: Double) -> Double { sample }

    @inline(__always)
    static func encode(_ value: Double) -> Double { value }
}
