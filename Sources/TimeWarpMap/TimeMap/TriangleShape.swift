/// The `triangle` built-in: 1 outside `[c-w, c+w]` (`c = 1/2`, `w = c * modifier`), straight lines
/// from 1 at `c-w` to `factor` at `c` and back to 1 at `c+w`.
struct TriangleShape {
    let factor: Double
    let a: Double
    let c: Double
    let b: Double
    let w: Double

    init(factor: Double, modifier: Double) {
        self.factor = factor
        c = 0.5
        w = c * modifier
        a = c - w
        b = c + w
    }

    /// `s(u)`.
    func scale(_ u: Double) -> Double {
        if u <= a || u >= b { return 1 }
        if u <= c { return 1 + (factor - 1) * (u - a) / w }
        return 1 + (factor - 1) * (b - u) / w
    }

    /// `F(u)`: `u` plus the part of the triangle (height `factor - 1`) left of `u`.
    func integral(_ u: Double) -> Double {
        if u <= a { return u }
        if u <= c {
            let d = u - a
            return u + (factor - 1) * d * d / (2 * w)
        }
        if u < b {
            // whole triangle (f-1)*w minus the part right of u
            let d = b - u
            return u + (factor - 1) * (w - d * d / (2 * w))
        }
        return u + (factor - 1) * w
    }
}
