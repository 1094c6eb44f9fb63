import CGStreamer

/// The times of a TOC's entries (chapters, editions), rewritten in place on a TOC the caller
/// owns (a copy): the one walk that `Event.mappingTocTimes` and `TocRecorder` share.
enum TocEntryTimes {
    /// Passes each entry's `(start, stop)` (ns; -1 where unset) of `list` (a GList of
    /// GstTocEntry) and of their sub-entries through `map`. With `sortingByStart`, each list is
    /// then put in ascending order of start (a reversal turns it round; Matroska readers such as
    /// FFmpeg skip a chapter that starts before the one listed ahead of it).
    static func map(_ list: UnsafeMutablePointer<GList>?, sortingByStart: Bool,
                    _ map: (Int64, Int64) -> (Int64, Int64)) {
        var entries: [(start: Int64, data: UnsafeMutableRawPointer)] = []
        var node = list
        while let current = node {
            if let data = current.pointee.data {
                let entry = OpaquePointer(data)
                var start: gint64 = -1, stop: gint64 = -1
                gst_toc_entry_get_start_stop_times(entry, &start, &stop)
                let (newStart, newStop) = map(Int64(start), Int64(stop))
                gst_toc_entry_set_start_stop_times(entry, gint64(newStart), gint64(newStop))
                Self.map(gst_toc_entry_get_sub_entries(entry), sortingByStart: sortingByStart, map)
                entries.append((newStart, data))
            }
            node = current.pointee.next
        }
        guard sortingByStart else { return }
        // The same nodes, their entries permuted: the list keeps owning each entry once.
        let sorted = entries.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }
            .map(\.element.data)
        node = list
        var i = 0
        while let current = node, i < sorted.count {
            if current.pointee.data != nil {
                current.pointee.data = sorted[i]
                i += 1
            }
            node = current.pointee.next
        }
    }
}
