import CGStreamer
import CShims

/// A buffer mapped as a video frame (`gst_video_frame_map`): plane pointers and strides as the
/// buffer's video meta (or the caps' default layout) says. Unmapped when released (a class, so
/// that the frames of one mix can sit in an array).
public final class MappedVideoFrame {
    /// The mapped frame (heap-allocated: GstVideoFrame must not move while mapped).
    private let frame: UnsafeMutablePointer<GstVideoFrame>
    /// Whether the mapping is for writing.
    public let writable: Bool

    /// Maps `buffer` for reading (or reading and writing) with `info`; nil if it cannot be mapped.
    public init?(_ buffer: borrowing Buffer, info: VideoInfo, write: Bool = false) {
        let frame = UnsafeMutablePointer<GstVideoFrame>.allocate(capacity: 1)
        frame.initialize(to: GstVideoFrame())
        var info = info.raw
        // A frame mapped for writing can be read too (a blend written over one of its sources).
        let flags = write ? GstMapFlags(GST_MAP_READ.rawValue | GST_MAP_WRITE.rawValue) : GST_MAP_READ
        guard gst_video_frame_map(frame, &info, buffer.raw, flags) != 0 else {
            frame.deallocate()
            return nil
        }
        self.frame = frame
        self.writable = write
    }

    deinit {
        gst_video_frame_unmap(frame)
        frame.deallocate()
    }

    /// The first byte of `plane` and its stride (bytes from one row to the next).
    public func plane(_ plane: Int) -> (base: UnsafeRawPointer?, stride: Int) {
        var stride: gint = 0
        let data = timewarp_video_frame_plane(frame, guint(plane), &stride)
        return (data.map { UnsafeRawPointer($0) }, Int(stride))
    }

    /// Row `row` of `plane`, `bytes` long, for reading.
    public func row(_ row: Int, plane: Int, bytes: Int) -> UnsafeRawBufferPointer {
        let (base, stride) = self.plane(plane)
        return UnsafeRawBufferPointer(start: base.map { $0 + row * stride }, count: base == nil ? 0 : bytes)
    }

    /// Row `row` of `plane`, `bytes` long, for writing (empty unless mapped for writing).
    public func mutableRow(_ row: Int, plane: Int, bytes: Int) -> UnsafeMutableRawBufferPointer {
        let (base, stride) = self.plane(plane)
        guard writable, let base else { return UnsafeMutableRawBufferPointer(start: nil, count: 0) }
        return UnsafeMutableRawBufferPointer(start: UnsafeMutableRawPointer(mutating: base + row * stride), count: bytes)
    }
}
