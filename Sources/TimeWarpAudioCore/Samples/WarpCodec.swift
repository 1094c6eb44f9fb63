/// How `WarpStretcher` reads and writes each sample format: it works in `Float` at the format's
/// native scale (integers are not normalised); writing rounds to nearest and saturates integer
/// formats, NaN becomes 0. S32 keeps 24 significant bits through the stretch.
protocol WarpStretchCodec {
    /// Appends `count` samples of this type at `raw` to `destination`, as `Float`.
    static func appendFloats(_ raw: UnsafeRawPointer, count: Int, to destination: inout [Float])
    /// Writes `source` as `source.count` samples of this type at `raw`.
    static func storeFloats(_ source: UnsafeBufferPointer<Float>, to raw: UnsafeMutableRawPointer)
}

/// Shared loops of the conversions.
enum WarpStretchConversion {
    /// Appends `count` converted values read from `raw` as `S` to `destination`.
    @inline(__always)
    static func append<S>(_ raw: UnsafeRawPointer, _: S.Type, count: Int, to destination: inout [Float],
                          _ convert: (S) -> Float) {
        let old = destination.count
        destination.append(contentsOf: repeatElement(0, count: count))
        let src = raw.assumingMemoryBound(to: S.self)
        destination.withUnsafeMutableBufferPointer { d in
            guard let dp = d.baseAddress else { return }
            for k in 0..<count { dp[old &+ k] = convert(src[k]) }
        }
    }

    /// Writes `source` converted to `S` at `raw`.
    @inline(__always)
    static func store<S>(_ source: UnsafeBufferPointer<Float>, to raw: UnsafeMutableRawPointer, _: S.Type,
                         _ convert: (Float) -> S) {
        let dst = raw.assumingMemoryBound(to: S.self)
        for k in source.indices { dst[k] = convert(source[k]) }
    }

    /// `v` rounded to nearest (halves away from zero) and clamped to `lo ... hi`; NaN gives 0.
    @inline(__always)
    static func saturate(_ v: Float, _ lo: Float, _ hi: Float) -> Float {
        guard v == v else { return 0 }
        if v <= lo { return lo }
        if v >= hi { return hi }
        return v < 0 ? -(-v + 0.5).rounded(.towardZero) : (v + 0.5).rounded(.towardZero)
    }
}

extension Int16: WarpStretchCodec {
    static func appendFloats(_ raw: UnsafeRawPointer, count: Int, to destination: inout [Float]) {
        WarpStretchConversion.append(raw, Int16.self, count: count, to: &destination) { Float($0) }
    }
    static func storeFloats(_ source: UnsafeBufferPointer<Float>, to raw: UnsafeMutableRawPointer) {
        WarpStretchConversion.store(source, to: raw, Int16.self) { Int16(WarpStretchConversion.saturate($0, -32768, 32767)) }
    }
}

extension Int32: WarpStretchCodec {
    static func appendFloats(_ raw: UnsafeRawPointer, count: Int, to destination: inout [Float]) {
        WarpStretchConversion.append(raw, Int32.self, count: count, to: &destination) { Float($0) }
    }
    static func storeFloats(_ source: UnsafeBufferPointer<Float>, to raw: UnsafeMutableRawPointer) {
        // 2147483647 is not a Float: saturate below 2^31 (the largest Float under it is 2^31 - 128).
        WarpStretchConversion.store(source, to: raw, Int32.self) {
            Int32(WarpStretchConversion.saturate($0, -2147483648, 2147483520))
        }
    }
}

extension Float: WarpStretchCodec {
    static func appendFloats(_ raw: UnsafeRawPointer, count: Int, to destination: inout [Float]) {
        WarpStretchConversion.append(raw, Float.self, count: count, to: &destination) { $0 }
    }
    static func storeFloats(_ source: UnsafeBufferPointer<Float>, to raw: UnsafeMutableRawPointer) {
        WarpStretchConversion.store(source, to: raw, Float.self) { $0 }
    }
}

extension Double: WarpStretchCodec {
    static func appendFloats(_ raw: UnsafeRawPointer, count: Int, to destination: inout [Float]) {
        WarpStretchConversion.append(raw, Double.self, count: count, to: &destination) { Float($0) }
    }
    static func storeFloats(_ source: UnsafeBufferPointer<Float>, to raw: UnsafeMutableRawPointer) {
        WarpStretchConversion.store(source, to: raw, Double.self) { Double($0) }
    }
}
