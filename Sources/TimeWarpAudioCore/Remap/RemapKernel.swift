#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The interpolation kernel of the tape mode: a Kaiser-windowed sinc, tabulated once, whose
/// cut-off follows the speed (`1/|speed|` of the input's band when faster than normal), so that
/// sped-up and reversed passages are anti-aliased.
struct RemapKernel: Sendable {
    /// Zero crossings on each side at the full band.
    static let zeroCrossings = 24
    /// Table steps per zero crossing.
    static let resolution = 256
    /// Kaiser's β: about 90 dB of stop-band rejection.
    static let beta = 9.0
    /// The fastest speed whose band is followed (beyond it the kernel stops widening; the cost
    /// per sample stays bounded).
    static let widestSpeed = 16.0

    /// `h(x)` for `x` in `0...zeroCrossings` at `1/resolution` steps (one extra entry).
    let table: [Float]

    /// The shared table.
    static let shared = RemapKernel()

    private init() {
        let n = Self.zeroCrossings * Self.resolution
        var table = [Float](repeating: 0, count: n + 2)
        let i0Beta = Self.besselI0(Self.beta)
        for i in 0...n {
            let x = Double(i) / Double(Self.resolution)
            let r = x / Double(Self.zeroCrossings)
            let window = Self.besselI0(Self.beta * (1 - r * r).squareRoot()) / i0Beta
            let sinc = x == 0 ? 1 : Glibc.sin(Double.pi * x) / (Double.pi * x)
            table[i] = Float(sinc * window)
        }
        self.table = table
    }

    /// The kernel at distance `x` (in units of the cut-off's zero crossings), 0 beyond the table.
    @inline(__always)
    func value(at x: Double) -> Float {
        let a = abs(x) * Double(Self.resolution)
        let i = Int(a)
        guard i < table.count - 1 else { return 0 }
        let f = Float(a - Double(i))
        return table[i] + (table[i + 1] - table[i]) * f
    }

    /// `I₀(x)`, the modified Bessel function of the first kind, by its series.
    static func besselI0(_ x: Double) -> Double {
        var sum = 1.0, term = 1.0, k = 1.0
        let q = x * x / 4
        while term > 1e-17 * sum {
            term *= q / (k * k)
            sum += term
            k += 1
        }
        return sum
    }

    /// `cos` without importing the C library elsewhere.
    static func cos(_ x: Double) -> Double { Glibc.cos(x) }
}
