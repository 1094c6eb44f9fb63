import CGStreamer
import CShims

/// The plane layout of a raw video format that frame blending can mix, read from
/// `GstVideoInfo`: for each plane, how many bytes of a row hold samples and how many rows it
/// has, and whether samples are 8 or 16 bits. Strides are not part of it: each mapped frame
/// has its own (`MappedVideoFrame`).
public struct VideoLayout: Sendable, Equatable {
    /// One plane: `rowBytes` bytes of samples in each of `rows` rows.
    public struct Plane: Sendable, Equatable {
        /// Bytes of a row that hold samples (padding excluded).
        public var rowBytes: Int
        /// Number of rows.
        public var rows: Int
    }

    /// Bytes per sample: 1 (8-bit formats) or 2 (10- to 16-bit little-endian formats).
    public let sampleBytes: Int
    /// The planes in order.
    public let planes: [Plane]
    /// The format's name (for messages).
    public let formatName: String

    /// The formats frame blending mixes: 8-bit planar and packed ones, and the common 10/16-bit
    /// little-endian ones.
    public static let blendableFormats: Set<GstVideoFormat.RawValue> = [
        GST_VIDEO_FORMAT_I420, GST_VIDEO_FORMAT_YV12, GST_VIDEO_FORMAT_Y42B, GST_VIDEO_FORMAT_Y444,
        GST_VIDEO_FORMAT_NV12, GST_VIDEO_FORMAT_NV21, GST_VIDEO_FORMAT_GRAY8,
        GST_VIDEO_FORMAT_RGBA, GST_VIDEO_FORMAT_BGRA, GST_VIDEO_FORMAT_ARGB, GST_VIDEO_FORMAT_ABGR,
        GST_VIDEO_FORMAT_RGBx, GST_VIDEO_FORMAT_BGRx, GST_VIDEO_FORMAT_xRGB, GST_VIDEO_FORMAT_xBGR,
        GST_VIDEO_FORMAT_RGB, GST_VIDEO_FORMAT_BGR, GST_VIDEO_FORMAT_YUY2, GST_VIDEO_FORMAT_UYVY,
        GST_VIDEO_FORMAT_P010_10LE, GST_VIDEO_FORMAT_I420_10LE, GST_VIDEO_FORMAT_GRAY16_LE,
    ].reduce(into: Set<GstVideoFormat.RawValue>()) { $0.insert($1.rawValue) }

    /// The layout of `caps`: `.failure` with the format's name when the caps are not raw video
    /// (or have a memory feature other than system memory) or the format is not one frame
    /// blending mixes.
    public static func of(_ caps: borrowing Caps) -> Result<VideoLayout, UnsupportedFormat> {
        // Frames in other memory (GL textures, DMA buffers, ...) cannot be mapped and mixed on
        // the CPU, whatever their format: the failure names the memory, not the format.
        if let memory = caps.memoryFeatures { return .failure(UnsupportedFormat(name: "video in \(memory)")) }
        guard let info = VideoInfo(caps) else { return .failure(UnsupportedFormat(name: caps.description)) }
        var components: guint = 0, planeCount: guint = 0
        var format = GST_VIDEO_FORMAT_UNKNOWN
        withUnsafePointer(to: info.raw) { timewarp_video_info_shape($0, &components, &planeCount, &format) }
        let name = gst_video_format_to_string(format).map { String(cString: $0) } ?? "unknown"
        guard blendableFormats.contains(format.rawValue) else {
            return .failure(UnsupportedFormat(name: name))
        }
        var planes = Array(repeating: Plane(rowBytes: 0, rows: 0), count: Int(planeCount))
        var pixelStrides = Array(repeating: 1, count: Int(planeCount))
        var sampleBytes = 1
        for comp in 0..<components {
            var plane: guint = 0, offset: gint = 0, pixelStride: gint = 0, width: gint = 0, height: gint = 0
            var depth: guint = 0
            withUnsafePointer(to: info.raw) {
                timewarp_video_info_component($0, comp, &plane, &offset, &pixelStride, &width, &height, &depth)
            }
            let bytes = depth > 8 ? 2 : 1
            sampleBytes = max(sampleBytes, bytes)
            guard Int(plane) < planes.count, width > 0, height > 0 else { continue }
            // The row ends after this component's last sample.
            let end = Int(offset) + Int(pixelStride) * (Int(width) - 1) + bytes
            planes[Int(plane)].rowBytes = max(planes[Int(plane)].rowBytes, end)
            planes[Int(plane)].rows = max(planes[Int(plane)].rows, Int(height))
            pixelStrides[Int(plane)] = max(pixelStrides[Int(plane)], Int(pixelStride))
        }
        // Whole pixels: padding bytes inside a pixel (RGBx) are mixed too, and offsets that name
        // a sample's high byte (P010) still cover the whole sample.
        for p in planes.indices {
            let unit = pixelStrides[p]
            planes[p].rowBytes = (planes[p].rowBytes + unit - 1) / unit * unit
        }
        return .success(VideoLayout(sampleBytes: sampleBytes, planes: planes, formatName: name))
    }

    /// A format frame blending does not mix.
    public struct UnsupportedFormat: Error {
        /// The format's name, or the caps when they are not raw video.
        public let name: String

        /// A format named `name`.
        public init(name: String) { self.name = name }
    }
}

/// A `GstVideoInfo` parsed from caps (a plain C struct; its `finfo` points at static data).
public struct VideoInfo {
    /// The parsed info.
    public var raw: GstVideoInfo

    /// Parses raw-video caps; nil if they are not.
    public init?(_ caps: borrowing Caps) {
        var info = GstVideoInfo()
        gst_video_info_init(&info)
        guard gst_video_info_from_caps(&info, caps.raw) != 0 else { return nil }
        raw = info
    }

    /// Bytes of one frame with the default strides.
    public var size: Int { Int(raw.size) }

    /// The caps' `interlace-mode` when it is not progressive (`interleaved`, `mixed`, ...), nil
    /// for progressive video.
    public var interlaceMode: String? {
        guard raw.interlace_mode != GST_VIDEO_INTERLACE_MODE_PROGRESSIVE else { return nil }
        return gst_video_interlace_mode_to_string(raw.interlace_mode).map { String(cString: $0) } ?? "interlaced"
    }
}

extension Caps {
    /// Whether the first structure's memory is plain system memory (no feature, or
    /// `memory:SystemMemory` alone): only such frames can be mapped and mixed on the CPU.
    public var isSystemMemory: Bool {
        guard let features = gst_caps_get_features(raw, 0) else { return true }
        if gst_caps_features_is_any(features) != 0 { return false }
        let count = gst_caps_features_get_size(features)
        return count == 0 || (count == 1 && gst_caps_features_contains(features, "memory:SystemMemory") != 0)
    }

    /// The first structure's caps features when they are not plain system memory
    /// (`memory:GLMemory`, `ANY`, ...), as GStreamer writes them; nil for system memory.
    public var memoryFeatures: String? {
        guard !isSystemMemory, let features = gst_caps_get_features(raw, 0) else { return nil }
        guard let text = gst_caps_features_to_string(features) else { return "memory other than system memory" }
        defer { g_free(text) }
        return String(cString: text)
    }
}
