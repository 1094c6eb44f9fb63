import GStreamerBinding
import TimeWarpMap

/// Maps buffer timestamps of one input segment to the output timeline: the output stream time
/// of a buffer is `T(input stream time)`, and timestamps keep their offset to stream time.
/// A class (immutable) so that handing it around per buffer costs one reference count, not a
/// copy of the map's curve and tables.
final class TimestampWarp: Sendable {
    /// The time map.
    let map: TimeMap
    /// `segment.start - segment.time` of the input segment (ns, signed).
    let offset: Int64
    /// Whether `map` is exactly the identity (cached: checked on every buffer).
    let isIdentity: Bool
    /// The map's curve when it is a built-in one (cached: `T` is called on it for every frame
    /// without going through the existential).
    let builtin: BuiltinCurve?

    /// A warp for an input segment with the given `start` and `time` (ns).
    init(map: TimeMap, segmentStart: UInt64, segmentTime: UInt64) {
        self.map = map
        isIdentity = map.isIdentity
        builtin = map.curve as? BuiltinCurve
        let s = Int64(clamping: segmentStart), t = Int64(clamping: segmentTime)
        offset = s.subtractingReportingOverflow(t).overflow ? 0 : s - t
    }

    /// `T` on stream times (ns → ns), never negative; the identity exactly in integers
    /// (doubles lose nanoseconds past 2^53 ns).
    func warpStreamTime(_ ns: UInt64) -> UInt64 {
        if isIdentity { return ns }
        let t = ClockTime.seconds(ns)
        return ClockTime.fromSeconds(builtin.map { map.warp(t, builtin: $0) } ?? map.warp(t))
    }

    /// `T⁻¹` on stream times (ns → ns).
    func unwarpStreamTime(_ ns: UInt64) -> UInt64 {
        ClockTime.fromSeconds(map.unwarp(ClockTime.seconds(ns)))
    }

    /// Output timestamp of a buffer whose input stream time is `streamTime`; at most
    /// `ClockTime.end` (saturated: callers check for it).
    func outputTimestamp(streamTime: UInt64) -> UInt64 {
        let warped = Int64(clamping: warpStreamTime(streamTime))
        let (sum, overflow) = warped.addingReportingOverflow(offset)
        if overflow { return offset > 0 ? ClockTime.end : 0 }
        return sum < 0 ? 0 : UInt64(sum)
    }
}
