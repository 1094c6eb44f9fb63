/// How one sample format (S16 `Int16`, S32 `Int32`, F32 `Float`, F64 `Double`) converts to and
/// from the precision the audio core computes in: the one codec both engines read and write
/// samples through (`WarpResampler` in `Work`, `WarpStretcher` in `Float`).
///
/// Integer formats keep their native scale (no normalisation). Decoding is exact into `Work`;
/// encoding rounds to nearest (halves away from zero) and saturates integer formats, and NaN
/// becomes 0 (`saturate`), so it never traps.
protocol WarpCodec {
    /// The working precision of `WarpResampler`: `Float` for F32, `Double` for the other formats.
    associatedtype Work: WarpWorkSample
    /// One sample in the working precision (exact: integers and `Float` fit).
    static func decode(_ sample: Self) -> Work
    /// One working value as a sample: rounded and saturated for integer formats.
    static func encode(_ value: Work) -> Self
    /// Appends `count` samples of this type at `raw`, as `Float`, to `destination` (the
    /// stretcher's input; S32 keeps 24 significant bits).
    static func decodeFloats(_ raw: UnsafeRawPointer, count: Int, appendingTo destination: inout [Float])
    /// Writes `source` as `source.count` samples of this type at `raw` (the stretcher's output).
    static func encodeFloats(_ source: UnsafeBufferPointer<Float>, to raw: UnsafeMutableRawPointer)
}

extension WarpCodec {
    /// `decodeFloats` in one loop (a requirement, so each format's witness is specialised).
    @inline(__always)
    static func decodeFloats(_ raw: UnsafeRawPointer, count: Int, appendingTo destination: inout [Float]) {
        guard count > 0 else { return }
        let old = destination.count
        destination.append(contentsOf: repeatElement(0, count: count))
        let src = raw.assumingMemoryBound(to: Self.self)
        destination.withUnsafeMutableBufferPointer { d in
            guard let dp = d.baseAddress else { return }
            for k in 0..<count { dp[old &+ k] = Float(decode(src[k])) }
        }
    }

    /// `encodeFloats` in one loop: `Float` widens exactly to `Work`, then `encode`.
    @inline(__always)
    static func encodeFloats(_ source: UnsafeBufferPointer<Float>, to raw: UnsafeMutableRawPointer) {
        let dst = raw.assumingMemoryBound(to: Self.self)
        for k in source.indices { dst[k] = encode(Work(source[k])) }
    }

    /// Encodes `source` and appends the results to `destination` (the resampler's array output).
    @inline(__always)
    static func store(_ source: UnsafeBufferPointer<Work>, appendingTo destination: inout [Self]) {
        let n = source.count
        guard n > 0, let s = source.baseAddress else { return }
        if Self.self == Work.self {
            source.withMemoryRebound(to: Self.self) { destination.append(contentsOf: $0) }
            return
        }
        let old = destination.count
        destination.append(contentsOf: repeatElement(encode(0), count: n))
        destination.withUnsafeMutableBufferPointer { out in
            guard out.count >= old &+ n, let o = out.baseAddress else { return }
            let dst = o + old
            for k in 0..<n { dst[k] = encode(s[k]) }
        }
    }

    /// Encodes `source` into `source.count` samples at `destination` (the resampler's direct
    /// render).
    @inline(__always)
    static func convert(_ source: UnsafeBufferPointer<Work>, into destination: UnsafeMutablePointer<Self>) {
        guard let s = source.baseAddress else { return }
        if Self.self == Work.self {
            UnsafeMutableRawPointer(destination).copyMemory(from: s, byteCount: source.count &* MemoryLayout<Work>.stride)
            return
        }
        for k in 0..<source.count { destination[k] = encode(s[k]) }
    }

    /// `v` rounded to nearest (halves away from zero) and clamped to `lo ... hi`; NaN gives 0.
    /// The one rounding of every integer format's output. `lo` and `hi` must be whole numbers
    /// within `-2^52 ... 2^52`. No branch on the value (white noise made the old branches
    /// mispredict half the time): NaN, the clamp and the sign are selects, and the rounding is
    /// `trunc(c + copysign(0.5 - 2^-54, c))` through `Int64` (the x86-64 baseline has no rounding
    /// instruction), exact for every `|c| < 2^52`: `0.5 - 2^-54` instead of `0.5` keeps the
    /// largest double below a half from rounding up, and a half itself still reaches the next
    /// whole number (the sum rounds to it).
    @inline(__always)
    static func saturate(_ v: Double, _ lo: Double, _ hi: Double) -> Double {
        Double(saturatedWhole(v, lo, hi))
    }

    /// `saturate(v, lo, hi)` as an integer (in `lo ... hi`).
    @inline(__always)
    static func saturatedWhole(_ v: Double, _ lo: Double, _ hi: Double) -> Int64 {
        let x = v == v ? v : 0
        let c = x < lo ? lo : (x > hi ? hi : x)
        return Int64(c + Double(signOf: c, magnitudeOf: 0.49999999999999994))
    }
}
