import Foundation
@testable import TimeWarpMap

/// An independent reference for the built-in curves: `s(u)` written literally from
/// docs/mathematics.md#built-in-scale-functions, and `F(u)` by composite Gauss-Legendre quadrature split at every breakpoint,
/// with a geometrically graded mesh at `u = 0` for the singular `power` curves.
enum TimeMapReference {
    static func smoothstep(_ x: Double) -> Double { 3 * x * x - 2 * x * x * x }
    static func unitmap(_ a: Double, _ b: Double, _ x: Double) -> Double { (x - a) / (b - a) }

    static func cosine(_ f: Double, _ m: Double, _ u: Double) -> Double {
        f * (cos(12 * m * Double.pi * u) + 1) + f / 2
    }

    /// `s(u)` on `[0, 1]`, literally from docs/mathematics.md#built-in-scale-functions.
    static func scale(_ function: WarpFunction, _ f: Double, _ m: Double, _ u: Double) -> Double {
        switch function {
        case .constant, .keyframes, .expression, .antiderivative, .remap:
            return f
        case .triangle:
            let c = 0.5, w = c * m
            if u < c - w || u > c + w { return 1 }
            // straight lines through (c-w, 1), (c, f), (c+w, 1)
            if u <= c { return 1 + (f - 1) * (u - (c - w)) / (c - (c - w)) }
            return f + (1 - f) * (u - c) / ((c + w) - c)
        case .cosine:
            return cosine(f, m, u)
        case .taperedCosine:
            let x = min(max(u, 0), 1)
            return 1 + (cosine(f, m, u) - 1) * smoothstep(x)
        case .power:
            return 2 * m * pow(u, f) + m / 2
        case .doubleSmoothstep:
            let c = 0.25, w = c * m, a = c - w, b = c + w
            if u <= a { return 1 }
            if u <= b { return 1 + (f - 1) * smoothstep(unitmap(a, b, u)) }
            if u <= 1 - b { return f }
            if u <= 1 - a { return 1 + (f - 1) * smoothstep(1 - unitmap(1 - b, 1 - a, u)) }
            return 1
        }
    }

    /// Where `s` has kinks or jumps in a derivative.
    static func breakpoints(_ function: WarpFunction, _ m: Double) -> [Double] {
        switch function {
        case .triangle:
            let c = 0.5, w = c * m
            return [c - w, c, c + w]
        case .doubleSmoothstep:
            let c = 0.25, w = c * m, a = c - w, b = c + w
            return [a, b, 1 - b, 1 - a]
        default:
            return []
        }
    }

    /// Gauss-Legendre nodes and weights on [-1, 1], by Newton's method on P_n.
    static let gauss: [(x: Double, w: Double)] = {
        let n = 12
        var result: [(Double, Double)] = []
        for i in 1...n {
            var x = cos(Double.pi * (Double(i) - 0.25) / (Double(n) + 0.5))
            var derivative = 0.0
            for _ in 0..<100 {
                var p0 = 1.0, p1 = x
                for k in 2...n {
                    let p2 = ((2 * Double(k) - 1) * x * p1 - (Double(k) - 1) * p0) / Double(k)
                    p0 = p1
                    p1 = p2
                }
                derivative = Double(n) * (x * p1 - p0) / (x * x - 1)
                let dx = p1 / derivative
                x -= dx
                if abs(dx) < 1e-16 { break }
            }
            result.append((x, 2 / ((1 - x * x) * derivative * derivative)))
        }
        return result
    }()

    static func gaussLegendre(_ g: (Double) -> Double, _ a: Double, _ b: Double) -> Double {
        let half = (b - a) / 2, mid = (a + b) / 2
        var sum = 0.0
        for node in gauss { sum += node.w * g(mid + half * node.x) }
        return sum * half
    }

    /// `∫₀ᵘ s` for `0 <= u <= 1`.
    static func integral(_ function: WarpFunction, _ f: Double, _ m: Double, _ u: Double) -> Double {
        guard u > 0 else { return 0 }
        let s = { (v: Double) in scale(function, f, m, v) }
        var cuts = [0.0] + breakpoints(function, m).filter { $0 > 0 && $0 < u } + [u]
        cuts.sort()
        var total = 0.0
        for (a, b) in zip(cuts, cuts.dropFirst()) where b > a {
            let pieces = Int(((b - a) * 256).rounded(.up))
            let h = (b - a) / Double(pieces)
            for j in 0..<pieces {
                let lo = a + Double(j) * h
                let hi = j == pieces - 1 ? b : lo + h
                if lo == 0, function == .power {
                    // graded mesh towards 0: [hi 2^-(i+1), hi 2^-i], down to the smallest
                    // doubles, so even v^-0.9 (tail 20 v^0.1) leaves nothing measurable out
                    var right = hi
                    while right > 0x1p-1000 {
                        total += gaussLegendre(s, right / 2, right)
                        right /= 2
                    }
                } else {
                    total += gaussLegendre(s, lo, hi)
                }
            }
        }
        return total
    }

    /// The continuation: `F(1) + s(1)(u - 1)` past 1, `s(0) u` before 0.
    static func continued(_ function: WarpFunction, _ f: Double, _ m: Double, _ u: Double) -> Double {
        if u > 1 { return integral(function, f, m, 1) + scale(function, f, m, 1) * (u - 1) }
        if u < 0 { return scale(function, f, m, 0) * u }
        return integral(function, f, m, u)
    }
}
