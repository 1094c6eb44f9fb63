import GStreamerBinding

/// The segment bookkeeping of one element's stream, part of its streaming `State`: the input
/// segment, the output segment derived from it, and what is still to be sent. A flush replaces
/// it with a fresh value; a new segment without a flush keeps the previous pair so the output
/// running time continues.
struct Timeline: Sendable {
    /// The input segment, its stream times counted from the map's origin (`MediaOrigin`); nil
    /// until the first SEGMENT (and after a flush).
    var input: Segment?
    /// The input segment as upstream sent it.
    var received: Segment?
    /// The origin is taken from the first buffer (a live source): `input` is `received` until
    /// then.
    var awaitingOrigin = false
    /// Upstream is live: the first buffer's own stream time will be the origin, not its
    /// segment's start.
    var liveOrigin = false
    /// The output segment pushed for `input`; nil until pushed.
    var output: Segment?
    /// The mapping of `input`, once the map is known.
    var warp: TimestampWarp?
    /// The pair before `input`, when it arrived without a flush.
    var previous: SegmentPair?
    /// Sequence number of the input SEGMENT event (kept on the output one).
    var seqnum: UInt32 = 0
    /// The output segment still has to be pushed before the next output.
    var segmentPending = false
    /// The next output buffer gets DISCONT.
    var discontPending = true
    /// An error was posted for the current map (not repeated for every buffer).
    var mapFailed = false
    /// Set while `reverse=true` plays a reverse segment into a forward one.
    var reversal: Reversal?
    /// `reverse=true`, read when the output segment went out (buffers check it without a lock).
    var reverseWanted = false
    /// The output side of a segment played through a remap curve that stops or goes back (set
    /// when the output segment went out; nil for every forward map).
    var remap: RemapSegment?

    /// Starts a new input segment (after draining what the old one held): `received` as
    /// upstream sent it, rebased on `origin` (nil: not known yet, the first buffer will tell).
    mutating func begin(_ received: Segment, origin: MediaOrigin?, seqnum: UInt32) {
        begin(origin?.rebase(received) ?? received, seqnum: seqnum)
        self.received = received
        awaitingOrigin = origin == nil
    }

    /// Replaces the input segment with an update of it (`received` as upstream sent it, rebased on
    /// `origin`), keeping the output segment and everything built for it.
    mutating func update(_ received: Segment, origin: MediaOrigin?) {
        input = origin?.rebase(received) ?? received
        self.received = received
    }

    /// The origin became known at the first buffer: the pending input segment is rebased on it.
    mutating func rebase(on origin: MediaOrigin) {
        awaitingOrigin = false
        guard let received, segmentPending else { return }
        input = origin.rebase(received)
    }

    /// Starts a new input segment (after draining what the old one held), already rebased.
    mutating func begin(_ segment: Segment, seqnum: UInt32) {
        if let input, let warp {
            let output = output ?? warp.outputSegment(for: input, continuing: previous, answering: nil)
            previous = SegmentPair(input: input, output: output, warp: warp)
        }
        self.input = segment
        self.received = segment
        self.seqnum = seqnum
        output = nil
        warp = nil
        remap = nil
        segmentPending = true
        mapFailed = false
    }

    /// The output segment went out and the map is known: buffers can be warped. (Per buffer:
    /// checks the three parts in place, without building the pair.)
    @inline(__always) var isFlowing: Bool { input != nil && output != nil && warp != nil }

    /// The current pair, once the output segment went out.
    var current: SegmentPair? {
        guard let input, let output, let warp else { return nil }
        return SegmentPair(input: input, output: output, warp: warp)
    }
}
