import CGStreamer
import CShims

// appsink and appsrc through their action signals (`pull-sample`, `push-buffer`,
// `end-of-stream`), so that nothing links libgstapp: the tool's own reader for `warp --reverse`.

/// A `GstSample` pulled from an appsink: a buffer with its caps and segment. Released when
/// the value goes away.
public final class Sample: @unchecked Sendable {
    private let raw: OpaquePointer

    init(taking raw: OpaquePointer) { self.raw = raw }

    deinit { gst_mini_object_unref(UnsafeMutableRawPointer(raw).assumingMemoryBound(to: GstMiniObject.self)) }

    private var buffer: UnsafeMutablePointer<GstBuffer>? { gst_sample_get_buffer(raw) }

    /// The buffer's presentation timestamp (ns) or `ClockTime.none`.
    public var pts: UInt64 { buffer.map { UInt64($0.pointee.pts) } ?? ClockTime.none }
    /// The buffer's duration (ns) or `ClockTime.none`.
    public var duration: UInt64 { buffer.map { UInt64($0.pointee.duration) } ?? ClockTime.none }
    /// The buffer's size in bytes.
    public var size: Int { buffer.map { Int(gst_buffer_get_size($0)) } ?? 0 }
    /// Whether the buffer has the DISCONT flag.
    public var isDiscont: Bool {
        buffer.map { $0.pointee.mini_object.flags & GST_BUFFER_FLAG_DISCONT.rawValue != 0 } ?? false
    }
    /// The segment the buffer was played in.
    public var segment: Segment? { gst_sample_get_segment(raw).map { Segment(raw: $0.pointee) } }
    /// The caps as text (`gst_caps_to_string`), for an appsrc's `caps` property.
    public var capsText: String? {
        guard let caps = gst_sample_get_caps(raw), let text = gst_caps_to_string(caps) else { return nil }
        defer { g_free(text) }
        return String(cString: text)
    }
    /// For raw audio: the sample rate and bytes per frame of the caps.
    public var audioFormat: (rate: Int, bytesPerFrame: Int)? {
        Caps.info(gst_sample_get_caps(raw)).audio
    }

    /// The sample's buffer as it is (timestamps, DTS, flags; memory shared): for handing
    /// encoded buffers from an appsink to an appsrc unchanged (`warp --chunks` joins its parts).
    /// With `runningTime`, its PTS and DTS become running times of the sample's segment (rate 1:
    /// `ts - start + base`), as a muxer would see them.
    public func takeBuffer(runningTime: Bool = false) -> Buffer? {
        guard let buffer else { return nil }
        guard runningTime, let segment = gst_sample_get_segment(raw) else { return Buffer(taking: gst_buffer_ref(buffer)) }
        guard let copy = timewarp_buffer_make_writable(gst_buffer_ref(buffer)) else { return nil }
        let shift = Int64(clamping: segment.pointee.base) &- Int64(clamping: segment.pointee.start)
        func moved(_ ts: GstClockTime) -> GstClockTime {
            ts == GstClockTime(ClockTime.none) ? ts : GstClockTime(UInt64(clamping: max(0, Int64(clamping: ts) &+ shift)))
        }
        copy.pointee.pts = moved(copy.pointee.pts)
        copy.pointee.dts = moved(copy.pointee.dts)
        return Buffer(taking: copy)
    }

    /// Maps the buffer for reading and calls `body` with its bytes.
    public func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R? {
        guard let buffer else { return nil }
        var info = GstMapInfo()
        guard gst_buffer_map(buffer, &info, GST_MAP_READ) != 0 else { return nil }
        defer { gst_buffer_unmap(buffer, &info) }
        return try body(UnsafeRawBufferPointer(start: info.data, count: Int(info.size)))
    }
}

extension Element {
    private var typeInstanceType: GType {
        UnsafeMutableRawPointer(raw).assumingMemoryBound(to: GTypeInstance.self).pointee.g_class.pointee.g_type
    }

    /// Emits the action signal `name` with `arguments` (after the instance) into `result`.
    private func emit(_ name: String, arguments: inout [GValue], result: inout GValue) -> Bool {
        let id = g_signal_lookup(name, typeInstanceType)
        guard id != 0 else { return false }
        var values = [GValue](repeating: GValue(), count: arguments.count + 1)
        g_value_init(&values[0], typeInstanceType)
        g_value_set_object(&values[0], object)
        for i in arguments.indices { values[i + 1] = arguments[i] }
        g_signal_emitv(&values, id, 0, &result)
        g_value_unset(&values[0])
        return true
    }

