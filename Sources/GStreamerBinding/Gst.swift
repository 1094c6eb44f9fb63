#if canImport(Glibc)
import Glibc
#endif
import CGStreamer

/// The GStreamer library itself: parsing pipeline descriptions, element factories, the plugin
/// registry, file URIs.
public enum Gst {
    /// Whether an element factory is available.
    public static func hasElement(_ name: String) -> Bool {
        guard let f = gst_element_factory_find(name) else { return false }
        gst_object_unref(UnsafeMutableRawPointer(f))
        return true
    }

    /// Parses a launch description (user text: errors are reported, not trapped).
    public static func parseLaunch(_ description: String) throws -> Element {
        var error: UnsafeMutablePointer<GError>?
        let element = gst_parse_launch(description, &error)
        if let error {
            let message = String(cString: error.pointee.message)
            g_error_free(error)
            if let element { _ = Element(adopting: element) }
            throw GStreamerError("erroneous pipeline: \(message)")
        }
        guard let element else { throw GStreamerError("erroneous pipeline") }
        return Element.pipeline(of: Element(adopting: element))
    }

    /// Parses command-line arguments like gst-launch-1.0 (each argument one token, so
    /// `font-desc="Sans 28"` stays whole). A pipeline may come back with an error message
    /// (gst-launch-1.0 then warns and runs what could be built).
    public static func parseLaunch(arguments: [String]) -> (pipeline: Element?, error: String?) {
        var error: UnsafeMutablePointer<GError>?
        var cStrings: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { cStrings.forEach { free($0) } }
        let element = cStrings.withUnsafeMutableBufferPointer { argv in
            argv.baseAddress!.withMemoryRebound(to: UnsafePointer<gchar>?.self, capacity: argv.count) {
                gst_parse_launchv($0, &error)
            }
        }
        var message: String?
        if let error {
            message = String(cString: error.pointee.message)
            g_error_free(error)
        }
        return (element.map { Element.pipeline(of: Element(adopting: $0)) }, message)
    }

    /// A registered plugin's version and origin (from its registry entry), or nil.
    public static func pluginDescription(named name: String) -> (version: String, origin: String)? {
        guard let plugin = gst_registry_find_plugin(gst_registry_get(), name) else { return nil }
        defer { gst_object_unref(UnsafeMutableRawPointer(plugin)) }
        let version = gst_plugin_get_version(plugin).map { String(cString: $0) } ?? "?"
        let origin = gst_plugin_get_origin(plugin).map { String(cString: $0) } ?? "?"
        return (version, origin)
    }

    /// `GStreamer 1.22.0` (the library's own version string).
    public static var versionText: String {
        guard let s = gst_version_string() else { return "GStreamer" }
        defer { g_free(s) }
        return String(cString: s)
    }

    /// `gst_parse_launch` of one string, keeping the partial pipeline and the message apart
    /// (like `parseLaunch(arguments:)`): for a whole description given as one argument.
    public static func parseLaunch(single description: String) -> (pipeline: Element?, error: String?) {
        var error: UnsafeMutablePointer<GError>?
        let element = gst_parse_launch(description, &error)
        var message: String?
        if let error {
            message = String(cString: error.pointee.message)
            g_error_free(error)
        }
        return (element.map { Element.pipeline(of: Element(adopting: $0)) }, message)
    }

    /// `gst_parse_bin_from_description` with ghost pads for the unlinked ends.
    public static func parseBin(_ description: String) throws -> Element {
        var error: UnsafeMutablePointer<GError>?
        let bin = gst_parse_bin_from_description(description, 1, &error)
        if let error {
            let message = String(cString: error.pointee.message)
            g_error_free(error)
            throw GStreamerError("internal pipeline error: \(message) in '\(description)'")
        }
        guard let bin else { throw GStreamerError("internal pipeline error in '\(description)'") }
        return Element(adopting: UnsafeMutableRawPointer(bin).assumingMemoryBound(to: GstElement.self))
    }

    /// `file:///...` for a path (absolute or relative to the working directory).
    public static func uri(forPath path: String) throws -> String {
        var error: UnsafeMutablePointer<GError>?
        guard let uri = gst_filename_to_uri(path, &error) else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "invalid path"
            if let error { g_error_free(error) }
            throw GStreamerError("cannot use '\(path)': \(message)")
        }
        defer { g_free(uri) }
        return String(cString: uri)
    }
}
