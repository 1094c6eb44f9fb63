import CGStreamer

extension Pad {
    /// Whether upstream of this (sink) pad is live, as its peer answers a LATENCY query; false
    /// when it does not answer.
    public func peerIsLive() -> Bool {
        guard let query = gst_query_new_latency() else { return false }
        defer { gst_mini_object_unref(UnsafeMutableRawPointer(query).assumingMemoryBound(to: GstMiniObject.self)) }
        guard gst_pad_peer_query(raw, query) != 0 else { return false }
        var live: gboolean = 0
        gst_query_parse_latency(query, &live, nil, nil)
        return live != 0
    }
}
