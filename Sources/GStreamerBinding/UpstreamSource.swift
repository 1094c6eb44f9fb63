import CGStreamer

extension ElementHandle {
    /// The element at the head of the chain upstream of our sink pad: following each element's
    /// first sink pad to its peer until an element has none (a source, or a source bin such as
    /// uridecodebin). Its address identifies the stream's origin; nil when the chain is cut.
    public func upstreamSourceAddress() -> UInt? {
        var pad: UnsafeMutablePointer<GstPad>? = gst_pad_get_peer(sinkPad.raw)
        var steps = 0
        while let current = pad, steps < 64 {
            steps += 1
            defer { gst_object_unref(current) }
            guard let parent = gst_pad_get_parent_element(current) else { return nil }
            defer { gst_object_unref(parent) }
            guard let first = parent.pointee.sinkpads?.pointee.data else {
                return UInt(bitPattern: UnsafeRawPointer(parent))
            }
            pad = gst_pad_get_peer(first.assumingMemoryBound(to: GstPad.self))
            if pad == nil { return UInt(bitPattern: UnsafeRawPointer(parent)) }
        }
        return nil
    }
}
