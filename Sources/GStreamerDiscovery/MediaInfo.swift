import CGStreamer
import CGStreamerPbutils
import Foundation
import GStreamerBinding

/// What GstDiscoverer found in a file.
public struct MediaInfo {
    /// Container duration (ns).
    public var duration: UInt64
    /// The first video stream: size and frame rate.
    public var video: (width: Int, height: Int, fpsN: Int, fpsD: Int)?
    /// The first audio stream: sample rate and channels.
    public var audio: (rate: Int, channels: Int)?
    /// Number of audio and video streams.
    public var videoStreams = 0, audioStreams = 0
    /// The coded caps of the first video and audio stream (`video/x-vp9, profile=(string)2, ...`).
    public var videoCaps: String?, audioCaps: String?
    /// The first audio stream's bits per sample (0 when the discoverer does not know).
    public var audioDepth = 0
    /// Whether the first video stream's orientation tag turns it a quarter (rotate-90/270, or
    /// flipped and so turned): its upright picture is `height` wide and `width` high.
    public var videoQuarterTurned = false
    /// Whether the first video stream's orientation tag asks for any turn or flip (a tag other
    /// than `rotate-0`): only then does the warp put `videoflip` in its video branch, which
    /// copies every frame even when it has nothing to turn.
    public var videoTurned = false
    /// The first video stream's size once turned upright as its orientation tag says.
    public var uprightVideoSize: (width: Int, height: Int)? {
        video.map { videoQuarterTurned ? ($0.height, $0.width) : ($0.width, $0.height) }
    }
    /// Each audio stream's title tag (the track name, "English"), "" where it has none.
    public var audioTitles: [String] = []
    /// The chapters of the container's table of contents (0 when it has none).
    public var chapters = 0
    /// Every stream in the container's order: its caps' media type (`video/x-h264`,
    /// `audio/x-vorbis`, `text/x-raw`, `subpicture/x-dvd`, ...), as ffprobe numbers streams.
    public var streamTypes: [String] = []
    /// The container's media type (`video/mpegts`, `video/x-matroska`, ...), nil when the
    /// input is a bare stream.
    public var containerType: String?

    /// Duration in seconds.
    public var seconds: Double { Double(duration) / 1e9 }

    /// Video frames estimated from the frame rate (nil for variable-rate or no video).
    public var estimatedFrames: Int? {
        guard let v = video, v.fpsN > 0, v.fpsD > 0 else { return nil }
        return Int(exactly: (seconds * Double(v.fpsN) / Double(v.fpsD)).rounded())
    }

    /// Probes `path`; throws one readable line when the file cannot be read as media.
    public static func discover(path: String, timeoutSeconds: UInt64 = 30) throws -> MediaInfo {
        try checkReadable(path)
        let uri = try Gst.uri(forPath: path)
        var error: UnsafeMutablePointer<GError>?
        guard let discoverer = gst_discoverer_new(GstClockTime(timeoutSeconds * 1_000_000_000), &error) else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            if let error { g_error_free(error) }
            throw GStreamerError("cannot start GstDiscoverer: \(message)")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(discoverer)) }
        let info = gst_discoverer_discover_uri(discoverer, uri, &error)
        defer { if let info { g_object_unref(UnsafeMutableRawPointer(info)) } }
        let message = error.map { String(cString: $0.pointee.message) }
        if let error { g_error_free(error) }
        guard let info else { throw GStreamerError("cannot read '\(path)': \(message ?? "unknown error")") }
        try checkResult(info, path: path, message: message)
        var result = MediaInfo(duration: UInt64(gst_discoverer_info_get_duration(info)))
        result.readContainer(info)
        result.readVideo(info)
        result.readAudio(info)
        return result
    }

    /// The chapter entries in a TOC entry list, editions and sub-chapters walked.
    static func countChapters(_ list: UnsafeMutablePointer<GList>?) -> Int {
        var count = 0
        var node = list
        while let n = node {
            if let data = n.pointee.data {
                let entry = OpaquePointer(data)
                if gst_toc_entry_get_entry_type(entry) == GST_TOC_ENTRY_TYPE_CHAPTER { count += 1 }
                count += countChapters(gst_toc_entry_get_sub_entries(entry))
            }
            node = n.pointee.next
        }
        return count
    }

    /// The caps of a discovered stream as a string.
    static func capsString(_ stream: OpaquePointer) -> String? {
        guard let caps = gst_discoverer_stream_info_get_caps(stream) else { return nil }
        defer { gst_caps_unref(caps) }
        guard let text = gst_caps_to_string(caps) else { return nil }
        defer { g_free(text) }
        return String(cString: text)
    }
}
