#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The prototype kernel of one `WarpSincQuality`, `K(x) = fc sinc(fc x) kaiser(x / L)` for
/// `0 <= x <= L`, sampled at `resolution` points per unit of `x`; `WarpSincBank` builds its
/// polyphase tables from it by linear interpolation, so `sin` and the Bessel function run only
/// here, once per quality and process. (Interpolating the prototype only turns it into a
/// slightly different continuous kernel, with its replicas `2 pi resolution` away: no
/// phase-dependent error, unlike the blending of table rows.)
final class WarpSincTable: Sendable {
    /// Largest kernel half-width in input samples. Speeding up by more than
    /// `maxHalfWidth / L` (32x at the default quality, 11x at quality 10) keeps this width, so
    /// the cut-off stops following the speed there.
    static let maxHalfWidth = 1024

    /// The design this prototype samples.
    let quality: WarpSincQuality
    /// `L`.
    let halfWidth: Int
    /// Samples per unit of `x` (twice the quality's phases per sample, so unit-speed rows fall on
    /// samples exactly).
    let resolution: Int
    /// `K(k / resolution)` for `k = 0 ... L * resolution`, plus one trailing 0.
    let values: [Double]

    /// The prototype for `quality`, built on first use and shared by all resamplers.
    static func shared(_ quality: WarpSincQuality) -> WarpSincTable {
        switch quality.level {
        case 0: return q0
        case 1: return q1
        case 2: return q2
        case 3: return q3
        case 4: return q4
        case 5: return q5
        case 6: return q6
        case 7: return q7
        case 8: return q8
        case 9: return q9
        default: return q10
        }
    }
    private static let q0 = WarpSincTable(WarpSincQuality(0))
    private static let q1 = WarpSincTable(WarpSincQuality(1))
    private static let q2 = WarpSincTable(WarpSincQuality(2))
    private static let q3 = WarpSincTable(WarpSincQuality(3))
    private static let q4 = WarpSincTable(WarpSincQuality(4))
    private static let q5 = WarpSincTable(WarpSincQuality(5))
    private static let q6 = WarpSincTable(WarpSincQuality(6))
    private static let q7 = WarpSincTable(WarpSincQuality(7))
    private static let q8 = WarpSincTable(WarpSincQuality(8))
    private static let q9 = WarpSincTable(WarpSincQuality(9))
    private static let q10 = WarpSincTable(WarpSincQuality(10))

    private init(_ quality: WarpSincQuality) {
        self.quality = quality
        let l = quality.halfWidth
        let p = 2 * quality.phasesPerSample
        let count = l * p
        let beta = quality.kaiserBeta
        let fc = quality.cutoff
        let i0Beta = WarpSincTable.besselI0(beta)
        var v = [Double](repeating: 0, count: count + 2)
        v[0] = fc
        for k in 1..<count {
            let x = Double(k) / Double(p)
            let r = x / Double(l)
            let window = WarpSincTable.besselI0(beta * max(1 - r * r, 0).squareRoot()) / i0Beta
            v[k] = sin(Double.pi * fc * x) / (Double.pi * x) * window
        }
        halfWidth = l
        resolution = p
        values = v
    }

    /// `K(|x|)` by linear interpolation between table entries; 0 for `|x| >= L` and for NaN.
    func kernel(_ x: Double) -> Double {
        let y = (x < 0 ? -x : x) * Double(resolution)
        guard y < Double(halfWidth * resolution) else { return 0 }
        let i = Int(y)
        return values[i] + (y - Double(i)) * (values[i + 1] - values[i])
    }

    /// Modified Bessel function of the first kind, order 0 (power series).
    static func besselI0(_ x: Double) -> Double {
        let q = x * x / 4
        var sum = 1.0
        var term = 1.0
        for k in 1..<500 {
            term *= q / Double(k * k)
            sum += term
            if term < sum * 1e-17 { break }
        }
        return sum
    }
}
