import CGStreamer
import CShims

/// One component (Y, U, V, R, G, B, A) of a raw video format, as `GstVideoInfo` places it: which
/// plane, where in a pixel, how many samples per row and rows, and its bits.
public struct VideoComponent: Sendable, Equatable {
    /// The plane holding it.
    public var plane: Int
    /// Bytes from a row's start to its first sample.
    public var offset: Int
    /// Bytes from one of its samples to the next in a row.
    public var pixelStride: Int
    /// Samples per row.
    public var width: Int
    /// Rows.
    public var height: Int
    /// Significant bits.
    public var depth: Int
    /// Bits the value is shifted left by inside its sample (P010: 6).
    public var shift: Int

    /// Bytes per sample: 1, or 2 above 8 bits.
    public var sampleBytes: Int { depth > 8 ? 2 : 1 }
}

extension VideoInfo {
    /// The format's components in order (Y U V, or R G B and alpha).
    public var components: [VideoComponent] {
        var count: guint = 0, planes: guint = 0
        var format = GST_VIDEO_FORMAT_UNKNOWN
        withUnsafePointer(to: raw) { timewarp_video_info_shape($0, &count, &planes, &format) }
        return (0..<count).map { comp in
            var plane: guint = 0, offset: gint = 0, pixelStride: gint = 0, width: gint = 0, height: gint = 0
            var depth: guint = 0
            withUnsafePointer(to: raw) {
                timewarp_video_info_component($0, comp, &plane, &offset, &pixelStride, &width, &height, &depth)
            }
            let shift = raw.finfo.map { Int(withUnsafeBytes(of: $0.pointee.shift) { $0.load(fromByteOffset: Int(comp) * 4, as: guint.self) }) } ?? 0
            return VideoComponent(plane: Int(plane), offset: Self.sampleOffset(Int(offset), depth: Int(depth)),
                                  pixelStride: Int(pixelStride),
                                  width: Int(width), height: Int(height), depth: Int(depth), shift: shift)
        }
    }

    /// The byte where a component's first sample starts, from the offset GStreamer's table gives:
    /// GStreamer 1.22 gives P010's, P012's and P016's V the offset 1, the second byte of U's
    /// 2-byte sample (its pack functions do not read it), where V starts at byte 2. A 2-byte
    /// sample never starts at an odd byte, so an odd offset is taken as counting samples.
    static func sampleOffset(_ offset: Int, depth: Int) -> Int {
        depth > 8 && offset % 2 == 1 ? offset * 2 : offset
    }

    /// Whether the format's colour components are R, G, B (else Y, U, V or gray).
    public var isRGB: Bool {
        guard let finfo = raw.finfo else { return false }
        return finfo.pointee.flags.rawValue & GST_VIDEO_FORMAT_FLAG_RGB.rawValue != 0
    }
}
