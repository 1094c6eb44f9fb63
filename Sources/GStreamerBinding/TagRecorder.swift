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
        pad.observeEvents(.tag) { [self] event in record(event) }
    }

    /// Keeps a reference to `event`.
    private func record(_ event: ProbedEvent) {
        _ = gst_mini_object_ref(UnsafeMutableRawPointer(event.raw).assumingMemoryBound(to: GstMiniObject.self))
        events.withLock { $0.list.append(event.raw) }
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
