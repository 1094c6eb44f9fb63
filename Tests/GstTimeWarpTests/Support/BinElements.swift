import CGStreamer
@testable import GStreamerBinding

/// Calls `body` with each element inside `bin` at any depth (`gst_bin_iterate_recurse`) and the
/// name of its factory, for tests that look at what a decodebin plugged.
func forEachElement(in bin: Element, _ body: (UnsafeMutablePointer<GstElement>, _ factory: String) throws -> Void) rethrows {
    let raw = UnsafeMutableRawPointer(bin.raw).assumingMemoryBound(to: GstBin.self)
    guard let iterator = gst_bin_iterate_recurse(raw) else { return }
    defer { gst_iterator_free(iterator) }
    var item = GValue()
    defer { if item.g_type != 0 { g_value_unset(&item) } }
    while gst_iterator_next(iterator, &item) == GST_ITERATOR_OK {
        defer { g_value_reset(&item) }
        guard let object = g_value_get_object(&item) else { continue }
        let element = object.assumingMemoryBound(to: GstElement.self)
        guard let factory = gst_element_get_factory(element),
              let name = gst_object_get_name(UnsafeMutableRawPointer(factory).assumingMemoryBound(to: GstObject.self))
        else { continue }
        let factoryName = String(cString: name)
        g_free(name)
        try body(element, factoryName)
    }
}
