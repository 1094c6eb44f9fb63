import GStreamerBinding

/// The element's worker pool for the rows of one output frame (`frame-mode=blend`, and any
/// renderer that works row by row): one persistent thread per core but one, the streaming
/// thread being the last worker. Owned by the video State: started when the element goes to
/// PAUSED, stopped when it goes back to READY (the State is replaced and the pool released), as
/// compositor does with its task pool.
///
/// Splitting changes nothing in the result: each row is computed by the same code whichever
/// thread runs it, so a frame rendered through the pool equals the one rendered without it bit
/// for bit.
final class FrameWorkers: Sendable {
    /// Frames smaller than this (bytes written) are rendered on the streaming thread alone:
    /// waking a worker costs more than it saves.
    static let minimumBytes = 64 * 1024

    /// The threads.
    private let threads: WorkerThreads

    /// A pool for this machine (`processors - 1` threads), or nil on one processor.
    static func forThisMachine() -> FrameWorkers? {
        let processors = WorkerThreads.processorCount
        return processors > 1 ? FrameWorkers(threads: min(processors - 1, 15)) : nil
    }

    /// A pool of `threads` worker threads besides the caller (0: the caller does all the work).
    init(threads: Int) {
        self.threads = WorkerThreads(count: threads, name: "timewarp-rows")
    }

    /// How many parts a job is split into: eight per thread, so that the caller takes over the
    /// parts of a worker the scheduler keeps waiting (on a loaded machine), and waits at most for
    /// the one part such a worker has in hand.
    var parts: Int { threads.threadCount == 0 ? 1 : 8 * (threads.threadCount + 1) }

    /// Runs `body(part, parts)` for each part of a job in `0..<parts`, concurrently, and returns
    /// when all are done; each part must write memory of its own.
    func split(_ body: (_ part: Int, _ parts: Int) -> Void) {
        let parts = self.parts
        threads.run(parts: parts) { body($0, parts) }
    }

    /// Runs `body` over `range` cut into consecutive pieces (one per part, covering it exactly),
    /// concurrently; returns when all are done.
    func rows(_ range: Range<Int>, split body: (Range<Int>) -> Void) {
        split { part, parts in body(Self.share(of: range, part: part, parts: parts)) }
    }

    /// Part `part` of `parts` consecutive pieces of `range` (sizes differ by at most one).
    static func share(of range: Range<Int>, part: Int, parts: Int) -> Range<Int> {
        let n = range.count
        return (range.lowerBound + n * part / parts)..<(range.lowerBound + n * (part + 1) / parts)
    }
}
