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
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw GStreamerError("cannot read '\(path)': no such file")
        }
        guard !isDirectory.boolValue else { throw GStreamerError("cannot read '\(path)': it is a directory") }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw GStreamerError("cannot read '\(path)': permission denied")
        }
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
        switch gst_discoverer_info_get_result(info) {
        case GST_DISCOVERER_OK:
            break
        case GST_DISCOVERER_MISSING_PLUGINS:
            var missing: [String] = []
            if let details = gst_discoverer_info_get_missing_elements_installer_details(info) {
                var p = details
                while let s = p.pointee { missing.append(String(cString: s)); p += 1 }
            }
            // A subtitle track that GStreamer cannot read (matroskademux 1.22 does not know
            // WebVTT in Matroska, D_WEBVTT) does not stop the rest: the stream is listed, and
            // named as dropped before encoding.
            let needed = missing.compactMap { $0.split(separator: "|").last.map(String.init) }
            if !needed.isEmpty, needed.allSatisfy({ $0.contains("subtitle") || $0.contains("subpicture") }) { break }
            let what = missing.compactMap { $0.split(separator: "|").dropFirst(3).first.map(String.init) }
            throw GStreamerError("cannot read '\(path)': a GStreamer plugin is missing"
                           + (what.isEmpty ? "" : " (\(what.joined(separator: ", ")))"))
        case GST_DISCOVERER_TIMEOUT:
            throw GStreamerError("cannot read '\(path)': timed out while probing it")
        default:
            throw GStreamerError("cannot read '\(path)': \(message ?? "not a media file GStreamer can decode")")
        }
        var result = MediaInfo(duration: UInt64(gst_discoverer_info_get_duration(info)))
        if let top = gst_discoverer_info_get_stream_info(info) {
            if String(cString: gst_discoverer_stream_info_get_stream_type_nick(top)) == "container",
               let caps = gst_discoverer_stream_info_get_caps(top) {
                if gst_caps_get_size(caps) > 0, let structure = gst_caps_get_structure(caps, 0) {
                    result.containerType = String(cString: gst_structure_get_name(structure))
                }
                gst_caps_unref(caps)
            }
            g_object_unref(UnsafeMutableRawPointer(top))
        }
        if let list = gst_discoverer_info_get_stream_list(info) {
            var node: UnsafeMutablePointer<GList>? = list
            while let n = node {
                if let data = n.pointee.data,
                   String(cString: gst_discoverer_stream_info_get_stream_type_nick(OpaquePointer(data))) != "container" {
                    let stream = OpaquePointer(data)
                    var type = "unknown"
                    if let caps = gst_discoverer_stream_info_get_caps(stream) {
                        if gst_caps_get_size(caps) > 0, let structure = gst_caps_get_structure(caps, 0) {
                            type = String(cString: gst_structure_get_name(structure))
                        }
                        gst_caps_unref(caps)
                    }
                    result.streamTypes.append(type)
                }
                node = n.pointee.next
            }
            gst_discoverer_stream_info_list_free(list)
        }
        if let toc = gst_discoverer_info_get_toc(info) {
            result.chapters = countChapters(gst_toc_get_entries(toc))
        }
        if let list = gst_discoverer_info_get_video_streams(info) {
            result.videoStreams = Int(g_list_length(list))
            if let data = list.pointee.data {
                let v = OpaquePointer(data)
                result.video = (Int(gst_discoverer_video_info_get_width(v)), Int(gst_discoverer_video_info_get_height(v)),
                                Int(gst_discoverer_video_info_get_framerate_num(v)),
                                Int(gst_discoverer_video_info_get_framerate_denom(v)))
                result.videoCaps = capsString(v)
                let orientations = [gst_discoverer_stream_info_get_tags(v), gst_discoverer_info_get_tags(info)]
                    .compactMap { tags -> String? in
                        var value: UnsafeMutablePointer<gchar>?
                        guard let tags, gst_tag_list_get_string(tags, "image-orientation", &value) != 0, let value else {
                            return nil
                        }
                        defer { g_free(value) }
                        return String(cString: value)
                    }
                result.videoQuarterTurned = orientations.contains { $0.hasSuffix("-90") || $0.hasSuffix("-270") }
                result.videoTurned = orientations.contains { $0 != "rotate-0" }
            }
            gst_discoverer_stream_info_list_free(list)
        }
        if let list = gst_discoverer_info_get_audio_streams(info) {
            result.audioStreams = Int(g_list_length(list))
            var node: UnsafeMutablePointer<GList>? = list
            while let n = node {
                var title = ""
                if let data = n.pointee.data, let tags = gst_discoverer_stream_info_get_tags(OpaquePointer(data)) {
                    var value: UnsafeMutablePointer<gchar>?
                    if gst_tag_list_get_string(tags, "title", &value) != 0, let value {
                        title = String(cString: value)
                        g_free(value)
                    }
                }
                result.audioTitles.append(title)
                node = n.pointee.next
            }
            if let data = list.pointee.data {
                let a = OpaquePointer(data)
                result.audio = (Int(gst_discoverer_audio_info_get_sample_rate(a)),
                                Int(gst_discoverer_audio_info_get_channels(a)))
                result.audioCaps = capsString(a)
                result.audioDepth = Int(gst_discoverer_audio_info_get_depth(a))
            }
            gst_discoverer_stream_info_list_free(list)
        }
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
