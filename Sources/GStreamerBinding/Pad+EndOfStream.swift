import CGStreamer

extension Pad {
    /// Sends EOS into this pad (as if upstream had ended): for a probe that has seen the last
    /// buffer it wants (`warp --chunks`' workers stop decoding past their chunk). Later buffers
    /// are refused with `GST_FLOW_EOS`, which stops the upstream elements.
    @discardableResult
    public func sendEndOfStream() -> Bool {
        gst_pad_send_event(raw, gst_event_new_eos()) != 0
    }

    /// Makes the events that pass this pad ones `gdpdepay` can read back: stream-collection
    /// events (`parsebin` sends them) are dropped, and stream-start events are sent again
    /// without the `GstStream` object they carry (with the same id and group).
    public func makeEventsSerializable() {
        let callback: GstPadProbeCallback = { _, info, _ in
            guard let info, let event = gst_pad_probe_info_get_event(info) else { return GST_PAD_PROBE_OK }
            switch event.pointee.type {
            case GST_EVENT_STREAM_COLLECTION:
                return GST_PAD_PROBE_DROP
            case GST_EVENT_STREAM_START:
                var id: UnsafePointer<gchar>?
                gst_event_parse_stream_start(event, &id)
                guard let id, let plain = gst_event_new_stream_start(id) else { return GST_PAD_PROBE_OK }
                var group: guint = 0
                if gst_event_parse_group_id(event, &group) != 0 { gst_event_set_group_id(plain, group) }
                gst_event_unref(event)
                info.pointee.data = UnsafeMutableRawPointer(plain)
                return GST_PAD_PROBE_OK
            default:
                return GST_PAD_PROBE_OK
            }
        }
        gst_pad_add_probe(raw, GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM, callback, nil, nil)
    }
}
