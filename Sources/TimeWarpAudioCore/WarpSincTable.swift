#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The prototype kernel `K(x) = sinc(x) * kaiser(x / Z)` for `0 <= x <= Z` (`Z = zeroCrossings`),
/// sampled at `phasesPerZeroCrossing` points per unit of `x`; `WarpSincBank` builds its polyphase
/// tables from it by table lookup, so `sin` and the Bessel function run only here, once.
///
/// Entries at integer `x` are exactly 0 (and exactly 1 at `x = 0`), so an integer control point at
/// unit speed reproduces its input sample exactly.
final class WarpSincTable: Sendable {
    /// Zero crossings of the kernel on each side at unit speed (`Z`).
    static let zeroCrossings = 16
    /// Prototype phases per zero crossing (`P`); interpolation error about `(pi/P)^2/8`, ~ -106 dB.
    static let phasesPerZeroCrossing = 512
    /// Kaiser window shape parameter (about 72 dB stop-band attenuation).
    static let kaiserBeta = 7.0
    /// Largest kernel half-width in input samples. Speeding up by more than
    /// `maxHalfWidth / zeroCrossings` (32x) keeps this width, so the cut-off stays at 1/32 of
    /// Nyquist instead of following the speed further down.
    static let maxHalfWidth = 512

    /// `K(k / P)` for `k = 0 ... Z*P`, plus one trailing 0.
    let values: [Double]

    /// The one table shared by all resamplers (built once, about 64 KB).
    static let shared = WarpSincTable()

    private init() {
        let z = WarpSincTable.zeroCrossings
        let p = WarpSincTable.phasesPerZeroCrossing
        let count = z * p
        let beta = WarpSincTable.kaiserBeta
        let i0Beta = WarpSincTable.besselI0(beta)
        var v = [Double](repeating: 0, count: count + 2)
        v[0] = 1
        for k in 1..<count where k % p != 0 {
            let x = Double(k) / Double(p)
            let r = x / Double(z)
            let window = WarpSincTable.besselI0(beta * (1 - r * r).squareRoot()) / i0Beta
            v[k] = sin(Double.pi * x) / (Double.pi * x) * window
        }
        values = v
    }

    /// `K(|x|)` by linear interpolation between table entries; 0 for `|x| >= Z` and for NaN.
    func kernel(_ x: Double) -> Double {
        let y = (x < 0 ? -x : x) * Double(WarpSincTable.phasesPerZeroCrossing)
        guard y < Double(WarpSincTable.zeroCrossings * WarpSincTable.phasesPerZeroCrossing) else { return 0 }
        let i = Int(y)
        return values[i] + (y - Double(i)) * (values[i + 1] - values[i])
    }

    /// Modified Bessel function of the first kind, order 0 (power series).
    static func besselI0(_ x: Double) -> Double {
        let q = x * x / 4
        var sum = 1.0
        var term = 1.0
        for k in 1..<200 {
            term *= q / Double(k * k)
            sum += term
            if term < sum * 1e-17 { break }
        }
        return sum
    }
}
