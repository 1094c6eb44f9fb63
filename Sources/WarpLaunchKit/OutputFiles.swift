#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's identity: its device and inode, after following symbolic links. Two paths name
/// the same file exactly when their identities are equal, whatever their text (`./a.mp4`,
/// a symbolic link, a hard link, `dir/../a.mp4`).
public struct FileIdentity: Sendable, Hashable {
    public let device: UInt64
    public let inode: UInt64

    /// The identity of what `path` names, following links; nil when nothing is there (or a
    /// link leads nowhere).
    public init?(path: String) {
        guard let st = Self.status(path) else { return nil }
        device = UInt64(st.st_dev)
        inode = UInt64(st.st_ino)
    }

    /// Whether `path` names a directory (following links).
    public static func isDirectory(_ path: String) -> Bool {
        guard let st = status(path) else { return false }
        return st.st_mode & S_IFMT == S_IFDIR
    }

    static func status(_ path: String) -> stat? {
        var st = stat()
        return stat(path, &st) == 0 ? st : nil
    }
}

/// The checks every command that writes a file makes before it starts.
public enum OutputGuard {
    /// Refuses `output` when it is an existing directory, or when it is the same file as one of
    /// `inputs` (by device and inode, after following links), so that nothing a command reads
    /// can be overwritten by what it writes. `role` names the output in the message.
    public static func check(_ output: String, role: String = "output",
                             against inputs: [(role: String, path: String)] = []) throws(CLIError) {
        if FileIdentity.isDirectory(output) {
            throw CLIError("the \(role) '\(output)' is a directory: give a file name")
        }
        guard let target = FileIdentity(path: output) else { return }
        for input in inputs where FileIdentity(path: input.path) == target {
            let same = input.path == output ? "" : " '\(input.path)' (the same file)"
            throw CLIError("the \(role) '\(output)' is the \(input.role)\(same): choose another name")
        }
    }
}

extension OutputGuard {
    /// Refuses an output whose directory (of `destination`, links already followed) does not
    /// exist.
    public static func requireDirectory(of destination: String) throws(CLIError) {
        let dir = OutputPaths.directory(of: destination)
        guard FileIdentity.isDirectory(dir) else { throw CLIError("the output directory '\(dir)' does not exist") }
    }
}

/// Text files the commands write (plots, updated check files).
public enum TextFile {
    /// Writes `text` to `path` atomically: into a temporary file created exclusively beside it
    /// (`TemporaryFile`), renamed over it
    /// when complete. A symbolic link is written through (the file it leads to is replaced and
    /// the link stays); an existing file keeps its permissions. Errors are one line, e.g.
    /// `cannot write 'x.svg': Permission denied`.
    public static func write(_ text: String, to path: String) throws(CLIError) {
        if FileIdentity.isDirectory(path) {
            throw CLIError("cannot write '\(path)': it is a directory")
        }
        let target = OutputPaths.resolvingLinks(path)
        let existing = FileIdentity.status(target)
        let file = try TemporaryFile.create(beside: target)
        let temporary = file.path, fd = file.descriptor
        var ok = true
        var bytes = Array(text.utf8)
        var written = 0
        while ok && written < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.write(fd, $0.baseAddress! + written, $0.count - written) }
            if n > 0 { written += n } else if n < 0 && errno == EINTR { continue } else { ok = false }
        }
        if ok, let existing { ok = fchmod(fd, existing.st_mode & 0o7777) == 0 }
        var error = ok ? 0 : errno
        if close(fd) != 0 && ok { ok = false; error = errno }
        if ok && rename(temporary, target) != 0 { ok = false; error = errno }
        bytes.removeAll()
        guard ok else {
            unlink(temporary)
            errno = error
            throw failure(path)
        }
    }

    /// `cannot write 'path': <the system's reason>` for the current `errno`.
    static func failure(_ path: String) -> CLIError {
        CLIError("cannot write '\(path)': \(SystemError.text(errno))")
    }
}

extension OutputPaths {
    /// Where writing `path` lands: the file a symbolic link leads to (so the link stays, and
    /// the temporary file is made beside the real file); `path` itself otherwise, or when the
    /// link leads nowhere.
    public static func resolvingLinks(_ path: String) -> String {
        var st = stat()
        guard lstat(path, &st) == 0, st.st_mode & S_IFMT == S_IFLNK,
              let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// The system's text for an `errno` value.
public enum SystemError {
    public static func text(_ code: Int32) -> String {
        guard let s = strerror(code) else { return "error \(code)" }
        return String(cString: s)
    }
}
