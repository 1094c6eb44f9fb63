import CGStreamer
import CGStreamerPbutils
import CShims
import Foundation
import WarpLaunchKit

/// Small helpers over the GStreamer C API for the commands.
enum Gst {
    /// `gst_init` and the static registration of the timewarp plugin, once.
    static func initialize() throws {
        if initialized { return }
        gst_init(nil, nil)
        guard timewarp_register_static() != 0 else { throw CLIError("could not register the timewarp plugin") }
        initialized = true
    }
    nonisolated(unsafe) private static var initialized = false

    /// Whether an element factory is available.
    static func hasElement(_ name: String) -> Bool {
        guard let f = gst_element_factory_find(name) else { return false }
        gst_object_unref(UnsafeMutableRawPointer(f))
        return true
    }

    /// Parses a launch description (user text: errors are reported, not trapped).
    static func parseLaunch(_ description: String) throws -> UnsafeMutablePointer<GstElement> {
        var error: UnsafeMutablePointer<GError>?
        let element = gst_parse_launch(description, &error)
        if let error {
            let message = String(cString: error.pointee.message)
            g_error_free(error)
            if let element { gst_object_unref(element) }
            throw CLIError("erroneous pipeline: \(message)")
        }
        guard let element else { throw CLIError("erroneous pipeline") }
        return element
    }

    /// `gst_parse_bin_from_description` with ghost pads for the unlinked ends.
    static func parseBin(_ description: String) throws -> UnsafeMutablePointer<GstElement> {
        var error: UnsafeMutablePointer<GError>?
        let bin = gst_parse_bin_from_description(description, 1, &error)
        if let error {
            let message = String(cString: error.pointee.message)
            g_error_free(error)
            throw CLIError("internal pipeline error: \(message) in '\(description)'")
        }
        guard let bin else { throw CLIError("internal pipeline error in '\(description)'") }
        return UnsafeMutableRawPointer(bin).assumingMemoryBound(to: GstElement.self)
    }

    /// The element named `name` inside `bin` (a new reference), or nil.
    static func child(_ bin: UnsafeMutablePointer<GstElement>, _ name: String) -> UnsafeMutablePointer<GstElement>? {
        gst_bin_get_by_name(UnsafeMutableRawPointer(bin).assumingMemoryBound(to: GstBin.self), name)
    }

    /// Sets a property from its string form (`gst_util_set_object_arg`: enums by nick, numbers).
    static func set(_ element: UnsafeMutablePointer<GstElement>, _ name: String, _ value: String) {
        gst_util_set_object_arg(UnsafeMutableRawPointer(element).assumingMemoryBound(to: GObject.self), name, value)
    }

    /// A property's value serialized (`gst_value_serialize`), or nil if there is no such property.
    static func property(_ element: UnsafeMutablePointer<GstElement>, _ name: String) -> String? {
        let object = UnsafeMutableRawPointer(element).assumingMemoryBound(to: GObject.self)
        let klass = UnsafeMutableRawPointer(object.pointee.g_type_instance.g_class)
            .assumingMemoryBound(to: GObjectClass.self)
        guard let spec = g_object_class_find_property(klass, name) else { return nil }
        var value = GValue()
        g_value_init(&value, spec.pointee.value_type)
        defer { g_value_unset(&value) }
        g_object_get_property(object, name, &value)
        guard let text = gst_value_serialize(&value) else { return nil }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// A `guint64` property as a number.
    static func uint64Property(_ element: UnsafeMutablePointer<GstElement>, _ name: String) -> UInt64? {
        property(element, name).flatMap { UInt64($0) }
    }

    /// `file:///...` for a path (absolute or relative to the working directory).
    static func uri(forPath path: String) throws -> String {
        var error: UnsafeMutablePointer<GError>?
        guard let uri = gst_filename_to_uri(path, &error) else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "invalid path"
            if let error { g_error_free(error) }
            throw CLIError("cannot use '\(path)': \(message)")
        }
        defer { g_free(uri) }
        return String(cString: uri)
    }

    /// The media type of a caps' first structure (`video/x-raw`), or "".
    static func mediaType(of caps: UnsafeMutablePointer<GstCaps>?) -> String {
        guard let caps, gst_caps_get_size(caps) > 0, let s = gst_caps_get_structure(caps, 0),
              let name = gst_structure_get_name(s) else { return "" }
        return String(cString: name)
    }
}

