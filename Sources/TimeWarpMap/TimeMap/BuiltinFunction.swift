/// The built-in instantaneous time-scale functions (docs/mathematics.md#built-in-scale-functions),
/// named by their GStreamer enum nicks (`function=tapered-cosine`).
public enum BuiltinFunction: String, Sendable, CaseIterable {
    /// `s(u) = factor`.
    case constant
    /// A triangle of height `factor` on a base of width `modifier` centred on `u = 1/2`.
    case triangle
    /// `s(u) = factor * (cos(12 * modifier * pi * u) + 1) + factor / 2`.
    case cosine
    /// `1 + (cosine(u) - 1) * smoothstep(u)`: fades from 1 into the cosine.
    case taperedCosine = "tapered-cosine"
    /// `s(u) = 2 * modifier * u^factor + modifier / 2`.
    case power
    /// Smoothsteps from 1 up (or down) to `factor` around `u = 1/4` and back around `u = 3/4`.
    case doubleSmoothstep = "double-smoothstep"

    /// The GStreamer enum nick, e.g. `"double-smoothstep"` (the same as `rawValue`).
    public var nick: String { rawValue }

    /// Looks a function up by its nick; `nil` for an unknown name.
    public init?(nick: String) {
        self.init(rawValue: nick)
    }
}
