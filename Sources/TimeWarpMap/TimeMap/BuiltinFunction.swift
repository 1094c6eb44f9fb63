/// The built-in instantaneous time-scale functions with closed-form integrals
/// (docs/mathematics.md#built-in-scale-functions): the parametric subset of `WarpFunction`, which
/// holds their names.
public enum BuiltinFunction: Sendable, CaseIterable {
    /// `s(u) = factor`.
    case constant
    /// A triangle of height `factor` on a base of width `modifier` centred on `u = 1/2`.
    case triangle
    /// `s(u) = factor * (cos(12 * modifier * pi * u) + 1) + factor / 2`.
    case cosine
    /// `1 + (cosine(u) - 1) * smoothstep(u)`: fades from 1 into the cosine.
    case taperedCosine
    /// `s(u) = 2 * modifier * u^factor + modifier / 2`.
    case power
    /// Smoothsteps from 1 up (or down) to `factor` around `u = 1/4` and back around `u = 3/4`.
    case doubleSmoothstep

    /// The GStreamer enum nick, e.g. `"double-smoothstep"` (`WarpFunction.nick`).
    public var nick: String { WarpFunction(self).nick }

    /// Looks a function up by its nick; `nil` for an unknown name or one that is not built in.
    public init?(nick: String) {
        guard let builtin = WarpFunction(nick: nick)?.builtin else { return nil }
        self = builtin
    }
}
