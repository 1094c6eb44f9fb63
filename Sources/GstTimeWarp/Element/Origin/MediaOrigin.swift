import GStreamerBinding

/// The origin of the time map: the input stream time of the medium's first frame, where
/// `u = 0`. The map runs on time since the origin, `T(t - origin)`, whatever the container's
/// start time (MPEG-TS starts at its first PCR, 0.767 s say), edit list or live clock, and the
/// output stream time starts at 0 there. Set once per stream (READY to PAUSED) and kept across
/// flushing, non-flushing and segment seeks.
struct MediaOrigin: Sendable, Equatable {
    /// Where the origin came from.
    enum Source: Sendable, Equatable {
        /// The `start-time` property.
        case property
        /// The stream time of the start of the segment the first buffer came in: what a
        /// demuxer or parser gives for the medium's start.
        case firstSegment
        /// The stream time of the first buffer: a live source, whose start is not known before
        /// data flows.
        case firstBuffer
    }

    /// The input stream time of `u = 0` (ns).
    var streamTime: UInt64
    /// Where it came from.
    var source: Source

    /// `segment` with its stream times counted from the origin (its running times unchanged):
    /// `time` moves back by the origin. When the segment starts before the origin, its start
    /// moves up to the origin instead (and its base with it, so running times stay): what lies
    /// before the origin is outside the map.
    func rebase(_ segment: Segment) -> Segment {
        var rebased = segment
        if segment.time >= streamTime || segment.rate < 0 {
            rebased.time = segment.time >= streamTime ? segment.time - streamTime : 0
            return rebased
        }
        let shift = streamTime - segment.time
        let (start, overflow) = segment.start.addingReportingOverflow(shift)
        guard !overflow, segment.stop == ClockTime.none || start <= segment.stop else {
            rebased.time = 0
            return rebased
        }
        rebased.time = 0
        rebased.start = start
        rebased.base = segment.base &+ shift
        rebased.position = max(segment.position, start)
        return rebased
    }

    /// An input stream time (ns) counted from the origin, never negative.
    func sinceOrigin(_ ns: Int64) -> Int64 {
        let o = Int64(clamping: streamTime)
        return ns > o ? ns - o : 0
    }

    /// An input stream time (ns) counted from the origin back to the input's own (saturating).
    func inputStreamTime(_ sinceOrigin: Int64) -> Int64 {
        // Saturating: the origin is not negative, so only the top can be passed.
        let (sum, overflow) = sinceOrigin.addingReportingOverflow(Int64(clamping: streamTime))
        return overflow ? .max : sum
    }

    /// The debug-log line that says where the origin came from.
    var logLine: String {
        let at = "\(ClockTime.seconds(streamTime)) s"
        switch source {
        case .property: return "map origin u=0 at input stream time \(at) (start-time property)"
        case .firstSegment: return "map origin u=0 at input stream time \(at): the start of the first buffer's segment"
        case .firstBuffer:
            return "map origin u=0 at input stream time \(at): the first buffer's, since upstream is live "
                + "and the medium's start cannot be known before data flows"
        }
    }
}
