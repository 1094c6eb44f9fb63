import CGStreamer
import CLaunchOptions
import Foundation
import GStreamerBinding
import WarpLaunchKit

// MARK: - gst-launch-1.0's options

/// The options of `gst-warp-launch [run]`: gst-launch-1.0's, plus `--progress`.
struct LaunchOptions {
    var tags = false, toc = false, verbose = false, quiet = false, messages = false
    var eosOnShutdown = false, version = false, noPosition = false, forcePosition = false
    var progress = false
    /// `-X NAME`: properties whose notifications `-v` does not print.
    var exclude: [String] = []
}

extension Gst {
    /// Parses gst-launch-1.0's options (and GStreamer's own option group: `--gst-debug`,
    /// `--gst-plugin-path`, ...) off `arguments`, which initialises GStreamer. Returns the options
    /// and the rest (the pipeline description), or GLib's message for a bad option. `--help`,
    /// `--help-all` and `--help-gst` print GLib's help and end the process (status 0).
    static func parseLaunchOptions(_ arguments: [String]) -> Result<(LaunchOptions, [String]), CLIError> {
        let owned: [UnsafeMutablePointer<CChar>?] = (["gst-warp-launch"] + arguments).map { strdup($0) }
        defer { owned.forEach { free($0) } }
        var argv = owned + [nil]
        var argc = Int32(owned.count)
        var raw = TimewarpLaunchOptions()
        var message: UnsafeMutablePointer<CChar>?
        let ok = argv.withUnsafeMutableBufferPointer { buffer -> gboolean in
            var base: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = buffer.baseAddress
            return timewarp_launch_parse_options(&argc, &base, &raw, &message)
        }
        defer { timewarp_launch_options_clear(&raw) }
        guard ok != 0 else {
            let text = message.map { String(cString: $0) } ?? "Unknown error!"
            g_free(message)
            return .failure(CLIError(text))
        }
        // GOption compacts argv in place: what is left after the program name is the pipeline.
        let rest = argv.prefix(Int(argc)).dropFirst().compactMap { $0.map { String(cString: $0) } }
        var exclude: [String] = []
        if var p = raw.exclude {
            while let s = p.pointee { exclude.append(String(cString: s)); p += 1 }
        }
        let options = LaunchOptions(tags: raw.tags != 0, toc: raw.toc != 0, verbose: raw.verbose != 0,
                                    quiet: raw.quiet != 0, messages: raw.messages != 0,
                                    eosOnShutdown: raw.eos_on_shutdown != 0, version: raw.version != 0,
                                    noPosition: raw.no_position != 0, forcePosition: raw.force_position != 0,
                                    progress: raw.progress != 0, exclude: exclude)
        return .success((options, rest))
    }

}
