import GStreamerBinding

/// `reverse=true` over a reverse segment (negative rate): the element plays the reverse stream
/// into a forward one. Input stream time `t` goes out at `T(end) - T(t)`, in a segment at rate 1
/// that starts at 0, so encoders and muxers downstream can write the clip backwards.
struct Reversal: Sendable, Equatable {
    /// The input stream time where the reversed output starts (the segment stop, or the
    /// duration), ns.
    var inputEnd: UInt64
    /// `T(inputEnd)`, ns.
    var outputEnd: UInt64

    /// The output time of input stream time `t`: `T(end) - T(t)`, 0 past the end.
    func outputTime(ofStreamTime t: UInt64, _ warp: TimestampWarp) -> UInt64 {
        let warped = warp.warpStreamTime(t)
        return warped < outputEnd ? outputEnd - warped : 0
    }

    /// The forward output segment for the reverse input segment `input`: rate 1, from 0 to
    /// `T(end) - T(start)`, running on from the input's base.
    func outputSegment(for input: Segment, _ warp: TimestampWarp) -> Segment {
        var out = Segment.time()
        out.rate = 1
        out.appliedRate = 1
        out.base = input.base
        out.start = 0
        out.time = 0
        out.position = 0
        out.stop = input.streamTime(of: input.start).map { outputTime(ofStreamTime: $0, warp) } ?? ClockTime.none
        out.duration = out.stop
        return out
    }
}
