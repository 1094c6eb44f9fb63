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
            let stops = Unmanaged<StringSet>.fromOpaque(data).takeUnretainedValue().types
            return stops.contains(String(cString: name)) ? 0 : 1
        }
        connect("autoplug-continue", unsafeBitCast(callback, to: GCallback.self), retaining: StringSet(mediaTypes))
    }

    /// For a bin that plugs decoders (`uridecodebin`, `decodebin`): plugs no decoder whose klass
    /// names one of `kinds` ("Video", "Audio"): "autoplug-select" answers expose, so such a
    /// stream comes out parsed but still encoded, and an output that leaves it out does not pay
    /// for decoding it (a pad left unlinked, as playbin leaves an unselected stream).
    public func leaveUndecoded(_ kinds: Set<String>) {
        let callback: @convention(c) (UnsafeMutablePointer<GstElement>?, UnsafeMutablePointer<GstPad>?,
                                      UnsafeMutablePointer<GstCaps>?, OpaquePointer?,
                                      gpointer?) -> Int32 = { _, _, _, factory, data in
            guard let factory, let data,
                  let klass = gst_element_factory_get_metadata(factory, GST_ELEMENT_METADATA_KLASS) else {
                return autoplugSelectTry
            }
            let words = String(cString: klass).split(separator: "/").map(String.init)
            let kinds = Unmanaged<StringSet>.fromOpaque(data).takeUnretainedValue().types
            return words.contains("Decoder") && words.contains(where: kinds.contains) ? autoplugSelectExpose : autoplugSelectTry
        }
        connect("autoplug-select", unsafeBitCast(callback, to: GCallback.self), retaining: StringSet(kinds))
    }

    /// For a bin that plugs decoders (`uridecodebin`, `decodebin`): on GStreamer 1.26 and later,
    /// each FFmpeg video decoder (`avdec_*`) plugged anywhere inside decodes with slice threads
    /// (`thread-type=slice`) instead of frame threads. gst-libav 1.26 with FFmpeg 7 loses frames
    /// of a damaged stream under frame threads ("Couldn't get codec frame", `get_buffer()
    /// failed`), a different number on each run; slice threads decode every frame as 1.22
    /// does, the same on each run. Most streams have one slice per picture, so their decode is
    /// then one thread: the encoder that follows it is the slower stage.
    public func avoidFrameThreadLossesInFFmpegDecoders() {
        var major: guint = 0, minor: guint = 0, micro: guint = 0, nano: guint = 0
        gst_version(&major, &minor, &micro, &nano)
        guard major > 1 || minor >= 26 else { return }
        let callback: @convention(c) (UnsafeMutablePointer<GstBin>?, UnsafeMutablePointer<GstBin>?,
                                      UnsafeMutablePointer<GstElement>?, gpointer?) -> Void = { _, _, element, _ in
            guard let element, let factory = gst_element_get_factory(element),
                  let name = gst_object_get_name(UnsafeMutableRawPointer(factory).assumingMemoryBound(to: GstObject.self))
            else { return }
            defer { g_free(name) }
            guard String(cString: name).hasPrefix("avdec_") else { return }
            let object = UnsafeMutableRawPointer(element).assumingMemoryBound(to: GObject.self)
            let klass = UnsafeMutableRawPointer(object.pointee.g_type_instance.g_class).assumingMemoryBound(to: GObjectClass.self)
            guard g_object_class_find_property(klass, "thread-type") != nil else { return }
            gst_util_set_object_arg(object, "thread-type", "slice")
        }
        g_signal_connect_data(object, "deep-element-added", unsafeBitCast(callback, to: GCallback.self), nil, nil,
                              GConnectFlags(rawValue: 0))
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

/// GstAutoplugSelectResult (gst-plugins-base's playback plugin, not in a public header):
/// try the factory, or expose the pad as it is.
private let autoplugSelectTry: Int32 = 0, autoplugSelectExpose: Int32 = 1

/// A set of strings held as a signal handler's user data (media types, klass words).
private final class StringSet: Sendable {
    let types: Set<String>
    init(_ types: Set<String>) { self.types = types }
}

private final class PadAddedHandler: Sendable {
    let body: @Sendable (Pad) -> Void
    init(_ body: @escaping @Sendable (Pad) -> Void) { self.body = body }
}
