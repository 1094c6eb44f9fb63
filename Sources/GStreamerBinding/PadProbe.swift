import CGStreamer

// Pad probes that take Swift closures and see buffers and events as values.

extension Pad {
    /// What a probe sees.
    public struct ProbeKinds: OptionSet, Sendable {
        /// The `GstPadProbeType` bits.
        public let rawValue: UInt32
        /// Kinds from `GstPadProbeType` bits.
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Buffers.
        public static let buffers = ProbeKinds(rawValue: GST_PAD_PROBE_TYPE_BUFFER.rawValue)
        /// Downstream events (serialized and not).
        public static let downstreamEvents = ProbeKinds(rawValue: GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM.rawValue)
        /// FLUSH_START and FLUSH_STOP (not seen with `downstreamEvents` alone).
        public static let flushEvents = ProbeKinds(rawValue: GST_PAD_PROBE_TYPE_EVENT_FLUSH.rawValue)
    }

    /// Calls `handler` on the streaming thread for each buffer and event of `kinds` that passes
    /// the pad; it may drop a buffer or rewrite its timestamps and start. The handler lives as
    /// long as the pad.
    public func addProbe(_ kinds: ProbeKinds, _ handler: @escaping @Sendable (ProbeItem) -> ProbeVerdict) {
        let callback: GstPadProbeCallback = { _, info, data in
            guard let info, let data else { return GST_PAD_PROBE_OK }
            let handler = Unmanaged<ProbeHandler>.fromOpaque(data).takeUnretainedValue()
            return handler.handle(info)
        }
        gst_pad_add_probe(raw, GstPadProbeType(rawValue: kinds.rawValue), callback,
                          Unmanaged.passRetained(ProbeHandler(handler)).toOpaque()) { data in
            guard let data else { return }
            Unmanaged<ProbeHandler>.fromOpaque(data).release()
        }
    }
}

extension Pad {
    /// Calls `body` on the streaming thread with each downstream event of `kind` that passes the
    /// pad, borrowed for the call (the event goes on). For the kinds `ProbeItem.otherEvent`
    /// carries (TAG, TOC, EOS, ...), not SEGMENT, CAPS or FLUSH_STOP, which `addProbe` parses.
    public func observeEvents(_ kind: EventKind, _ body: @escaping @Sendable (ProbedEvent) -> Void) {
        addProbe(.downstreamEvents) { item in
            if case .otherEvent(let event) = item, event.kind == kind { body(event) }
            return .pass
        }
    }
}

extension Pad {
    /// Calls `handler` on the streaming thread with the bytes of each buffer that passes the
    /// pad, until it says `remove`; bytes it returns replace the buffer's (timestamps, offsets
    /// and flags kept). For headers: each call copies the buffer.
    public func addBytesProbe(_ handler: @escaping @Sendable ([UInt8]) -> (replacement: [UInt8]?, remove: Bool)) {
        let callback: GstPadProbeCallback = { _, info, data in
            guard let info, let data, let buffer = gst_pad_probe_info_get_buffer(info) else { return GST_PAD_PROBE_OK }
            let handler = Unmanaged<BytesProbeHandler>.fromOpaque(data).takeUnretainedValue()
            let size = Int(gst_buffer_get_size(buffer))
            var bytes = [UInt8](repeating: 0, count: size)
            let copied = bytes.withUnsafeMutableBytes { Int(gst_buffer_extract(buffer, 0, $0.baseAddress, gsize(size))) }
            guard copied == size else { return GST_PAD_PROBE_OK }
            let (replacement, remove) = handler.body(bytes)
            if let replacement, let out = gst_buffer_new_allocate(nil, gsize(replacement.count), nil) {
                _ = replacement.withUnsafeBytes { gst_buffer_fill(out, 0, $0.baseAddress, gsize(replacement.count)) }
                gst_buffer_copy_into(out, buffer, GstBufferCopyFlags(rawValue: GST_BUFFER_COPY_FLAGS.rawValue
                                                                     | GST_BUFFER_COPY_TIMESTAMPS.rawValue), 0, gsize.max)
                gst_buffer_unref(buffer)
                info.pointee.data = UnsafeMutableRawPointer(out)
            }
            return remove ? GST_PAD_PROBE_REMOVE : GST_PAD_PROBE_OK
        }
        gst_pad_add_probe(raw, GST_PAD_PROBE_TYPE_BUFFER, callback,
                          Unmanaged.passRetained(BytesProbeHandler(handler)).toOpaque()) { data in
            guard let data else { return }
            Unmanaged<BytesProbeHandler>.fromOpaque(data).release()
        }
    }
}

