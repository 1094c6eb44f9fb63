import TimeWarpMap

/// Maps buffer timestamps of one input segment to the output timeline: the output stream time
/// of a buffer is `T(input stream time)`, and timestamps keep their offset to stream time.
/// A class (immutable) so that handing it around per buffer costs one reference count, not a
/// copy of the map's curve and tables.
public final class TimestampWarp: Sendable {
    /// The time map.
    public let map: TimeMap
    /// `segment.start - segment.time` of the input segment (ns, signed).
    let offset: Int64
    /// Whether `map` is exactly the identity (cached: checked on every buffer).
    public let isIdentity: Bool

    /// A warp for an input segment with the given `start` and `time` (ns).
    public init(map: TimeMap, segmentStart: UInt64, segmentTime: UInt64) {
        self.map = map
        isIdentity = map.isIdentity
        let s = Int64(clamping: segmentStart), t = Int64(clamping: segmentTime)
        offset = s.subtractingReportingOverflow(t).overflow ? 0 : s - t
    }

    /// `T` on stream times (ns → ns), never negative.
    public func warpStreamTime(_ ns: UInt64) -> UInt64 {
        ClockTime.fromSeconds(map.warp(ClockTime.seconds(ns)))
    }

    /// `T⁻¹` on stream times (ns → ns).
    public func unwarpStreamTime(_ ns: UInt64) -> UInt64 {
        ClockTime.fromSeconds(map.unwarp(ClockTime.seconds(ns)))
    }

    /// Output timestamp of a buffer whose input stream time is `streamTime`.
    public func outputTimestamp(streamTime: UInt64) -> UInt64 {
        let warped = Int64(clamping: warpStreamTime(streamTime))
        let (sum, overflow) = warped.addingReportingOverflow(offset)
        return overflow || sum < 0 ? 0 : UInt64(sum)
    }

    /// Input stream time of an output timestamp (the inverse of `outputTimestamp`).
    public func inputStreamTime(outputTimestamp ts: UInt64) -> UInt64 {
        let (diff, overflow) = Int64(clamping: ts).subtractingReportingOverflow(offset)
        return unwarpStreamTime(overflow || diff < 0 ? 0 : UInt64(diff))
    }

    /// The output segment: the input segment mapped through `T`.
    public func outputSegment(for input: Segment) -> Segment {
        var out = input
        out.time = warpStreamTime(input.time)
        out.start = outputTimestamp(streamTime: input.time)
        if input.stop != ClockTime.none, let st = input.streamTime(of: input.stop) {
            out.stop = max(out.start, outputTimestamp(streamTime: st))
        }
        if input.position != ClockTime.none, let p = input.streamTime(of: input.position) {
            out.position = outputTimestamp(streamTime: p)
        } else {
            out.position = out.start
        }
        if input.duration != ClockTime.none { out.duration = warpStreamTime(input.duration) }
        // Running time already spent before this segment, mapped as a stream position from 0.
        if input.base != 0 { out.base = warpStreamTime(input.base) }
        return out
    }
}
