#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Byte items (decoded frames, blocks of audio) kept in memory up to `memoryLimit` bytes and
/// spilled past it to a temporary file with no name (`UnlinkedTemporaryFile`), read back in any
/// order. `warp --reverse` keeps a chunk's frames in one; videotimewarp keeps the frames a remap
/// curve shows again in another. No exit of the process can leave the file behind.
///
/// Not synchronised: one owner uses it at a time (a streaming State under its element's lock, the
/// tool's reader); `@unchecked Sendable` so that the owner can be handed from thread to thread.
public final class SpillStore: @unchecked Sendable {
    /// Where an item is.
    private enum Place { case memory([UInt8]), file(offset: Int, length: Int), removed }
    private var items: [Place] = []
    private var inMemory = 0
    private var fileEnd = 0
    private var liveInFile = 0
    private var descriptor: Int32 = -1
    /// Where the file is made: a path prefix (`/tmp/.timewarp-history`, or a path beside the
    /// output).
    private let pathPrefix: String
    /// What follows the random tag in the file's name (`.mkv.reverse`).
    private let suffix: String
    /// The bound on the bytes held in memory.
    public let memoryLimit: Int
    /// Bytes written to the file over the whole run.
    public private(set) var spilledBytes = 0
    /// Whether the file was created (and unlinked) at some point.
    public private(set) var usedFile = false
    /// The bytes held in memory now.
    public var bytesInMemory: Int { inMemory }

    /// A store that spills past `memoryLimit` bytes into a file created at `pathPrefix`, a random
    /// tag and `suffix`, when first needed.
    public init(memoryLimit: Int, pathPrefix: String, suffix: String = "") {
        self.memoryLimit = max(0, memoryLimit)
        self.pathPrefix = pathPrefix
        self.suffix = suffix
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// The number of items appended since the last `clear()` (removed ones included).
    public var count: Int { items.count }

    /// The length in bytes of item `index` (0 once removed).
    public func length(of index: Int) -> Int {
        switch items[index] {
        case .memory(let bytes): return bytes.count
        case .file(_, let length): return length
        case .removed: return 0
        }
    }

    /// Whether item `index` is in the file (it costs a read to get back).
    public func isSpilled(_ index: Int) -> Bool {
        if case .file = items[index] { return true }
        return false
    }

    /// Appends one item and returns its index: in memory while it fits under the bound, else in
    /// the file (or in memory anyway when `forceMemory`).
    @discardableResult
    public func append(_ bytes: UnsafeRawBufferPointer, forceMemory: Bool = false) throws(SpillStoreError) -> Int {
        if forceMemory || inMemory + bytes.count <= memoryLimit {
            items.append(.memory(Array(bytes)))
            inMemory += bytes.count
            return items.count - 1
        }
        if descriptor < 0 {
            descriptor = try UnlinkedTemporaryFile.create(pathPrefix: pathPrefix, suffix: suffix)
            usedFile = true
        }
        var written = 0
        while written < bytes.count {
            let n = pwrite(descriptor, bytes.baseAddress! + written, bytes.count - written, off_t(fileEnd + written))
            if n < 0 {
                if errno == EINTR { continue }
                throw SpillStoreError(operation: "write", code: errno)
            }
            written += n
        }
        items.append(.file(offset: fileEnd, length: bytes.count))
        fileEnd += bytes.count
        liveInFile += bytes.count
        spilledBytes += bytes.count
        return items.count - 1
    }

    /// Copies the bytes of item `index` from `offset` on into `target` (`target.count` bytes,
    /// which the item must hold).
    public func read(_ index: Int, offset: Int = 0, into target: UnsafeMutableRawBufferPointer) throws(SpillStoreError) {
        guard target.count > 0 else { return }
        switch items[index] {
        case .memory(let bytes):
            guard offset + target.count <= bytes.count else { throw SpillStoreError(operation: "read", code: ERANGE) }
            bytes.withUnsafeBytes { target.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[offset..<(offset + target.count)])) }
        case .file(let start, let length):
            guard offset + target.count <= length else { throw SpillStoreError(operation: "read", code: ERANGE) }
            var done = 0
            while done < target.count {
                let n = pread(descriptor, target.baseAddress! + done, target.count - done, off_t(start + offset + done))
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { throw SpillStoreError(operation: "read", code: n < 0 ? errno : EIO) }
                done += n
            }
        case .removed:
            throw SpillStoreError(operation: "read", code: ENOENT)
        }
    }

    /// Forgets item `index` (its memory is freed; the file's space is reused once no item is
    /// left in it).
    public func remove(_ index: Int) {
        switch items[index] {
        case .memory(let bytes): inMemory -= bytes.count
        case .file(_, let length):
            liveInFile -= length
            if liveInFile == 0, fileEnd > 0 {
                _ = ftruncate(descriptor, 0)
                fileEnd = 0
            }
        case .removed: return
        }
        items[index] = .removed
        // Items are mostly removed oldest first: drop the removed prefix's bookkeeping lazily
        // is not possible without renumbering, so indices stay valid until `clear()`.
    }

    /// Forgets every item, keeping the file open but emptied.
    public func clear() {
        items = []
        inMemory = 0
        liveInFile = 0
        if descriptor >= 0, fileEnd > 0 { _ = ftruncate(descriptor, 0) }
        fileEnd = 0
    }
}

/// A failed read or write of a `SpillStore`'s file.
public struct SpillStoreError: Error, CustomStringConvertible {
    /// `read`, `write` or `create`.
    public let operation: String
    /// The `errno` value.
    public let code: Int32

    /// What went wrong, in words.
    public var description: String {
        "cannot \(operation) the temporary store: \(String(cString: strerror(code)))"
    }
}
