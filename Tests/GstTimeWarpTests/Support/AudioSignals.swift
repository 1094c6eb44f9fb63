import Foundation

/// Test signals and measurements for audio element tests (all derived independently of the
/// element: closed-form sines, counts of zero crossings, RMS).
enum AudioSignals {
    /// `count` frames of a sine (amplitude `amplitude`) at `frequency` Hz, one channel.
    static func sine(_ frequency: Double, rate: Double = 48000, count: Int, amplitude: Double = 0.5) -> [Double] {
        (0..<count).map { amplitude * sin(2 * .pi * frequency * Double($0) / rate) }
    }

    /// Deterministic pseudo-random values in [-1, 1).
    static func noise(_ count: Int, seed: UInt64 = 12345) -> [Double] {
        var x = seed
        return (0..<count).map { _ in
            x = x &* 6364136223846793005 &+ 1442695040888963407
            return Double(x >> 11) / Double(1 << 53) * 2 - 1
        }
    }

    /// Little-endian bytes of `values` as F32.
    static func f32Bytes(_ values: [Double]) -> [UInt8] {
        values.flatMap { v -> [UInt8] in withUnsafeBytes(of: Float(v).bitPattern.littleEndian) { Array($0) } }
    }

    /// Decodes F32LE bytes.
    static func f32Values(_ bytes: [UInt8]) -> [Double] {
        stride(from: 0, to: bytes.count - 3, by: 4).map { i in
            Double(Float(bitPattern: UInt32(bytes[i]) | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2]) << 16 | UInt32(bytes[i + 3]) << 24))
        }
    }

    /// Frequency from zero crossings of `x[from..<to]`.
    static func zeroCrossingFrequency(_ x: [Double], rate: Double = 48000, from: Int, to: Int) -> Double {
        var crossings: [Double] = []
        for i in max(from, 1)..<min(to, x.count) where (x[i - 1] < 0) != (x[i] < 0) {
            crossings.append(Double(i - 1) + x[i - 1] / (x[i - 1] - x[i]))  // interpolated crossing
        }
        guard crossings.count >= 2, let first = crossings.first, let last = crossings.last else { return 0 }
        return Double(crossings.count - 1) / 2 / ((last - first) / rate)
    }

    /// Root mean square of `x[from..<to]`.
    static func rms(_ x: [Double], from: Int = 0, to: Int? = nil) -> Double {
        let end = min(to ?? x.count, x.count)
        guard end > from else { return 0 }
        return sqrt(x[from..<end].reduce(0) { $0 + $1 * $1 } / Double(end - from))
    }
}
