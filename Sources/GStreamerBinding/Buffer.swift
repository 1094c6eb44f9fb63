import CGStreamer
import CShims

/// An owned reference to a `GstBuffer`: released when dropped, handed on when pushed.
@frozen
public struct Buffer: ~Copyable {
    /// The underlying buffer; owned by this value.
    @usableFromInline let raw: UnsafeMutablePointer<GstBuffer>

    /// Takes ownership of `raw` (one reference).
    @inlinable
    public init(taking raw: UnsafeMutablePointer<GstBuffer>) { self.raw = raw }

    deinit { gst_mini_object_unref(UnsafeMutableRawPointer(raw).assumingMemoryBound(to: GstMiniObject.self)) }

    /// Gives up ownership and returns the raw pointer (for functions that take a reference).
    @inlinable
    public consuming func release() -> UnsafeMutablePointer<GstBuffer> {
        let r = raw
        discard self
        return r
    }

    /// Presentation timestamp (ns) or `ClockTime.none`.
    @inlinable public var pts: UInt64 { UInt64(raw.pointee.pts) }
    /// Duration (ns) or `ClockTime.none`.
    @inlinable public var duration: UInt64 { UInt64(raw.pointee.duration) }
    /// Size in bytes of all memory in the buffer.
    @inlinable
    public var size: Int { Int(gst_buffer_get_size(raw)) }
    /// Whether the DISCONT flag is set.
    @inlinable public var isDiscont: Bool { hasFlag(GST_BUFFER_FLAG_DISCONT) }
    /// Whether `flag` is set.
    @inlinable public func hasFlag(_ flag: GstBufferFlags) -> Bool { raw.pointee.mini_object.flags & flag.rawValue != 0 }

    /// Whether the pixels may be overwritten in place: this is the only reference to the buffer
    /// and no other buffer shares its memory (a shallow copy pushed downstream and still held
    /// there makes it false).
    public var isWritableInPlace: Bool {
        gst_mini_object_is_writable(UnsafeMutableRawPointer(raw).assumingMemoryBound(to: GstMiniObject.self)) != 0
            && gst_buffer_is_all_memory_writable(raw) != 0
    }

    /// A new buffer sharing this buffer's memory (no pixel copy) with its own metadata.
    @inlinable
    public func shallowCopy() -> Buffer? {
        guard let copy = gst_buffer_copy(raw) else { return nil }
        return Buffer(taking: copy)
    }

    /// Makes the metadata writable (copying the buffer struct, not its memory, if shared).
    @inlinable
    public consuming func writable() -> Buffer {
        Buffer(taking: timewarp_buffer_make_writable(release()))
    }

    /// Sets timestamps, offsets and the DISCONT flag; the buffer must be writable.
    @inlinable
    public mutating func stamp(pts: UInt64, duration: UInt64, offset: UInt64 = ClockTime.none,
                               offsetEnd: UInt64 = ClockTime.none, discont: Bool) {
        raw.pointee.pts = GstClockTime(pts)
        raw.pointee.dts = GstClockTime(ClockTime.none)
        raw.pointee.duration = GstClockTime(duration)
        raw.pointee.offset = guint64(offset)
        raw.pointee.offset_end = guint64(offsetEnd)
        if discont {
            raw.pointee.mini_object.flags |= GST_BUFFER_FLAG_DISCONT.rawValue
        } else {
            raw.pointee.mini_object.flags &= ~GST_BUFFER_FLAG_DISCONT.rawValue
        }
    }

    /// Sets the DISCONT flag; the buffer must be writable.
    @inlinable
    public mutating func markDiscont() {
        raw.pointee.mini_object.flags |= GST_BUFFER_FLAG_DISCONT.rawValue
    }

    /// A new buffer with no memory, stamped `pts` and `duration` (ns): an empty text cue.
    public static func empty(pts: UInt64, duration: UInt64) -> Buffer? {
        guard let b = gst_buffer_new() else { return nil }
        b.pointee.pts = GstClockTime(pts)
        b.pointee.duration = GstClockTime(duration)
        return Buffer(taking: b)
    }

    /// Allocates a new buffer of `size` bytes.
    @inlinable
    public static func allocate(size: Int) -> Buffer? {
        guard let b = gst_buffer_new_allocate(nil, gsize(size), nil) else { return nil }
        return Buffer(taking: b)
    }

    /// Shrinks the buffer to its first `size` bytes (after writing fewer than allocated).
    @inlinable
    public mutating func truncate(to size: Int) {
        gst_buffer_set_size(raw, gssize(max(0, min(size, self.size))))
    }

    /// Maps the buffer for reading and calls `body` with its bytes.
    @inlinable
    public func withBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R? {
        var info = GstMapInfo()
        guard gst_buffer_map(raw, &info, GST_MAP_READ) != 0 else { return nil }
        defer { gst_buffer_unmap(raw, &info) }
        return body(UnsafeRawBufferPointer(start: info.data, count: Int(info.size)))
    }

    /// Maps the buffer for writing and calls `body` with its bytes.
    @inlinable
    public mutating func withMutableBytes<R>(_ body: (UnsafeMutableRawBufferPointer) -> R) -> R? {
        var info = GstMapInfo()
        guard gst_buffer_map(raw, &info, GST_MAP_WRITE) != 0 else { return nil }
        defer { gst_buffer_unmap(raw, &info) }
        return body(UnsafeMutableRawBufferPointer(start: info.data, count: Int(info.size)))
    }
}
