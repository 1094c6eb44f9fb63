/// A syntax or consistency error in a keyframe list or an expression, located by column.
///
/// `column` is 1-based and counts Unicode scalars of the text that was parsed. `description`
/// reads like `expected ')' at column 12` or, for keyframe lists,
/// `keyframe 2: position 0.3 is not after 0.5 (column 14)`.
public struct CurveParseError: Error, CustomStringConvertible, Equatable, Sendable {
    /// 1-based column (in Unicode scalars) where the problem was found.
    public let column: Int
    /// The 1-based number of the keyframe concerned, when the error is about one keyframe.
    public let keyframe: Int?
    /// What is wrong, without the location (e.g. `expected ')'`).
    public let message: String

    /// Creates an error at `column` (1-based), optionally about keyframe number `keyframe`.
    public init(_ message: String, column: Int, keyframe: Int? = nil) {
        self.message = message
        self.column = column
        self.keyframe = keyframe
    }

    /// The message with its location, ready to show to a user.
    public var description: String {
        if let keyframe {
            return "keyframe \(keyframe): \(message) (column \(column))"
        }
        return "\(message) at column \(column)"
    }
}
