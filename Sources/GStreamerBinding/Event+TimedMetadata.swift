import CGStreamer

/// TOC (chapters, editions) and TAG events whose contents carry times: copies with those times
/// passed through a function, for elements that move the timeline.
extension Event {
    /// A copy of this TOC event with every entry's start and stop (ns, stream time; -1 where
    /// unset stays unset) passed through `map`, its `updated` flag and sequence number kept.
    /// Nil when this is not a TOC event.
    public func mappingTocTimes(_ map: (Int64) -> Int64) -> Event? {
        guard raw.pointee.type == GST_EVENT_TOC else { return nil }
        // GstToc and GstTocEntry are opaque mini objects.
        var toc: OpaquePointer?
        var updated: gboolean = 0
        gst_event_parse_toc(raw, &toc, &updated)
        guard let toc else { return nil }
        defer { gst_mini_object_unref(UnsafeMutablePointer<GstMiniObject>(toc)) }
        guard let copied = gst_mini_object_copy(UnsafeMutablePointer<GstMiniObject>(toc)) else { return nil }
        let copy = OpaquePointer(copied)
        defer { gst_mini_object_unref(copied) }
        TocEntryTimes.map(gst_toc_get_entries(copy), sortingByStart: false) { start, stop in
            (start >= 0 ? map(start) : start, stop >= 0 ? map(stop) : stop)
        }
        guard let event = gst_event_new_toc(copy, updated) else { return nil }
        gst_event_set_seqnum(event, seqnum)
        return Event(taking: event)
    }

    /// A copy of this TAG event with its duration tag (`GST_TAG_DURATION`, ns: the only
    /// standard tag that holds a time on the stream's timeline) passed through `map`; nil when
    /// this is not a TAG event or has no duration tag.
    public func mappingTagDuration(_ map: (UInt64) -> UInt64) -> Event? {
        guard raw.pointee.type == GST_EVENT_TAG else { return nil }
        var list: UnsafeMutablePointer<GstTagList>?
        gst_event_parse_tag(raw, &list)
        var duration: guint64 = 0
        guard let list, gst_tag_list_get_uint64(list, GST_TAG_DURATION, &duration) != 0 else { return nil }
        guard let copy = gst_tag_list_copy(list) else { return nil }
        var value = GValue()
        g_value_init(&value, GType(7 << G_TYPE_FUNDAMENTAL_SHIFT))  // G_TYPE_UINT64
        g_value_set_uint64(&value, guint64(map(UInt64(duration))))
        gst_tag_list_add_value(copy, GST_TAG_MERGE_REPLACE, GST_TAG_DURATION, &value)
        g_value_unset(&value)
        guard let event = gst_event_new_tag(copy) else { return nil }
        gst_event_set_seqnum(event, seqnum)
        return Event(taking: event)
    }
}
