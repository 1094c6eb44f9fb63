import CGStreamer

/// Taking a buffer's bytes out of memory and putting them back: the shell keeps what describes
/// the bytes (flags, timestamps, metas such as the video meta's plane offsets and strides), the
/// bytes go to a store, and `restoring(from:size:fill:)` joins them again into a buffer equal to
/// the first.
extension Buffer {
    /// A buffer with this one's flags, timestamps and metas, and no memory.
    public func metadataShell() -> Buffer? {
        guard let shell = gst_buffer_new() else { return nil }
        let flags = GST_BUFFER_COPY_FLAGS.rawValue | GST_BUFFER_COPY_TIMESTAMPS.rawValue | GST_BUFFER_COPY_META.rawValue
        guard gst_buffer_copy_into(shell, raw, GstBufferCopyFlags(rawValue: flags), 0, gsize.max) != 0 else {
            gst_buffer_unref(shell)
            return nil
        }
        return Buffer(taking: shell)
    }

    /// A new buffer like `shell` (flags, timestamps, metas) holding `size` bytes that `fill`
    /// writes; nil when `fill` fails or no memory can be had.
    public static func restoring(from shell: borrowing Buffer, size: Int,
                                 fill: (UnsafeMutableRawBufferPointer) -> Bool) -> Buffer? {
        guard let copy = gst_buffer_copy(shell.raw) else { return nil }
        var restored = Buffer(taking: copy)
        guard let memory = gst_allocator_alloc(nil, gsize(size), nil) else { return nil }
        gst_buffer_append_memory(restored.raw, memory)
        guard restored.withMutableBytes(fill) == true else { return nil }
        return restored
    }
}
