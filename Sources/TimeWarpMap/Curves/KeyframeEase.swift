/// How the scale changes over the piece of a keyframe curve that ends at a key.
public enum KeyframeEase: String, Sendable, CaseIterable, Equatable {
    /// A straight line from the previous key's value to this key's value (the default).
    case linear
    /// Smoothstep (`3τ² - 2τ³`) from the previous key's value to this key's value.
    case smooth
    /// Keeps the previous key's value over the whole piece; jumps to this key's value at the key.
    case hold
    /// A monotone cubic Hermite curve through the keys (Fritsch–Carlson tangents): smooth at the
    /// keys and never overshooting the values of the two keys that bound the piece.
    case cubic
}