private final class BytesProbeHandler: Sendable {
    let body: @Sendable ([UInt8]) -> (replacement: [UInt8]?, remove: Bool)
    init(_ body: @escaping @Sendable ([UInt8]) -> (replacement: [UInt8]?, remove: Bool)) { self.body = body }
}

/// Buffer flags (`GstBufferFlags`) and their names in check logs.
public struct BufferFlags: OptionSet, Sendable {
    /// The `GstBufferFlags` bits.
    public let rawValue: UInt32
    /// Flags from `GstBufferFlags` bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The flags and their names, in log order.
    public static let named: [(BufferFlags, String)] = ([
        (GST_BUFFER_FLAG_LIVE, "live"), (GST_BUFFER_FLAG_DECODE_ONLY, "decode-only"),
        (GST_BUFFER_FLAG_DISCONT, "discont"), (GST_BUFFER_FLAG_RESYNC, "resync"),
        (GST_BUFFER_FLAG_CORRUPTED, "corrupted"), (GST_BUFFER_FLAG_MARKER, "marker"),
        (GST_BUFFER_FLAG_HEADER, "header"), (GST_BUFFER_FLAG_GAP, "gap"),
        (GST_BUFFER_FLAG_DROPPABLE, "droppable"), (GST_BUFFER_FLAG_DELTA_UNIT, "delta"),
    ] as [(GstBufferFlags, String)]).map { (BufferFlags(rawValue: $0.0.rawValue), $0.1) }

    /// `GST_BUFFER_FLAG_DELTA_UNIT`: not a keyframe.
    public static let deltaUnit = BufferFlags(rawValue: GST_BUFFER_FLAG_DELTA_UNIT.rawValue)

    /// The names of the flags set, in log order.
    public var names: [String] { Self.named.filter { rawValue & $0.0.rawValue != 0 }.map(\.1) }
}

/// A buffer as a probe sees it (times in ns, `UInt64.max` for none).
public struct BufferInfo {
    /// Presentation timestamp.
    public var pts: UInt64
    /// Duration.
    public var duration: UInt64
    /// Offset (frames or samples, per format).
    public var offset: UInt64
    /// Offset of the end.
    public var offsetEnd: UInt64
    /// Size in bytes.
    public var size: Int
    /// The buffer flags.
    public var flags: BufferFlags
}

/// A segment event's fields (ns; `stop` is `UInt64.max` when open).
public struct SegmentInfo: Sendable {
    /// Start.
    public var start: UInt64
    /// Stop.
    public var stop: UInt64
    /// Stream time of `start`.
    public var time: UInt64

    /// A segment from `start` to `stop` whose `start` is the stream time `time` (the default:
    /// timestamps are stream times).
    public init(start: UInt64 = 0, stop: UInt64 = .max, time: UInt64 = 0) {
        self.start = start
        self.stop = stop
        self.time = time
    }

    /// What to take from a buffer timestamp for its stream time (`start - time`).
    public var streamOffset: Int64 { Int64(clamping: start) &- Int64(clamping: time) }

    /// The stream time of the timestamp `pts` in this segment (`pts - start + time`), clamped to
    /// `0 ... UInt64.max`.
    public func streamTime(of pts: UInt64) -> UInt64 { UInt64(clamping: Int64(clamping: pts) &- streamOffset) }
}

/// What a caps event says.
public struct CapsInfo {
    /// `video/x-raw`, `audio/x-raw`, ...; "" when unknown.
    public var mediaType: String
    /// For raw audio: the sample rate and bytes per frame.
    public var audio: (rate: Int, bytesPerFrame: Int)?
}

/// A buffer or event passing a probed pad.
public enum ProbeItem {
    case buffer(BufferInfo)
    case flushStop
    case segment(SegmentInfo)
    case caps(CapsInfo)
    /// Any other event (TAG, TOC, EOS, ...), borrowed for the handler's call.
    case otherEvent(ProbedEvent)
}

