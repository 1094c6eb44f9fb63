import Synchronization

/// A seek a timewarp element sent upstream, remembered by sequence number so that the segment it
/// produces starts (or, in reverse, stops) exactly at the requested output position.
struct PendingSeek: Sendable {
    /// Sequence number of the seek event (kept on the segment it causes).
    var seqnum: UInt32
    /// Requested output start and the input start it was mapped to (ns), if the seek set one.
    var start: (output: UInt64, input: UInt64)?
    /// Requested output stop and the input stop it was mapped to (ns), if the seek set one.
    var stop: (output: UInt64, input: UInt64)?
}

/// The output positions that seeks of timewarp elements of this process asked for lately, by
/// sequence number: what lets the segment a seek brings land exactly on the requested position.
///
/// Shared by all elements because in an audio/video pipeline the seek that reaches the demuxer
/// first (through one branch) makes it push the new segments to every branch, often before the
/// same seek has reached the element of the other branch. Each element snaps only when its own
/// map puts the segment within `TimestampWarp.seekSnapTolerance` of the request, so a branch
/// with another curve is never snapped to a foreign position.
enum RequestedSeekPositions {
    /// How many seeks are remembered (scrubbing sends many before their segments arrive).
    static let capacity = 32
    private static let seeks = Mutex<[PendingSeek]>([])

    /// Remembers `seek`.
    static func remember(_ seek: PendingSeek) {
        seeks.withLock {
            $0.append(seek)
            if $0.count > capacity { $0.removeFirst($0.count - capacity) }
        }
    }

    /// The newest remembered seek with sequence number `seqnum`.
    static func seek(seqnum: UInt32) -> PendingSeek? {
        seeks.withLock { $0.last { $0.seqnum == seqnum } }
    }
}
