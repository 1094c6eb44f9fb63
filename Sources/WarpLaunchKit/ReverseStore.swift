#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `warp --reverse`: the decoded frames and audio of one chunk, kept in memory up to
/// `memoryLimit` bytes and spilled past it to a temporary file of raw frames, read back in any
/// order. The file is created exclusively beside the output and unlinked at once: it has no
/// name while it is used, so no exit of the process (success, failure, a signal, even SIGKILL)
/// can leave it behind, and the space is freed when the descriptor closes.
public final class ReverseStore {
    private enum Place { case memory([UInt8]), file(offset: Int, length: Int) }
    private var items: [Place] = []
    private var inMemory = 0
    private var fileEnd = 0
    private var descriptor: Int32 = -1
    private let beside: String
    /// The bound on the bytes held in memory.
    public let memoryLimit: Int
    /// Bytes written to the file over the whole run.
    public private(set) var spilledBytes = 0
    /// Whether the file was created (and unlinked) at some point.
    public private(set) var usedFile = false

    /// A store that spills past `memoryLimit` bytes into a file created beside `beside` (a path:
    /// the output file, whose directory holds the store) when first needed.
    public init(memoryLimit: Int, beside: String) {
        self.memoryLimit = max(0, memoryLimit)
        self.beside = beside
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// The number of items held.
    public var count: Int { items.count }

    /// The length in bytes of item `index`.
    public func length(of index: Int) -> Int {
        switch items[index] {
        case .memory(let bytes): return bytes.count
        case .file(_, let length): return length
        }
    }

    /// Appends one item (a frame, a block of audio) and returns its index.
    @discardableResult
    public func append(_ bytes: UnsafeRawBufferPointer) throws(CLIError) -> Int {
        if inMemory + bytes.count <= memoryLimit {
            items.append(.memory(Array(bytes)))
            inMemory += bytes.count
            return items.count - 1
        }
        if descriptor < 0 { try openFile() }
        var written = 0
        while written < bytes.count {
            let n = pwrite(descriptor, bytes.baseAddress! + written, bytes.count - written, off_t(fileEnd + written))
            if n < 0 {
                if errno == EINTR { continue }
                throw CLIError("cannot write the reverse store beside '\(beside)': \(SystemError.text(errno))")
            }
            written += n
        }
        items.append(.file(offset: fileEnd, length: bytes.count))
        fileEnd += bytes.count
        spilledBytes += bytes.count
        return items.count - 1
    }

    /// Copies the bytes of item `index` from `offset` on into `target` (`target.count` bytes,
    /// which the item must hold).
    public func read(_ index: Int, offset: Int = 0, into target: UnsafeMutableRawBufferPointer) throws(CLIError) {
        guard target.count > 0 else { return }
        switch items[index] {
        case .memory(let bytes):
            bytes.withUnsafeBytes { target.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[offset..<(offset + target.count)])) }
        case .file(let start, _):
            var done = 0
            while done < target.count {
                let n = pread(descriptor, target.baseAddress! + done, target.count - done, off_t(start + offset + done))
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else {
                    throw CLIError("cannot read the reverse store back: \(n < 0 ? SystemError.text(errno) : "it is shorter than written")")
                }
                done += n
            }
        }
    }

    /// Forgets every item (the next chunk starts), keeping the file open but emptied.
    public func clear() {
        items = []
        inMemory = 0
        if descriptor >= 0, fileEnd > 0 { _ = ftruncate(descriptor, 0) }
        fileEnd = 0
    }

    private func openFile() throws(CLIError) {
        descriptor = try UnlinkedFile.create(beside: beside, suffix: ".reverse", what: "the reverse store")
        usedFile = true
    }
}
