import CGStreamer

// Pads of elements the CLI holds: links, caps, the parent's properties.

extension Pad {
    /// Whether the pad is linked to a peer.
    public var isLinked: Bool { gst_pad_is_linked(raw) != 0 }

    /// Links this source pad to `sink`.
    @discardableResult
    public func link(to sink: Pad) -> Bool { gst_pad_link(raw, sink.raw) == GST_PAD_LINK_OK }

    /// The media type of the pad's caps (current, else the query's), e.g. `video/x-raw`; "" when unknown.
    public var mediaType: String {
        let caps = gst_pad_get_current_caps(raw) ?? gst_pad_query_caps(raw, nil)
        defer { if let caps { gst_caps_unref(caps) } }
        return Caps.mediaType(caps)
    }

    /// Sets a property of the pad's element from its string form (`gst_util_set_object_arg`).
    public func setParentProperty(_ name: String, _ value: String) {
        guard let parent = gst_pad_get_parent_element(raw) else { return }
        defer { gst_object_unref(parent) }
        gst_util_set_object_arg(UnsafeMutableRawPointer(parent).assumingMemoryBound(to: GObject.self), name, value)
    }

    /// Sets a property of the pad this one is linked to from its string form (a muxer's request
    /// pad: `trak-timescale`); nothing when unlinked.
    public func setPeerProperty(_ name: String, _ value: String) {
        guard let peer = gst_pad_get_peer(raw) else { return }
        defer { gst_object_unref(peer) }
        gst_util_set_object_arg(UnsafeMutableRawPointer(peer).assumingMemoryBound(to: GObject.self), name, value)
    }
}
