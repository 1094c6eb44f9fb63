import Foundation
import WarpLaunchKit

/// Writes `-progress` blocks to a descriptor or a file (opened when the run starts).
final class ProgressWriter {
    private let fd: Int32
    private let owned: Bool

    init(target: ProgressFeed.Target) throws {
        switch target {
        case .descriptor(let n):
            fd = n
            owned = false
        case .file(let path):
            fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
            guard fd >= 0 else { throw CLIError("cannot write the progress to '\(path)': \(SystemError.text(errno))") }
            owned = true
        }
    }

    /// Writes one block (a reader that went away is not an error here: SIGPIPE is handled).
    func write(_ text: String) {
        fflush(nil)  // after what print() holds, when both go to stdout
        var bytes = Array(text.utf8)
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.write(fd, $0.baseAddress! + done, $0.count - done) }
            if n > 0 { done += n } else if n < 0 && errno == EINTR { continue } else { return }
        }
        bytes.removeAll()
    }

    func close() { if owned { Glibc.close(fd) } }
}
