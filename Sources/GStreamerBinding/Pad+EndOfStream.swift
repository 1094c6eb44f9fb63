import CGStreamer

extension Pad {
    /// Sends EOS into this pad (as if upstream had ended): for a probe that has seen the last
    /// buffer it wants (`warp --chunks`' workers stop decoding past their chunk). Later buffers
    /// are refused with `GST_FLOW_EOS`, which stops the upstream elements.
    @discardableResult
    public func sendEndOfStream() -> Bool {
        gst_pad_send_event(raw, gst_event_new_eos()) != 0
    }
}
