/// How a remap curve moves through one of its keys (the `ease` of `"τ:t[:ease]"`).
public enum RemapEase: String, Sendable, CaseIterable, Equatable {
    /// Constant speed between keys (the default): straight lines from key to key.
    case linear
    /// The speed changes smoothly through the key (a monotone cubic on each side; a key where
    /// the curve turns round, or stops, is passed at speed 0).
    case smooth
    /// The curve stays at the key's input time until the next key (a freeze frame), then jumps.
    case hold
}