    /// appsink: the next sample (blocking), or nil at EOS or when the element stops.
    public func pullSample() -> Sample? {
        var none: [GValue] = []
        var result = GValue()
        g_value_init(&result, gst_sample_get_type())
        defer { g_value_unset(&result) }
        guard emit("pull-sample", arguments: &none, result: &result),
              let boxed = g_value_dup_boxed(&result) else { return nil }
        return Sample(taking: OpaquePointer(boxed))
    }

    /// appsink: the next sample, waiting up to `timeoutNs` (`try-pull-sample`); nil after the
    /// wait or at EOS (`isAtEOS` tells which).
    public func pullSample(timeoutNs: UInt64) -> Sample? {
        var argument = GValue()
        g_value_init(&argument, g_type_from_name("guint64"))
        g_value_set_uint64(&argument, guint64(timeoutNs))
        var arguments = [argument]
        var result = GValue()
        g_value_init(&result, gst_sample_get_type())
        defer { g_value_unset(&result); g_value_unset(&arguments[0]) }
        guard emit("try-pull-sample", arguments: &arguments, result: &result),
              let boxed = g_value_dup_boxed(&result) else { return nil }
        return Sample(taking: OpaquePointer(boxed))
    }

    /// appsink: whether it has received EOS and every sample was pulled.
    public var isAtEOS: Bool { property("eos") == "true" }

    /// appsrc: queues `buffer` (blocking while the queue is full when `block=true`); the flow
    /// return is `GST_FLOW_FLUSHING` once the element stops.
    public func pushBuffer(_ buffer: consuming Buffer) -> GstFlowReturn {
        let raw = buffer.release()
        defer { gst_mini_object_unref(UnsafeMutableRawPointer(raw).assumingMemoryBound(to: GstMiniObject.self)) }
        var argument = GValue()
        g_value_init(&argument, gst_buffer_get_type())
        g_value_set_boxed(&argument, raw)
        var arguments = [argument]
        var result = GValue()
        g_value_init(&result, gst_flow_return_get_type())
        defer { g_value_unset(&result); g_value_unset(&arguments[0]) }
        guard emit("push-buffer", arguments: &arguments, result: &result) else { return GST_FLOW_ERROR }
        return GstFlowReturn(rawValue: g_value_get_enum(&result))
    }

    /// appsrc: no more buffers (EOS after those queued).
    @discardableResult
    public func endOfStream() -> GstFlowReturn {
        var none: [GValue] = []
        var result = GValue()
        g_value_init(&result, gst_flow_return_get_type())
        defer { g_value_unset(&result) }
        guard emit("end-of-stream", arguments: &none, result: &result) else { return GST_FLOW_ERROR }
        return GstFlowReturn(rawValue: g_value_get_enum(&result))
    }

    /// How a wait for a pending state change ended.
    public enum StateWait { case done, pending, failed }

    /// Waits up to `timeoutNs` for a pending state change and says whether it completed.
    public func waitForState(timeoutNs: UInt64) -> StateWait {
        switch gst_element_get_state(raw, nil, nil, GstClockTime(timeoutNs)) {
        case GST_STATE_CHANGE_SUCCESS, GST_STATE_CHANGE_NO_PREROLL: return .done
        case GST_STATE_CHANGE_ASYNC: return .pending
        default: return .failed
        }
    }
}

extension Pad {
    /// Replaces each SEGMENT event that passes this (source) pad by `segment` (same seqnum):
    /// for an appsrc whose buffers belong to a segment it cannot send itself (a negative rate).
    public func replaceSegments(with segment: Segment) {
        let callback: GstPadProbeCallback = { _, info, data in
            guard let info, let data, let event = gst_pad_probe_info_get_event(info),
                  event.pointee.type == GST_EVENT_SEGMENT else { return GST_PAD_PROBE_OK }
            var raw = Unmanaged<SegmentReplacement>.fromOpaque(data).takeUnretainedValue().segment.raw
            guard let replacement = gst_event_new_segment(&raw) else { return GST_PAD_PROBE_OK }
            gst_event_set_seqnum(replacement, gst_event_get_seqnum(event))
            gst_mini_object_unref(UnsafeMutableRawPointer(event).assumingMemoryBound(to: GstMiniObject.self))
            info.pointee.data = UnsafeMutableRawPointer(replacement)
            return GST_PAD_PROBE_OK
        }
        gst_pad_add_probe(raw, GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM, callback,
                          Unmanaged.passRetained(SegmentReplacement(segment)).toOpaque()) { data in
            guard let data else { return }
            Unmanaged<SegmentReplacement>.fromOpaque(data).release()
        }
    }
}

private final class SegmentReplacement: Sendable {
    let segment: Segment
    init(_ segment: Segment) { self.segment = segment }
}
