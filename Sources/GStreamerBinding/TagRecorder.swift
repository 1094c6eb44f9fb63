import CGStreamer
import Synchronization

/// Keeps the TAG events that pass a pad (the stream's language, title, orientation; the
/// container's), to send them on from another element: the tool's reverse reader hands the tags
/// of the stream it decodes in chunks to the `appsrc` that plays it.
public final class TagRecorder: Sendable {
    private final class Events: @unchecked Sendable {
        var list: [UnsafeMutablePointer<GstEvent>] = []
        deinit { for e in list { gst_mini_object_unref(UnsafeMutableRawPointer(e).assumingMemoryBound(to: GstMiniObject.self)) } }
    }
    private let events = Mutex(Events())

    /// A recorder with nothing recorded.
    public init() {}

    /// Records each TAG event that passes `pad` (a reference to it; the event goes on).
    public func attach(to pad: Pad) {
        let callback: GstPadProbeCallback = { _, info, data in
            guard let info, let data, let event = gst_pad_probe_info_get_event(info),
                  event.pointee.type == GST_EVENT_TAG else { return GST_PAD_PROBE_OK }
            let recorder = Unmanaged<TagRecorder>.fromOpaque(data).takeUnretainedValue()
            _ = gst_mini_object_ref(UnsafeMutableRawPointer(event).assumingMemoryBound(to: GstMiniObject.self))
            recorder.events.withLock { $0.list.append(event) }
            return GST_PAD_PROBE_OK
        }
        gst_pad_add_probe(pad.raw, GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM, callback,
                          Unmanaged.passRetained(self).toOpaque()) { data in
            guard let data else { return }
            Unmanaged<TagRecorder>.fromOpaque(data).release()
        }
    }

    /// Whether any TAG event was recorded.
    public var isEmpty: Bool { events.withLock { $0.list.isEmpty } }

    /// Sends each recorded TAG event, in order, to `element` (`gst_element_send_event`: a
    /// source queues serialized events before its next buffer).
    public func send(to element: Element) {
        let list = events.withLock { $0.list }
        for event in list {
            _ = gst_mini_object_ref(UnsafeMutableRawPointer(event).assumingMemoryBound(to: GstMiniObject.self))
            _ = gst_element_send_event(element.raw, event)
        }
    }
}
