/// The `double-smoothstep` built-in: with `c = 1/4`, `w = c * modifier`, `a = c-w`, `b = c+w`:
/// 1 on `[0,a]`, smoothstep up to `factor` on `[a,b]`, `factor` on `[b,1-b]`, smoothstep back down
/// on `[1-b,1-a]`, 1 on `[1-a,1]`. With `modifier = 1` the middle piece is empty.
struct DoubleSmoothstepShape {
    let factor: Double
    let a: Double
    let b: Double
    let width: Double

    init(factor: Double, modifier: Double) {
        self.factor = factor
        let c = 0.25
        let w = c * modifier
        a = c - w
        b = c + w
        width = b - a
    }

    /// `s(u)`.
    func scale(_ u: Double) -> Double {
        if u <= a || u >= 1 - a { return 1 }
        if u < b { return 1 + (factor - 1) * BuiltinShapes.smoothstep((u - a) / width) }
        if u <= 1 - b { return factor }
        let y = (u - (1 - b)) / width       // unitmap(1-b, 1-a, u)
        return 1 + (factor - 1) * BuiltinShapes.smoothstep(1 - y)
    }

    /// `F(u)`: `u` plus `(factor - 1)` times the area under the bump left of `u`.
    func integral(_ u: Double) -> Double {
        let rise = width / 2                 // ∫ of smoothstep over [a, b]
        let plateau = (1 - b) - b            // width of [b, 1-b], 0 when modifier = 1
        if u <= a { return u }
        if u <= b {
            let y = (u - a) / width
            return u + (factor - 1) * width * BuiltinShapes.smoothstepIntegral(y)
        }
        if u <= 1 - b { return u + (factor - 1) * (rise + (u - b)) }
        if u < 1 - a {
            // ∫₀ʸ smoothstep(1-z) dz = ∫₀ʸ (1 - smoothstep(z)) dz = y - (y³ - y⁴/2)
            let y = (u - (1 - b)) / width
            let fall = width * (y - BuiltinShapes.smoothstepIntegral(y))
            return u + (factor - 1) * (rise + plateau + fall)
        }
        return u + (factor - 1) * (rise + plateau + rise)
    }
}