/// What GstDiscoverer found in a file.
struct MediaInfo {
    /// Container duration (ns).
    var duration: UInt64
    var video: (width: Int, height: Int, fpsN: Int, fpsD: Int)?
    var audio: (rate: Int, channels: Int)?
    /// Number of audio and video streams.
    var videoStreams = 0, audioStreams = 0

    /// Duration in seconds.
    var seconds: Double { Double(duration) / 1e9 }

    /// Video frames estimated from the frame rate (nil for variable-rate or no video).
    var estimatedFrames: Int? {
        guard let v = video, v.fpsN > 0, v.fpsD > 0 else { return nil }
        return Int((seconds * Double(v.fpsN) / Double(v.fpsD)).rounded())
    }

    /// Probes `path`; throws one readable line when the file cannot be read as media.
    static func discover(path: String, timeoutSeconds: UInt64 = 30) throws -> MediaInfo {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CLIError("cannot read '\(path)': no such file")
        }
        guard !isDirectory.boolValue else { throw CLIError("cannot read '\(path)': it is a directory") }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw CLIError("cannot read '\(path)': permission denied")
        }
        let uri = try Gst.uri(forPath: path)
        var error: UnsafeMutablePointer<GError>?
        guard let discoverer = gst_discoverer_new(GstClockTime(timeoutSeconds * 1_000_000_000), &error) else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            if let error { g_error_free(error) }
            throw CLIError("cannot start GstDiscoverer: \(message)")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(discoverer)) }
        let info = gst_discoverer_discover_uri(discoverer, uri, &error)
        defer { if let info { g_object_unref(UnsafeMutableRawPointer(info)) } }
        let message = error.map { String(cString: $0.pointee.message) }
        if let error { g_error_free(error) }
        guard let info else { throw CLIError("cannot read '\(path)': \(message ?? "unknown error")") }
        switch gst_discoverer_info_get_result(info) {
        case GST_DISCOVERER_OK:
            break
        case GST_DISCOVERER_MISSING_PLUGINS:
            var missing: [String] = []
            if let details = gst_discoverer_info_get_missing_elements_installer_details(info) {
                var p = details
                while let s = p.pointee { missing.append(String(cString: s)); p += 1 }
            }
            let what = missing.compactMap { $0.split(separator: "|").dropFirst(3).first.map(String.init) }
            throw CLIError("cannot read '\(path)': a GStreamer plugin is missing"
                           + (what.isEmpty ? "" : " (\(what.joined(separator: ", ")))"))
        case GST_DISCOVERER_TIMEOUT:
            throw CLIError("cannot read '\(path)': timed out while probing it")
        default:
            throw CLIError("cannot read '\(path)': \(message ?? "not a media file GStreamer can decode")")
        }
        var result = MediaInfo(duration: UInt64(gst_discoverer_info_get_duration(info)))
        if let list = gst_discoverer_info_get_video_streams(info) {
            result.videoStreams = Int(g_list_length(list))
            if let data = list.pointee.data {
                let v = OpaquePointer(data)
                result.video = (Int(gst_discoverer_video_info_get_width(v)), Int(gst_discoverer_video_info_get_height(v)),
                                Int(gst_discoverer_video_info_get_framerate_num(v)),
                                Int(gst_discoverer_video_info_get_framerate_denom(v)))
            }
            gst_discoverer_stream_info_list_free(list)
        }
        if let list = gst_discoverer_info_get_audio_streams(info) {
            result.audioStreams = Int(g_list_length(list))
            if let data = list.pointee.data {
                let a = OpaquePointer(data)
                result.audio = (Int(gst_discoverer_audio_info_get_sample_rate(a)),
                                Int(gst_discoverer_audio_info_get_channels(a)))
            }
            gst_discoverer_stream_info_list_free(list)
        }
        return result
    }
}

/// Writes one line to stderr.
func printError(_ text: String) {
    FileHandle.standardError.write((text + "\n").data(using: .utf8)!)
}

/// Whether stderr is a terminal.
var stderrIsTTY: Bool { isatty(2) != 0 }

/// Whether the locale can show UTF-8 (Braille dots, block characters).
var terminalSupportsUTF8: Bool {
    let env = ProcessInfo.processInfo.environment
    let value = env["LC_ALL"] ?? env["LC_CTYPE"] ?? env["LANG"] ?? ""
    return value.uppercased().contains("UTF-8") || value.uppercased().contains("UTF8")
}
