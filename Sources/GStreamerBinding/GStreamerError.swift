/// A GStreamer call that failed, with one readable line (GLib's message where there is one).
public struct GStreamerError: Error, CustomStringConvertible, Equatable {
    /// The line to show.
    public let message: String

    /// An error with `message`.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}
