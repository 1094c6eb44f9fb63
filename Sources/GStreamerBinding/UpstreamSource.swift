import CGStreamer
import CShims

extension ElementHandle {
    /// The element at the head of the chain upstream of our sink pad: following each element's
    /// first sink pad to its peer until an element has none (a source, or a source bin such as
    /// uridecodebin). Its address identifies the stream's origin; nil when the chain is cut.
    public func upstreamSourceAddress() -> UInt? {
        guard let source = upstreamSource() else { return nil }
        defer { gst_object_unref(source) }
        return UInt(bitPattern: UnsafeRawPointer(source))
    }

    /// The stream's origin (see `upstreamSourceAddress`) and every element of ours downstream of
    /// it, this one included, whose boolean property `property` is true: the elements of one
    /// pipeline that share the origin's streams (the audio and video branches of one demuxer).
    /// Bins are entered through their ghost pads. Nil when the chain upstream is cut.
    public func siblings(withTrue property: String) -> (origin: UInt, members: [UInt])? {
        guard let source = upstreamSource() else { return nil }
        defer { gst_object_unref(source) }
        var members: [UInt] = []
        DownstreamWalk.visit(from: source) { element in
            let object = UnsafeMutableRawPointer(element)
            guard g_type_check_instance_is_a(object.assumingMemoryBound(to: GTypeInstance.self),
                                             timewarp_element_get_type()) != 0 else { return }
            let klass = UnsafeMutableRawPointer(object.assumingMemoryBound(to: GTypeInstance.self).pointee.g_class)
                .assumingMemoryBound(to: GObjectClass.self)
            guard let spec = g_object_class_find_property(klass, property),
                  spec.pointee.value_type == GType(5 << G_TYPE_FUNDAMENTAL_SHIFT) else { return }
            var value = GValue()
            g_value_init(&value, GType(5 << G_TYPE_FUNDAMENTAL_SHIFT))  // G_TYPE_BOOLEAN
            defer { g_value_unset(&value) }
            g_object_get_property(object.assumingMemoryBound(to: GObject.self), property, &value)
            if g_value_get_boolean(&value) != 0 { members.append(UInt(bitPattern: object)) }
        }
        return (UInt(bitPattern: UnsafeRawPointer(source)), members)
    }

    /// The origin element, with a reference the caller drops.
    private func upstreamSource() -> UnsafeMutablePointer<GstElement>? {
        var pad: UnsafeMutablePointer<GstPad>? = gst_pad_get_peer(sinkPad.raw)
        var steps = 0
        while let current = pad, steps < 64 {
            steps += 1
            defer { gst_object_unref(current) }
            guard let parent = gst_pad_get_parent_element(current) else { return nil }
            guard let first = parent.pointee.sinkpads?.pointee.data else { return parent }
            pad = gst_pad_get_peer(first.assumingMemoryBound(to: GstPad.self))
            if pad == nil { return parent }
            gst_object_unref(parent)
        }
        return nil
    }
}

/// A breadth-first walk over the elements downstream of one element, through every source pad,
/// into bins by their ghost pads and out of them again; each element visited once.
enum DownstreamWalk {
    /// Calls `body` with each element downstream of `start` (not `start` itself), at most
    /// `limit` of them.
    static func visit(from start: UnsafeMutablePointer<GstElement>, limit: Int = 256,
                      _ body: (UnsafeMutablePointer<GstElement>) -> Void) {
        var seen: Set<UInt> = [UInt(bitPattern: UnsafeRawPointer(start))]
        var queue = sourcePads(of: start)
        var visited = 0
        while !queue.isEmpty, visited < limit {
            let pad = queue.removeFirst()
            defer { gst_object_unref(pad) }
            guard let element = elementReceiving(from: pad, &queue) else { continue }
            defer { gst_object_unref(element) }
            guard seen.insert(UInt(bitPattern: UnsafeRawPointer(element))).inserted else { continue }
            visited += 1
            body(element)
            queue += sourcePads(of: element)
        }
        for pad in queue { gst_object_unref(pad) }
    }

    /// The element whose sink pad takes what `pad` pushes (a reference the caller drops),
    /// stepping into a bin through its sink ghost pad; when the peer is the inside of a bin's
    /// source ghost pad, that ghost pad is queued instead and nil returned.
    private static func elementReceiving(from pad: UnsafeMutablePointer<GstPad>,
                                         _ queue: inout [UnsafeMutablePointer<GstPad>]) -> UnsafeMutablePointer<GstElement>? {
        var peer = gst_pad_get_peer(pad)
        var steps = 0
        while let current = peer, steps < 16 {
            steps += 1
            if g_type_check_instance_is_a(UnsafeMutableRawPointer(current).assumingMemoryBound(to: GTypeInstance.self),
                                          gst_ghost_pad_get_type()) != 0 {
                let ghost = UnsafeMutableRawPointer(current).assumingMemoryBound(to: GstGhostPad.self)
                peer = gst_ghost_pad_get_target(ghost)
                gst_object_unref(current)
                continue
            }
            if let element = gst_pad_get_parent_element(current) {
                gst_object_unref(current)
                return element
            }
            // A proxy pad: its parent is a source ghost pad of the bin we are leaving.
            if let parent = gst_object_get_parent(UnsafeMutableRawPointer(current).assumingMemoryBound(to: GstObject.self)) {
                if g_type_check_instance_is_a(UnsafeMutableRawPointer(parent).assumingMemoryBound(to: GTypeInstance.self),
                                              gst_pad_get_type()) != 0 {
                    queue.append(UnsafeMutableRawPointer(parent).assumingMemoryBound(to: GstPad.self))
                } else {
                    gst_object_unref(parent)
                }
            }
            gst_object_unref(current)
            return nil
        }
        if let peer { gst_object_unref(peer) }
        return nil
    }

    /// The element's source pads, each with a reference the caller drops.
    private static func sourcePads(of element: UnsafeMutablePointer<GstElement>) -> [UnsafeMutablePointer<GstPad>] {
        let object = UnsafeMutableRawPointer(element).assumingMemoryBound(to: GstObject.self)
        g_mutex_lock(&object.pointee.lock)
        defer { g_mutex_unlock(&object.pointee.lock) }
        var pads: [UnsafeMutablePointer<GstPad>] = []
        var node = element.pointee.srcpads
        while let current = node {
            if let data = current.pointee.data {
                let pad = data.assumingMemoryBound(to: GstPad.self)
                gst_object_ref(UnsafeMutableRawPointer(pad))
                pads.append(pad)
            }
            node = current.pointee.next
        }
        return pads
    }
}
