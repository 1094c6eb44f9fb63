import CGStreamer
import CGStreamerPbutils
import Foundation
import GStreamerBinding

/// `MediaInfo.discover`'s steps: the file checked, the discoverer's verdict, and what it found
/// read into the fields.
extension MediaInfo {
    /// Throws one readable line when `path` is missing, a directory or not readable.
    static func checkReadable(_ path: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw GStreamerError("cannot read '\(path)': no such file")
        }
        guard !isDirectory.boolValue else { throw GStreamerError("cannot read '\(path)': it is a directory") }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw GStreamerError("cannot read '\(path)': permission denied")
        }
    }

    /// Throws one readable line unless the discoverer read the file (a subtitle track it cannot
    /// read does not count).
    static func checkResult(_ info: OpaquePointer, path: String, message: String?) throws {
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
    }

    /// The container's type, every stream's media type in order, and the chapters.
    mutating func readContainer(_ info: OpaquePointer) {
        if let top = gst_discoverer_info_get_stream_info(info) {
            if String(cString: gst_discoverer_stream_info_get_stream_type_nick(top)) == "container",
               let caps = gst_discoverer_stream_info_get_caps(top) {
                if gst_caps_get_size(caps) > 0, let structure = gst_caps_get_structure(caps, 0) {
                    containerType = String(cString: gst_structure_get_name(structure))
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
                    streamTypes.append(type)
                }
                node = n.pointee.next
            }
            gst_discoverer_stream_info_list_free(list)
        }
        if let toc = gst_discoverer_info_get_toc(info) {
            chapters = Self.countChapters(gst_toc_get_entries(toc))
        }
    }

    /// The first video stream's size, rate, caps and orientation, and how many there are.
    mutating func readVideo(_ info: OpaquePointer) {
        if let list = gst_discoverer_info_get_video_streams(info) {
            videoStreams = Int(g_list_length(list))
            if let data = list.pointee.data {
                let v = OpaquePointer(data)
                video = (Int(gst_discoverer_video_info_get_width(v)), Int(gst_discoverer_video_info_get_height(v)),
                                Int(gst_discoverer_video_info_get_framerate_num(v)),
                                Int(gst_discoverer_video_info_get_framerate_denom(v)))
                videoCaps = Self.capsString(v)
                let orientations = [gst_discoverer_stream_info_get_tags(v), gst_discoverer_info_get_tags(info)]
                    .compactMap { tags -> String? in
                        var value: UnsafeMutablePointer<gchar>?
                        guard let tags, gst_tag_list_get_string(tags, "image-orientation", &value) != 0, let value else {
                            return nil
                        }
                        defer { g_free(value) }
                        return String(cString: value)
                    }
                videoQuarterTurned = orientations.contains { $0.hasSuffix("-90") || $0.hasSuffix("-270") }
                videoTurned = orientations.contains { $0 != "rotate-0" }
            }
            gst_discoverer_stream_info_list_free(list)
        }
    }

    /// The audio streams' titles, and the first one's rate, channels, caps and depth.
    mutating func readAudio(_ info: OpaquePointer) {
        if let list = gst_discoverer_info_get_audio_streams(info) {
            audioStreams = Int(g_list_length(list))
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
                audioTitles.append(title)
                node = n.pointee.next
            }
            if let data = list.pointee.data {
                let a = OpaquePointer(data)
                audio = (Int(gst_discoverer_audio_info_get_sample_rate(a)),
                                Int(gst_discoverer_audio_info_get_channels(a)))
                audioCaps = Self.capsString(a)
                audioDepth = Int(gst_discoverer_audio_info_get_depth(a))
            }
            gst_discoverer_stream_info_list_free(list)
        }
    }
}
