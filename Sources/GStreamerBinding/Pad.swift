import CGStreamer

/// A borrowed `GstPad`: one of our elements' pads, or a pad of an element the CLI holds (pads
/// live as long as their element). Two values are equal when they name the same pad.
public struct Pad: Equatable {
    /// The underlying pad (not owned).
    @usableFromInline let raw: UnsafeMutablePointer<GstPad>

    /// Wraps a pad that lives as long as the element the caller holds.
    @usableFromInline init(raw: UnsafeMutablePointer<GstPad>) { self.raw = raw }

    /// Pushes a buffer downstream, handing over ownership; throws why downstream took no more.
    @inlinable
    @discardableResult
    public func push(_ buffer: consuming Buffer) throws(FlowError) -> FlowSuccess {
        try FlowSuccess.checking(gst_pad_push(raw, buffer.release()))
    }

    /// Pushes an event to the peer (downstream for src pads, upstream for sink pads).
    @discardableResult
    public func push(_ event: consuming Event) -> Bool {
        gst_pad_push_event(raw, event.release()) != 0
    }

    /// Default event handling (forwards to the other pad).
    @discardableResult
    public func eventDefault(_ event: consuming Event, parent: ElementHandle) -> Bool {
        gst_pad_event_default(raw, parent.object, event.release()) != 0
    }

    /// Default query handling (forwards to the other pad where that makes sense).
    public func queryDefault(_ query: Query, parent: ElementHandle) -> Bool {
        gst_pad_query_default(raw, parent.object, query.raw) != 0
    }

    /// Sends `query` to the peer pad.
    public func peerQuery(_ query: Query) -> Bool { gst_pad_peer_query(raw, query.raw) != 0 }

    /// Asks the peer for the duration in TIME (ns).
    public func peerDuration() -> UInt64? {
        var d: gint64 = -1
        guard gst_pad_peer_query_duration(raw, GST_FORMAT_TIME, &d) != 0, d >= 0 else { return nil }
        return UInt64(d)
    }

    /// The caps the peer can handle, restricted by `filter`.
    public func peerCaps(filter: borrowing Caps?) -> Caps? {
        let f: UnsafeMutablePointer<GstCaps>? = switch filter {
        case .some(let c): c.raw
        case .none: nil
        }
        guard let c = gst_pad_peer_query_caps(raw, f) else { return nil }
        return Caps(taking: c)
    }

    /// The caps of this pad's template.
    public func templateCaps() -> Caps? {
        guard let c = gst_pad_get_pad_template_caps(raw) else { return nil }
        return Caps(taking: c)
    }

    /// The caps currently set on the pad.
    public func currentCaps() -> Caps? {
        guard let c = gst_pad_get_current_caps(raw) else { return nil }
        return Caps(taking: c)
    }

    /// Whether downstream asked for renegotiation (clears the flag).
    ///
    /// Called for every buffer: the flag is read first without the pad's lock (a plain load, as
    /// `GST_PAD_NEEDS_RECONFIGURE` reads it), and only a raised flag takes the lock to clear it.
    /// A flag raised by another thread at that very moment is seen at the next buffer.
    @inlinable
    public func checkReconfigure() -> Bool {
        guard raw.pointee.object.flags & GST_PAD_FLAG_NEED_RECONFIGURE.rawValue != 0 else { return false }
        return gst_pad_check_reconfigure(raw) != 0
    }
}
