import Synchronization

/// What the element knows about live changes of its time map (docs/architecture.md#live-changes):
/// flags the application thread raises and the streaming thread reads once per buffer, without
/// taking a lock when nothing changed.
final class LiveMapState: Sendable {
    /// A time-map property was set since the streaming thread last looked.
    let settingsChanged = Atomic<Bool>(false)
    /// A buffer went through the published map in this stream: from now on a change splices
    /// instead of replacing it.
    let mapUsed = Atomic<Bool>(false)
    /// The map's last piece is the `GstController` curve of `factor`, extended per buffer.
    let followingController = Atomic<Bool>(false)
    /// A warning about unusable control values was posted in this stream.
    let warnedController = Atomic<Bool>(false)
    /// The thread that is syncing the control bindings (`gst_object_sync_values`, its
    /// `CurrentThread.identity`; 0 when none is): a `factor` set on that thread now comes from
    /// the control source, one set on another thread from the application.
    let syncingThread = Atomic<UInt>(0)

    /// The step at which a bound `factor` is read (ns): 1 ms, fine enough that the output
    /// follows `∫ factor dt` to well under a millisecond.
    static let controlStep: UInt64 = 1_000_000
    /// Most control values read for one buffer (a larger span is read at a coarser step).
    static let maxControlReads = 65_536
    /// Knots of one controlled piece before a new piece starts (bounds the cost of a copy).
    static let maxKnotsPerPiece = 4_096

    /// Nothing for the streaming thread to look at (without a control binding): the map was
    /// used already, no setting changed, no controller is followed. Three relaxed loads (plain
    /// loads on x86-64 and arm64), no lock, no read-modify-write. Called, not inlined: the
    /// element's per-buffer check then passes the object borrowed, with no reference counting.
    @inline(never)
    var isQuiet: Bool {
        mapUsed.load(ordering: .relaxed) && !settingsChanged.load(ordering: .relaxed)
            && !followingController.load(ordering: .relaxed)
    }

    /// A new stream: nothing applied yet (called by `StreamStatus.reset()`).
    func reset() {
        settingsChanged.store(false, ordering: .relaxed)
        mapUsed.store(false, ordering: .relaxed)
        followingController.store(false, ordering: .relaxed)
        warnedController.store(false, ordering: .relaxed)
    }
}
