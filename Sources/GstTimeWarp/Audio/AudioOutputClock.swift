import GStreamerBinding

/// Output timestamps of one contiguous run of audio: sample `j` sits at
/// `origin + j * GST_SECOND / rate`, computed from the index (no drift over hours).
struct AudioOutputClock {
    /// Output timestamp of sample 0 (ns).
    let origin: UInt64
    /// Sample rate (Hz).
    let rate: UInt64
    /// Samples emitted so far in this run.
    var emitted: UInt64 = 0

    /// Timestamp of sample `j` (ns), saturating at `ClockTime.end`.
    func time(ofSample j: UInt64) -> UInt64 {
        guard let offset = ClockTime.scale(j, ClockTime.second, rate) else { return ClockTime.end }
        let (t, overflow) = origin.addingReportingOverflow(offset)
        return overflow ? ClockTime.end : min(t, ClockTime.end)
    }

    /// Timestamp, duration and offsets for the next `count` samples; advances the clock.
    mutating func stamp(count: Int) -> (pts: UInt64, duration: UInt64, offset: UInt64, offsetEnd: UInt64) {
        let start = emitted, end = emitted &+ UInt64(max(count, 0))
        let pts = time(ofSample: start)
        emitted = end
        return (pts, time(ofSample: end) &- pts, start, end)
    }
}
