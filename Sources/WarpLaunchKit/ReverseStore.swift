import SpillStore

/// `warp --reverse`: the decoded frames and audio of one chunk, kept in memory up to
/// `memoryLimit` bytes and spilled past it to a temporary file of raw frames beside the output,
/// read back in any order: the shared `SpillStore` (the one videotimewarp keeps a remap curve's
/// history in), with the tool's errors and file names.
public final class ReverseStore {
    private let store: SpillStore
    private let beside: String
    /// The bound on the bytes held in memory.
    public var memoryLimit: Int { store.memoryLimit }
    /// Bytes written to the file over the whole run.
    public var spilledBytes: Int { store.spilledBytes }
    /// Whether the file was created (and unlinked) at some point.
    public var usedFile: Bool { store.usedFile }

    /// A store that spills past `memoryLimit` bytes into a file created beside `beside` (a path:
    /// the output file, whose directory holds the store) when first needed.
    public init(memoryLimit: Int, beside: String) {
        self.beside = beside
        store = SpillStore(memoryLimit: memoryLimit, pathPrefix: UnlinkedFile.prefix(beside: beside),
                           suffix: UnlinkedFile.extensionOf(beside) + ".reverse")
    }

    /// The number of items held.
    public var count: Int { store.count }

    /// The length in bytes of item `index`.
    public func length(of index: Int) -> Int { store.length(of: index) }

    /// Appends one item (a frame, a block of audio) and returns its index.
    @discardableResult
    public func append(_ bytes: UnsafeRawBufferPointer) throws(CLIError) -> Int {
        do { return try store.append(bytes) } catch {
            throw CLIError("cannot write the reverse store beside '\(beside)': \(error)")
        }
    }

    /// Copies the bytes of item `index` from `offset` on into `target` (`target.count` bytes,
    /// which the item must hold).
    public func read(_ index: Int, offset: Int = 0, into target: UnsafeMutableRawBufferPointer) throws(CLIError) {
        do { try store.read(index, offset: offset, into: target) } catch {
            throw CLIError("cannot read the reverse store back: \(error)")
        }
    }

    /// Forgets every item (the next chunk starts), keeping the file open but emptied.
    public func clear() { store.clear() }
}
