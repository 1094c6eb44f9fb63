#if canImport(Glibc)
import Glibc
#endif
import GStreamerBinding
import SpillStore
import TimeWarpMap

/// The history of a remap curve: the frames it shows again stay in memory up to a bound
/// (`remapHistoryMemory`, 256 MiB); past it, the frames needed latest go to a `SpillStore` (a
/// temporary file with no name) and come back when a slot needs them. A frame's bytes are written
/// once; sending it out of memory again only drops the copy in memory.
extension VideoState {
    /// The memory bound of the history (bytes): `GST_TIMEWARP_HISTORY_MEMORY` when set (tests
    /// and small machines), else 256 MiB. Read when a remapped segment starts.
    static func remapHistoryMemory() -> Int {
        if let text = getenv("GST_TIMEWARP_HISTORY_MEMORY"), let value = Int(String(cString: text)), value >= 0 {
            return value
        }
        return 256 << 20
    }

    /// Frame `index` in memory, read back from the store when it was sent there; nil (after an
    /// element error) when it cannot be read.
    mutating func residentRemapFrame(_ index: Int, _ out: StreamOutput) -> BlendFrame.Box? {
        if let box = run.remap.frames[index].box { return box }
        let frame = run.remap.frames[index]
        guard let stored = frame.stored, let shell = frame.shell, let store = run.remap.store else { return nil }
        var failure: SpillStoreError?
        let restored = Buffer.restoring(from: shell.buffer, size: frame.size) { bytes in
            do { try store.read(stored, into: bytes) } catch {
                failure = error as? SpillStoreError
                return false
            }
            return true
        }
        guard let restored else {
            out.postError(.resource, code: ErrorCode.resourceRead,
                          "Could not read a frame of the remap history back: \(failure.map { "\($0)" } ?? "no memory")")
            return nil
        }
        let box = BlendFrame.Box(restored)
        run.remap.frames[index].box = box
        run.remap.residentBytes += frame.size
        return box
    }

    /// Sends frames out of memory while the history holds more than its bound: those the curve
    /// shows again latest first (never the newest frame, nor the one the last slot showed).
    mutating func boundRemapHistory(_ remap: RemapSegment, _ out: StreamOutput) {
        let limit = run.remap.memoryLimit
        guard run.remap.residentBytes > limit, let grid = remapGrid(remap),
              let next = grid.time(ofSlot: run.remap.nextSlot) else { return }
        let τ = remap.tau(ofTimestamp: next)
        // Each resident frame's next showing from τ on (never: infinity, sent first).
        var candidates: [(index: Int, nextUse: Double)] = []
        for (i, frame) in run.remap.frames.enumerated() where frame.box != nil && i != run.remap.frames.count - 1
            && i != run.remap.lastPushed {
            let a = ClockTime.seconds(frame.start) - RemapFrame.margin
            let b = ClockTime.seconds(frame.end ?? frame.start) + RemapFrame.margin
            let nextUse = remap.curve.outputSpans(showingInput: a, b).first { $0.upperBound > τ }
                .map { max($0.lowerBound, τ) } ?? .infinity
            candidates.append((i, nextUse))
        }
        candidates.sort { $0.nextUse > $1.nextUse }
        for candidate in candidates where run.remap.residentBytes > limit {
            guard spillRemapFrame(candidate.index, out) else { return }
        }
    }

    /// Sends frame `index` to the store (writing its bytes the first time); false when the
    /// store cannot take it (the frame then stays in memory, after one warning).
    private mutating func spillRemapFrame(_ index: Int, _ out: StreamOutput) -> Bool {
        guard let box = run.remap.frames[index].box else { return true }
        if run.remap.frames[index].stored == nil {
            if run.remap.store == nil {
                let prefix = UnlinkedTemporaryFile.temporaryDirectory + "/.timewarp-history-"
                run.remap.store = SpillStore(memoryLimit: 0, pathPrefix: prefix)
                out.log(.info, "remap history past \(run.remap.memoryLimit) bytes: frames go to a temporary file in \(UnlinkedTemporaryFile.temporaryDirectory)")
            }
            guard let shell = box.buffer.metadataShell(), let store = run.remap.store else { return false }
            var failure: SpillStoreError?
            let stored = box.buffer.withBytes { bytes -> Int? in
                do { return try store.append(bytes) } catch {
                    failure = error as? SpillStoreError
                    return nil
                }
            } ?? nil
            guard let stored else {
                if !run.remap.warnedStore {
                    run.remap.warnedStore = true
                    out.postWarning(.resource, code: ErrorCode.resourceWrite,
                                    "The remap history cannot go to a temporary file (\(failure.map { "\($0)" } ?? "unreadable frame")): "
                                        + "it stays in memory",
                                    debug: "folder \(UnlinkedTemporaryFile.temporaryDirectory) (TMPDIR)")
                }
                return false
            }
            run.remap.frames[index].stored = stored
            run.remap.frames[index].shell = BlendFrame.Box(shell)
        }
        run.remap.frames[index].box = nil
        run.remap.residentBytes -= run.remap.frames[index].size
        return true
    }
}
