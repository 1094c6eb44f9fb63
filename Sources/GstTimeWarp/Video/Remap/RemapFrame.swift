import GStreamerBinding
import SpillStore
import TimeWarpMap

/// An input frame kept while a remap curve may still show it.
struct RemapFrame: Sendable {
    /// The frame while it is in memory (shared by reference: slots push new references to the
    /// same memory); nil while it is only in the history's file.
    var box: BlendFrame.Box?
    /// Its flags, timestamps and metas without its bytes, once it went to the history's store.
    var shell: BlendFrame.Box?
    /// Its bytes' index in the history's store, once they went there.
    var stored: Int?
    /// Its size in bytes.
    let size: Int
    /// Input stream time where the frame starts (ns, from the map's origin).
    let start: UInt64
    /// Where it ends: the next frame's start, known when that frame arrives (nil until then).
    var end: UInt64?
    /// The output time `τ` (s) after which no slot shows it; nil: never again (or not known
    /// before `end`).
    var keepUntil: Double?
    /// Pushed at least once (as itself or in a mix).
    var shown = false
    /// Pushed as itself at least once (pushing it again counts as a duplicate).
    var pushedAsItself = false

    /// How much the frame's interval is widened when asking the curve when it is shown (s):
    /// slot inputs are rounded to whole nanoseconds, so a frame is kept a little longer rather
    /// than released a slot too early.
    static let margin = 1e-6

    /// Closes the frame at `end` and asks `curve` until when it is shown.
    mutating func close(at end: UInt64, _ curve: RemapCurve) {
        self.end = end
        keepUntil = curve.lastOutputTime(showingInput: ClockTime.seconds(start) - Self.margin,
                                         ClockTime.seconds(end) + Self.margin)
    }
}

/// What videotimewarp keeps for a remap curve that stops or goes back: the frames the rest of the
/// curve will show again (ascending input time, the newest last) and the next output slot.
struct VideoRemapRun {
    /// The frames kept; the curve says in advance which ones are needed again, nothing else is kept.
    var frames: [RemapFrame] = []
    /// The next output slot on the segment's grid (from the output segment's start).
    var nextSlot: UInt64 = 0
    /// Input time span the kept frames cover at most, so far (ns): the history in use.
    var peakHistory: UInt64 = 0
    /// The index of the frame the last slot showed (variable rate shows each stretch once).
    var lastPushed: Int?
    /// The memory bound of the history (bytes).
    var memoryLimit = VideoState.remapHistoryMemory()
    /// Frames past the memory bound go here (made when first needed).
    var store: SpillStore?
    /// The bytes of the frames in memory.
    var residentBytes = 0
    /// A warning about the store was posted already.
    var warnedStore = false

    /// The index of the frame that covers input stream time `t` (ns): the last one starting at
    /// or before it (the first when `t` is before them all); nil with no frame.
    func frameIndex(covering t: UInt64) -> Int? {
        guard !frames.isEmpty else { return nil }
        var lo = 0, hi = frames.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if frames[mid].start <= t { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }
}
