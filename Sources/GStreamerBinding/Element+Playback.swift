import CGStreamer

// Driving a pipeline: states, latency, position and duration, EOS and seeks.

extension Element {
    /// The states a pipeline goes through.
    public enum State {
        case null, paused, playing

        fileprivate var gst: GstState {
            switch self {
            case .null: return GST_STATE_NULL
            case .paused: return GST_STATE_PAUSED
            case .playing: return GST_STATE_PLAYING
            }
        }
    }

    /// Asks for `state`; false when the change failed at once (asynchronous changes succeed).
    @discardableResult
    public func setState(_ state: State) -> Bool {
        gst_element_set_state(raw, state.gst) != GST_STATE_CHANGE_FAILURE
    }

    /// What a state change request answered (`GstStateChangeReturn`).
    public enum StateChange { case failure, success, async, noPreroll }

    /// Asks for `state` and says how the change went (gst-launch-1.0 prints it).
    public func changeState(_ state: State) -> StateChange {
        switch gst_element_set_state(raw, state.gst) {
        case GST_STATE_CHANGE_FAILURE: return .failure
        case GST_STATE_CHANGE_ASYNC: return .async
        case GST_STATE_CHANGE_NO_PREROLL: return .noPreroll
        default: return .success
        }
    }

    /// Recomputes and distributes the pipeline's latency (on a latency message).
    public func recalculateLatency() {
        guard isBin else { return }
        _ = gst_bin_recalculate_latency(UnsafeMutableRawPointer(raw).assumingMemoryBound(to: GstBin.self))
    }

    /// Waits up to `timeoutNs` for a pending state change to complete.
    public func waitForStateChange(timeoutNs: UInt64) {
        _ = gst_element_get_state(raw, nil, nil, GstClockTime(timeoutNs))
    }

    /// The position query in time (ns), or nil when unanswered.
    public func queryPosition() -> Int64? {
        var value: gint64 = -1
        return gst_element_query_position(raw, GST_FORMAT_TIME, &value) != 0 ? Int64(value) : nil
    }

    /// The duration query in time (ns), or nil when unanswered.
    public func queryDuration() -> Int64? {
        var value: gint64 = -1
        return gst_element_query_duration(raw, GST_FORMAT_TIME, &value) != 0 ? Int64(value) : nil
    }

    /// Sends an EOS event (to the sources, for a pipeline).
    @discardableResult
    public func sendEOS() -> Bool { gst_element_send_event(raw, gst_event_new_eos()) != 0 }

    /// Seek flags (`GstSeekFlags`).
    public struct SeekFlags: OptionSet, Sendable {
        /// The `GstSeekFlags` bits.
        public let rawValue: UInt32
        /// Flags from `GstSeekFlags` bits.
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Flush the pipeline.
        public static let flush = SeekFlags(rawValue: GST_SEEK_FLAG_FLUSH.rawValue)
        /// Seek exactly (not to a key unit).
        public static let accurate = SeekFlags(rawValue: GST_SEEK_FLAG_ACCURATE.rawValue)
        /// Seek to the nearest key unit.
        public static let keyUnit = SeekFlags(rawValue: GST_SEEK_FLAG_KEY_UNIT.rawValue)
        /// Snap to the key unit before.
        public static let snapBefore = SeekFlags(rawValue: GST_SEEK_FLAG_SNAP_BEFORE.rawValue)
        /// Snap to the key unit after.
        public static let snapAfter = SeekFlags(rawValue: GST_SEEK_FLAG_SNAP_AFTER.rawValue)
        /// Snap to the nearest key unit.
        public static let snapNearest = SeekFlags(rawValue: GST_SEEK_FLAG_SNAP_NEAREST.rawValue)
    }

    /// A seek in time at rate 1 to `start` (and `stop`, if given), in ns; false if refused.
    public func seek(flags: SeekFlags, start: Int64, stop: Int64?) -> Bool {
        gst_element_seek(raw, 1.0, GST_FORMAT_TIME, GstSeekFlags(rawValue: flags.rawValue),
                         GST_SEEK_TYPE_SET, gint64(start),
                         stop == nil ? GST_SEEK_TYPE_NONE : GST_SEEK_TYPE_SET, gint64(stop ?? -1)) != 0
    }
}
