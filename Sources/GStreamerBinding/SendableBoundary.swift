// The one place where GStreamer objects are declared safe to hand between threads: the
// compiler cannot see it through raw pointers, so it is stated here, with the reason.
//
// - `Buffer`, `Caps` and `Event` each own one reference to a GstMiniObject. Mini objects are
//   reference counted atomically, and these wrappers are noncopyable, so a value has one owner
//   at a time: moving it to another thread moves the reference, as GStreamer itself does when
//   a buffer is pushed from one streaming thread into a queue read by another.
// - `ElementHandle` points at our own element, which outlives its Swift side (the Swift object
//   is freed in the element's finalize). What it calls (posting messages, logging, notify, pad
//   lookups) is thread-safe in GStreamer.
// - `Pad` points at a pad of our element or of an element gst-warp-launch holds; pads live as
//   long as their element, and pad functions lock the pad themselves (gst-warp-launch links
//   decoded pads from the "pad-added" handler on a streaming thread).

extension Buffer: @unchecked Sendable {}
extension Caps: @unchecked Sendable {}
extension Event: @unchecked Sendable {}
extension ElementHandle: @unchecked Sendable {}
extension Pad: @unchecked Sendable {}

// - `BufferPool` owns one reference to a GstBufferPool, which locks itself (acquiring and
//   releasing buffers are thread-safe); its only holder is the streaming state.
// - `VideoInfo` is a plain C struct whose only pointer (`finfo`) points at GStreamer's static,
//   immutable format table.
extension BufferPool: @unchecked Sendable {}
extension VideoInfo: @unchecked Sendable {}
