#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file the commands write before renaming it into place: created exclusively
/// (`O_CREAT|O_EXCL|O_NOFOLLOW`, as `mkstemp` does) under an unpredictable name beside its
/// destination, and written through the descriptor it was opened with (GStreamer's `fdsink`,
/// or `write`), so a link planted under the name can never redirect the writing.
public struct TemporaryFile: Sendable {
    /// `dir/.name.partial-RANDOM.ext`: in the destination's directory (so the rename is atomic),
    /// hidden, with the destination's extension kept for tools that look at it.
    public let path: String
    /// The descriptor it was created with (write only, close-on-exec).
    public let descriptor: Int32

    /// Creates a new file beside `destination`; mode 0666 less the umask, as a plain create.
    /// Throws `cannot write 'destination': <reason>` when the directory refuses.
    public static func create(beside destination: String) throws(CLIError) -> TemporaryFile {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<100 {
            let tag = String((0..<10).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            let candidate = OutputPaths.temporary(for: destination, tag: tag)
            let fd = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
            if fd >= 0 { return TemporaryFile(path: candidate, descriptor: fd) }
            if errno != EEXIST { throw CLIError("cannot write '\(destination)': \(SystemError.text(errno))") }
        }
        throw CLIError("cannot write '\(destination)': no free temporary name beside it")
    }

    /// Closes the descriptor; false (with `errno`) when the last writes failed.
    @discardableResult
    public func close() -> Bool { Glibc.close(descriptor) == 0 }

    /// Removes the file (after a failure).
    public func remove() { unlink(path) }
}
