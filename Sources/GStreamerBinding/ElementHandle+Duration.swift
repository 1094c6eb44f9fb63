import CGStreamer

extension ElementHandle {
    /// Posts DURATION_CHANGED: applications and sinks query the duration again.
    public func postDurationChanged() {
        if let m = gst_message_new_duration_changed(object) { _ = gst_element_post_message(raw, m) }
    }
}

