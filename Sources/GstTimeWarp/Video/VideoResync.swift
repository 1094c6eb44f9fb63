import GStreamerBinding

/// Damaged media (flipped bits in an MPEG-TS, a failing card) can make a timestamp jump forward
/// by far more than the medium lasts. Filled with copies of the last frame up to the jump, such a
/// jump would cost hours of output; taken as it comes, it would put a hole of that size in the
/// output. A forward jump between two frames longer than the medium's duration `D` (when known)
/// is therefore a discontinuity: the stream resumes one frame after the last one, and every later
/// frame of the segment moves back by the same amount. `max-duplication-time` bounds what the
/// gaps that remain may cost.
extension VideoState {
    /// The input stream time `raw` of a forward frame lasting `frame` (ns), with the segment's
    /// resynchronisation applied; a new one starts when `raw` jumps further than `D`.
    @inline(__always)
    mutating func resynchronised(_ raw: UInt64, frame: UInt64, mediaDuration: Double?,
                                 _ out: StreamOutput) -> UInt64 {
        let correction = run.segment.jumpCorrection
        let t = raw >= correction ? raw - correction : 0
        guard let d = mediaDuration, d > 0, let last = run.segment.lastInputStreamTime, t > last else { return t }
        // The usual frame, one period after the last, is far below the medium's duration: no
        // rounding of d to nanoseconds for it (this runs for every frame). Exact: below 2^52 the
        // gap converts to a double exactly, and round(d·1e9) ≥ d·1e9 − 0.5 > gap.
        let gap = t - last
        if gap < 1 << 52, Double(gap) + 1 < d * 1e9 { return t }
        return resumedAfterJump(t, raw: raw, last: last, mediaDuration: d, frame: frame, out)
    }

    /// `resynchronised` past its quick check: `t` when the gap since `last` is within the
    /// medium's duration, else one frame after `last`, with the correction kept and a warning.
    @inline(never)
    private mutating func resumedAfterJump(_ t: UInt64, raw: UInt64, last: UInt64, mediaDuration d: Double,
                                           frame: UInt64, _ out: StreamOutput) -> UInt64 {
        let correction = run.segment.jumpCorrection
        let gap = t - last
        let duration = ClockTime.fromSeconds(d)
        guard gap > duration else { return t }
        // One frame after the last (saturating: a frame can claim to last longer than the jump,
        // and then there is nothing to take back).
        let (next, overflow) = last.addingReportingOverflow(max(frame, 1))
        let resumed = overflow ? UInt64.max : next
        guard resumed < t else { return t }
        run.segment.jumpCorrection = correction &+ (t - resumed)
        run.timeline.discontPending = true
        out.postWarning(.stream, code: ErrorCode.streamFormat,
                        "Timestamp jump of \(ClockTime.describe(t - last)) in a medium of "
                            + "\(ClockTime.describe(duration)): taken as a discontinuity, the stream resumes after the last frame",
                        debug: "input stream time \(ClockTime.describe(raw)) after \(ClockTime.describe(last)); "
                            + "damaged timestamps? later frames move back by \(ClockTime.describe(run.segment.jumpCorrection))")
        return resumed
    }
}
