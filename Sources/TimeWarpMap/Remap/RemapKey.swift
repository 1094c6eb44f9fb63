/// One key of a remap curve: at output time `outputTime` the input at `inputTime` is shown and
/// heard (both in seconds; the input from the medium's first frame).
public struct RemapKey: Sendable, Equatable {
    /// `τ`: output time (s).
    public let outputTime: Double
    /// `t = p(τ)`: input time (s).
    public let inputTime: Double
    /// How the curve moves through this key.
    public let ease: RemapEase
    /// 1-based column of the key in the text it was parsed from (0 when built in code).
    public let column: Int

    /// A key at output time `outputTime` showing input `inputTime`.
    public init(outputTime: Double, inputTime: Double, ease: RemapEase = .linear, column: Int = 0) {
        self.outputTime = outputTime
        self.inputTime = inputTime
        self.ease = ease
        self.column = column
    }
}
