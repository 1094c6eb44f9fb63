import CGStreamer
import CGStreamerCheck
@testable import GstTimeWarp

/// Frames for the frame-blending tests: tiny frames whose every sample holds one value, built
/// and read as raw bytes (the sizes chosen so that no plane has row padding).
struct BlendClip {
    /// Caps string of the input and output (same format and rate).
    let caps: String
    /// Bytes per sample (1 or 2).
    let sampleBytes: Int
    /// Input frame rate (frames per second).
    let rate: UInt64

    /// `format` at `width`x`height` and `rate` fps.
    init(format: String, width: Int = 8, height: Int = 2, rate: UInt64 = 30) {
        caps = "video/x-raw,format=\(format),width=\(width),height=\(height),framerate=\(rate)/1"
        sampleBytes = ["GRAY16_LE", "P010_10LE", "I420_10LE"].contains(format) ? 2 : 1
        self.rate = rate
    }

    /// Frame size in bytes, as GstVideoInfo computes it.
    var frameSize: Int {
        GStreamerTestSetup.ensure()
        var info = GstVideoInfo()
        let c = gst_caps_from_string(caps)!
        defer { gst_mini_object_unref(UnsafeMutableRawPointer(c).assumingMemoryBound(to: GstMiniObject.self)) }
        _ = gst_video_info_from_caps(&info, c)
        return Int(info.size)
    }

    /// PTS of input frame `n` (ns).
    func pts(_ n: Int) -> UInt64 { ClockTime.scale(UInt64(n), ClockTime.second, rate) ?? 0 }

    /// A frame whose samples all hold `value`.
    func bytes(_ value: Int) -> [UInt8] {
        if sampleBytes == 1 { return Array(repeating: UInt8(value), count: frameSize) }
        return (0..<frameSize / 2).flatMap { _ in [UInt8(value & 0xFF), UInt8(value >> 8)] }
    }

    /// The samples of an output frame.
    func samples(_ bytes: [UInt8]) -> [Int] {
        if sampleBytes == 1 { return bytes.map(Int.init) }
        return stride(from: 0, to: bytes.count - 1, by: 2).map { Int(bytes[$0]) | Int(bytes[$0 + 1]) << 8 }
    }

    /// Pushes input frame `n` holding `value` everywhere.
    @discardableResult
    func push(_ h: Harness, _ n: Int, value: Int, discont: Bool = false) -> GstFlowReturn {
        let data = bytes(value)
        let buf = gst_harness_create_buffer(h.raw, gsize(data.count))!
        _ = data.withUnsafeBytes { gst_buffer_fill(buf, 0, $0.baseAddress, gsize(data.count)) }
        buf.pointee.pts = GstClockTime(pts(n))
        buf.pointee.duration = GstClockTime(pts(n + 1) - pts(n))
        if discont { buf.pointee.mini_object.flags |= GST_BUFFER_FLAG_DISCONT.rawValue }
        return gst_harness_push(h.raw, buf)
    }

    /// Each output frame's samples and timestamp.
    func pull(_ h: Harness) -> [(pts: UInt64, samples: [Int], address: UInt)] {
        h.pullAllWithBytes().map { ($0.buffer.pts, samples($0.bytes), $0.buffer.dataAddress) }
    }
}