/// What a probe does with what passes.
public enum ProbeVerdict {
    /// Let it through unchanged.
    case pass
    /// Drop it (a buffer; events are always let through).
    case drop
    /// Let a buffer through without its first `trimStartBytes` bytes and with these timestamps.
    case rewrite(trimStartBytes: Int, pts: UInt64, duration: UInt64)
}

private final class ProbeHandler: Sendable {
    let body: @Sendable (ProbeItem) -> ProbeVerdict
    init(_ body: @escaping @Sendable (ProbeItem) -> ProbeVerdict) { self.body = body }

    func handle(_ info: UnsafeMutablePointer<GstPadProbeInfo>) -> GstPadProbeReturn {
        if info.pointee.type.rawValue & GST_PAD_PROBE_TYPE_BUFFER.rawValue != 0 {
            guard let buffer = gst_pad_probe_info_get_buffer(info) else { return GST_PAD_PROBE_OK }
            let size = Int(gst_buffer_get_size(buffer))
            let item = BufferInfo(pts: UInt64(buffer.pointee.pts), duration: UInt64(buffer.pointee.duration),
                                  offset: UInt64(buffer.pointee.offset), offsetEnd: UInt64(buffer.pointee.offset_end),
                                  size: size, flags: BufferFlags(rawValue: buffer.pointee.mini_object.flags))
            switch body(.buffer(item)) {
            case .pass:
                return GST_PAD_PROBE_OK
            case .drop:
                return GST_PAD_PROBE_DROP
            case .rewrite(let trim, let pts, let duration):
                let mini = UnsafeMutableRawPointer(buffer).assumingMemoryBound(to: GstMiniObject.self)
                guard let writable = gst_mini_object_make_writable(mini) else { return GST_PAD_PROBE_OK }
                let out = UnsafeMutableRawPointer(writable).assumingMemoryBound(to: GstBuffer.self)
                let cut = min(max(trim, 0), size)
                if cut > 0 { gst_buffer_resize(out, gssize(cut), gssize(size - cut)) }
                out.pointee.pts = GstClockTime(pts)
                out.pointee.duration = GstClockTime(duration)
                info.pointee.data = UnsafeMutableRawPointer(out)
                return GST_PAD_PROBE_OK
            }
        }
        guard let event = gst_pad_probe_info_get_event(info) else { return GST_PAD_PROBE_OK }
        let item: ProbeItem
        switch event.pointee.type {
        case GST_EVENT_FLUSH_STOP:
            item = .flushStop
        case GST_EVENT_SEGMENT:
            var segment: UnsafePointer<GstSegment>?
            gst_event_parse_segment(event, &segment)
            guard let s = segment?.pointee else { return GST_PAD_PROBE_OK }
            item = .segment(SegmentInfo(start: UInt64(s.start), stop: UInt64(s.stop), time: UInt64(s.time)))
        case GST_EVENT_CAPS:
            var caps: UnsafeMutablePointer<GstCaps>?
            gst_event_parse_caps(event, &caps)
            item = .caps(Caps.info(caps))
        default:
            item = .otherEvent(ProbedEvent(raw: event))
        }
        return body(item).isDrop ? GST_PAD_PROBE_DROP : GST_PAD_PROBE_OK
    }
}

private extension ProbeVerdict {
    var isDrop: Bool {
        if case .drop = self { return true }
        return false
    }
}

extension Caps {
    /// The media type of a caps' first structure (`video/x-raw`), or "".
    static func mediaType(_ caps: UnsafeMutablePointer<GstCaps>?) -> String {
        guard let caps, gst_caps_get_size(caps) > 0, let s = gst_caps_get_structure(caps, 0),
              let name = gst_structure_get_name(s) else { return "" }
        return String(cString: name)
    }

    /// What the caps of a CAPS event say.
    static func info(_ caps: UnsafeMutablePointer<GstCaps>?) -> CapsInfo {
        var result = CapsInfo(mediaType: mediaType(caps))
        if result.mediaType == "audio/x-raw", let caps {
            var audioInfo = GstAudioInfo()
            if gst_audio_info_from_caps(&audioInfo, caps) != 0 {
                result.audio = (Int(audioInfo.rate), Int(audioInfo.bpf))
            }
        }
        return result
    }
}
