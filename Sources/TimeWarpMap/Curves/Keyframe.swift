/// One parsed keyframe: the scale `value` at `position`, with the ease of the piece ending here.
public struct Keyframe: Sendable, Equatable {
    /// Where the key sits.
    public let position: KeyframePosition
    /// The scale `s` at the key.
    public let value: Double
    /// The shape of the piece that ends at this key (ignored on the first key).
    public let ease: KeyframeEase
    /// 1-based column of the position in the source text.
    public let column: Int

    /// Creates a keyframe; `column` locates it in error messages.
    public init(position: KeyframePosition, value: Double, ease: KeyframeEase = .linear,
                column: Int = 1) {
        self.position = position
        self.value = value
        self.ease = ease
        self.column = column
    }
}
