import CGStreamer

// What an element tells: property changes, its bus, pads it adds.

extension Element {
    /// Posts a property-notify message for every property change in the pipeline (`-v`).
    public func watchPropertyChanges() {
        _ = gst_element_add_property_deep_notify_watch(raw, nil, 1)
    }

    /// The element's bus (a pipeline always has one); nil for an element outside a pipeline.
    public var bus: Bus? { gst_element_get_bus(raw).map { Bus(adopting: $0) } }

    /// Calls `handler` on the streaming thread for each pad the element adds ("pad-added").
    /// The handler lives as long as the element.
    public func onPadAdded(_ handler: @escaping @Sendable (Pad) -> Void) {
        let callback: @convention(c) (UnsafeMutablePointer<GstElement>?, UnsafeMutablePointer<GstPad>?, gpointer?) -> Void = {
            _, pad, data in
            guard let pad, let data else { return }
            Unmanaged<PadAddedHandler>.fromOpaque(data).takeUnretainedValue().body(Pad(raw: pad))
        }
        connect("pad-added", unsafeBitCast(callback, to: GCallback.self), retaining: PadAddedHandler(handler))
    }
}

extension Element {
    /// For `parsebin` and `decodebin`: plugs nothing after a pad whose caps' media type is one of
    /// `mediaTypes` ("autoplug-continue"), so the stream comes out as it is there (parsebin would
    /// otherwise turn SSA/ASS into plain text with ssaparse).
    public func stopAutoplugging(at mediaTypes: Set<String>) {
        let callback: @convention(c) (UnsafeMutablePointer<GstElement>?, UnsafeMutablePointer<GstPad>?,
                                      UnsafeMutablePointer<GstCaps>?, gpointer?) -> gboolean = { _, _, caps, data in
            guard let caps, let data, gst_caps_get_size(caps) > 0, let structure = gst_caps_get_structure(caps, 0),
                  let name = gst_structure_get_name(structure) else { return 1 }
            let stops = Unmanaged<MediaTypeSet>.fromOpaque(data).takeUnretainedValue().types
            return stops.contains(String(cString: name)) ? 0 : 1
        }
        connect("autoplug-continue", unsafeBitCast(callback, to: GCallback.self), retaining: MediaTypeSet(mediaTypes))
    }

    /// Connects `callback` to `signal` with `payload` as its user data, held as long as the
    /// connection (released when the element goes).
    private func connect(_ signal: String, _ callback: GCallback, retaining payload: AnyObject) {
        let release: GClosureNotify = { data, _ in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        }
        g_signal_connect_data(object, signal, callback, Unmanaged.passRetained(payload).toOpaque(), release,
                              GConnectFlags(rawValue: 0))
    }
}

private final class MediaTypeSet: Sendable {
    let types: Set<String>
    init(_ types: Set<String>) { self.types = types }
}

private final class PadAddedHandler: Sendable {
    let body: @Sendable (Pad) -> Void
    init(_ body: @escaping @Sendable (Pad) -> Void) { self.body = body }
}
