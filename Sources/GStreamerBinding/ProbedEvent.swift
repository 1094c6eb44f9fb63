import CGStreamer

/// An event a pad probe sees (`ProbeItem.otherEvent`), borrowed: valid only during the probe
/// handler's call (a recorder that keeps it takes a reference of its own).
public struct ProbedEvent {
    /// The event (not owned).
    let raw: UnsafeMutablePointer<GstEvent>

    /// The event's kind.
    public var kind: EventKind { Event.kind(of: raw) }
}
