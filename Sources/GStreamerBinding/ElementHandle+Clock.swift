import CGStreamer

extension ElementHandle {
    /// The running time of the element's clock now (the clock's time minus the element's base
    /// time, ns), when the element is PLAYING with a clock; nil otherwise (no clock yet, paused,
    /// or a clock time before the base time).
    public func playingRunningTime() -> UInt64? {
        guard raw.pointee.current_state == GST_STATE_PLAYING, let clock = gst_element_get_clock(raw) else {
            return nil
        }
        defer { gst_object_unref(clock) }
        let now = gst_clock_get_time(clock)
        let base = gst_element_get_base_time(raw)
        guard UInt64(now) != ClockTime.none, UInt64(base) != ClockTime.none, now >= base else { return nil }
        return UInt64(now - base)
    }
}
