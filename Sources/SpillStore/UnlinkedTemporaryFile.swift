#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A temporary file with no name: created exclusively (`O_CREAT|O_EXCL|O_NOFOLLOW`, mode 0600)
/// under an unpredictable name, and unlinked the moment it exists. No exit of the process
/// (success, failure, a signal, even SIGKILL) can leave it behind; its space is freed when its
/// descriptor closes.
public enum UnlinkedTemporaryFile {
    /// Creates the file at `pathPrefix` + a random tag + `suffix`, unlinks it, and returns its
    /// descriptor (read-write, close-on-exec).
    public static func create(pathPrefix: String, suffix: String = "") throws(SpillStoreError) -> Int32 {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<100 {
            let tag = String((0..<10).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            let candidate = pathPrefix + tag + suffix
            let fd = open(candidate, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd >= 0 {
                unlink(candidate)
                return fd
            }
            if errno != EEXIST { throw SpillStoreError(operation: "create", code: errno) }
        }
        throw SpillStoreError(operation: "create", code: EEXIST)
    }

    /// The folder for temporary files: `$TMPDIR`, else `/tmp`.
    public static var temporaryDirectory: String {
        if let dir = getenv("TMPDIR"), dir.pointee != 0 { return String(cString: dir) }
        return "/tmp"
    }
}
