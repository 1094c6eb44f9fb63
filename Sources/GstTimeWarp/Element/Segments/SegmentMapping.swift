import GStreamerBinding

/// A segment pair that went out: the input segment, the output segment derived from it, and
/// the mapping between them. A new segment without a flush continues its running time.
struct SegmentPair: Sendable {
    /// The input segment.
    var input: Segment
    /// The output segment.
    var output: Segment
    /// The mapping.
    var warp: TimestampWarp

    /// The output running time at the input running time `r`: where the input's running time
    /// `r` lies in this pair's input segment, mapped through `T`, in the output segment
    /// (extrapolated past the segment's ends, as the map continues past `u = 1`).
    func outputRunningTime(atInputRunningTime r: UInt64) -> UInt64? {
        guard let st = input.streamTime(atRunningTime: r) else { return nil }
        return output.runningTime(atStreamTime: warp.warpStreamTime(st))
    }
}

extension TimestampWarp {
    /// How far a mapped seek position may lie from the requested one and still be replaced by
    /// it (rounding of `T(T⁻¹(x))`, ns).
    static let seekSnapTolerance: UInt64 = 1_000

    /// The output segment for `input`: start, stop, time, position and duration mapped through
    /// `T`. Its `base` continues the output running time of `previous` (a new segment without a
    /// flush: concat, segment seeks, non-flushing seeks), else it is the input's base. When the
    /// segment answers `seek`, the requested positions replace the round trip `T(T⁻¹(x))`
    /// (matched against `received`, the input segment as upstream sent it, before its rebase on
    /// the map's origin; `input` itself when nil).
    func outputSegment(for input: Segment, continuing previous: SegmentPair?, answering seek: PendingSeek?,
                       received: Segment? = nil) -> Segment {
        var out = input
        out.time = warpStreamTime(input.time)
        out.start = outputTimestamp(streamTime: input.time)
        if input.stop != ClockTime.none, let st = input.streamTime(of: input.stop) {
            out.stop = max(out.start, outputTimestamp(streamTime: st))
        }
        if input.duration != ClockTime.none { out.duration = warpStreamTime(input.duration) }
        if let seek { snap(&out, input: received ?? input, to: seek) }
        out.position = out.start
        if input.position != ClockTime.none, input.position > input.start, let p = input.streamTime(of: input.position) {
            out.position = min(outputTimestamp(streamTime: p), out.stop)
        }
        if let previous, let base = previous.outputRunningTime(atInputRunningTime: input.base) {
            out.base = base
        }
        return out
    }

    /// Puts the seek's requested output start and stop into `out` where the input segment (as
    /// upstream sent it) kept
    /// what was sent upstream for them.
    private func snap(_ out: inout Segment, input: Segment, to seek: PendingSeek) {
        // Demuxers answer a seek either with `start` at the position (most) or with `time` at
        // it and `start` shifted by an edit list (qtdemux): snap whichever matches.
        if let start = seek.start {
            let mapped: UInt64? = input.start == start.input ? out.start : input.time == start.input ? out.time : nil
            if let mapped {
                let delta = Int64(bitPattern: start.output &- mapped)
                if delta.magnitude <= Self.seekSnapTolerance {
                    out.start = UInt64(bitPattern: Int64(bitPattern: out.start) &+ delta)
                    out.time = UInt64(bitPattern: Int64(bitPattern: out.time) &+ delta)
                    if out.stop != ClockTime.none { out.stop = max(out.stop, out.start) }
                }
            }
        }
        if let stop = seek.stop, input.stop == stop.input, out.stop != ClockTime.none {
            let diff = stop.output > out.stop ? stop.output - out.stop : out.stop - stop.output
            if diff <= Self.seekSnapTolerance, stop.output >= out.start { out.stop = stop.output }
        }
    }
}
