#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A temporary file with no name: created exclusively (`O_CREAT|O_EXCL|O_NOFOLLOW`, mode 0600)
/// under an unpredictable hidden name beside a path, and unlinked the moment it exists. No exit
/// of the process (success, failure, a signal, even SIGKILL) can leave it behind; its space is
/// freed when its descriptor closes. `warp --reverse` keeps its store and its remuxed copy of
/// the input in such files.
public enum UnlinkedFile {
    /// Creates the file beside `beside` (`.NAME.partial-XXXXXXXXXX.EXT` + `suffix`), unlinks it,
    /// and returns its descriptor (read-write, close-on-exec). `what` names it in errors.
    public static func create(beside: String, suffix: String, what: String) throws(CLIError) -> Int32 {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<100 {
            let tag = String((0..<10).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            let candidate = OutputPaths.temporary(for: beside, tag: tag) + suffix
            let fd = open(candidate, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd >= 0 {
                unlink(candidate)
                return fd
            }
            if errno != EEXIST {
                throw CLIError("cannot create \(what) beside '\(beside)': \(SystemError.text(errno))")
            }
        }
        throw CLIError("cannot create \(what) beside '\(beside)': no free temporary name")
    }

    /// A path that opens the file again while `descriptor` is open (Linux: `/proc/self/fd/N`),
    /// for elements that read a location (`filesrc`).
    public static func path(of descriptor: Int32) -> String { "/proc/self/fd/\(descriptor)" }
}
