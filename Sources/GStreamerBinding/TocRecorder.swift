import CGStreamer
import Synchronization

/// Keeps the last TOC (chapters, editions) that passes a pad, to hand it, remapped, to a muxer
/// (`GstTocSetter`): the tool's reverse reader takes the input's chapters from its first pass
/// and gives the muxer them at their reversed times.
public final class TocRecorder: Sendable {
    private final class Held: @unchecked Sendable {
        var toc: OpaquePointer?
        deinit { if let toc { gst_mini_object_unref(UnsafeMutablePointer<GstMiniObject>(toc)) } }
    }
    private let held = Mutex(Held())

    /// A recorder with nothing recorded.
    public init() {}

    /// Records each TOC event's table that passes `pad` (the last one is kept; the event goes on).
    public func attach(to pad: Pad) {
        pad.observeEvents(.toc) { [self] event in record(event) }
    }

    /// Keeps the table of the TOC event `event` in place of the one held.
    private func record(_ event: ProbedEvent) {
        var toc: OpaquePointer?
        var updated: gboolean = 0
        gst_event_parse_toc(event.raw, &toc, &updated)  // a new reference
        guard let toc else { return }
        held.withLock { held in
            if let old = held.toc { gst_mini_object_unref(UnsafeMutablePointer<GstMiniObject>(old)) }
            held.toc = toc
        }
    }

    /// Whether a TOC was recorded.
    public var isEmpty: Bool { held.withLock { $0.toc == nil } }

    /// Gives `element` (a muxer implementing `GstTocSetter`) a copy of the recorded TOC whose
    /// every entry's `(start, stop)` (ns; -1 where unset) is passed through `map` as a pair (a
    /// reversal swaps them). False when nothing was recorded or the element takes no TOC.
    @discardableResult
    public func set(on element: Element, mapping map: (Int64, Int64) -> (Int64, Int64)) -> Bool {
        guard g_type_check_instance_is_a(UnsafeMutablePointer<GTypeInstance>(OpaquePointer(element.raw)),
                                         gst_toc_setter_get_type()) != 0 else { return false }
        let copied: UnsafeMutablePointer<GstMiniObject>? = held.withLock { held in
            held.toc.flatMap { gst_mini_object_copy(UnsafeMutablePointer<GstMiniObject>($0)) }
        }
        guard let copied else { return false }
        defer { gst_mini_object_unref(copied) }
        let copy = OpaquePointer(copied)
        TocEntryTimes.map(gst_toc_get_entries(copy), sortingByStart: true, map)
        gst_toc_setter_set_toc(OpaquePointer(element.raw), copy)
        return true
    }
}
