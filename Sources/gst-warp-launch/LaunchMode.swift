import Foundation
import GStreamerBinding

/// `gst-warp-launch [run] [OPTION…] PIPELINE-DESCRIPTION`: gst-launch-1.0 with the timewarp
/// plugin built in. The options are gst-launch-1.0's and GStreamer's own group, parsed by GLib
/// (`Gst.parseLaunchOptions`); the messages and exit statuses are gst-launch-1.0's.
enum LaunchMode {
    /// Runs the arguments after the program name (and after `run`); returns the exit status.
    static func main(arguments: [String]) -> Int32 {
        setlocale(LC_ALL, "")  // GLib's help text in the user's locale and charset, as gst-launch-1.0
        let options: LaunchOptions, description: [String]
        switch Gst.parseLaunchOptions(arguments) {
        case .failure(let error):
            printError("Error initializing: \(error.message)")
            return 1
        case .success(let parsed):
            (options, description) = parsed
        }
        do { try Gst.initialize() } catch {
            printError("ERROR: \(error)")
            return 1
        }
        if options.version {
            let plugin = Gst.pluginDescription(named: "timewarp")
            print("gst-warp-launch version \(plugin?.version ?? "?")")
            print(Gst.versionText)
            print(plugin?.origin ?? "")
            return 0
        }
        var (pipeline, error) = Gst.parseLaunch(arguments: description)
        if description.count == 1, pipeline == nil || error != nil,
           description[0].contains(where: { $0 == " " || $0 == "\t" || $0 == "\n" }) {
            // One argument holding a whole description ('videotestsrc ! fakesink'): gst-launch-1.0
            // would treat it as one escaped token and fail; parse it as the text it is.
            (pipeline, error) = Gst.parseLaunch(single: description[0])
        }
        guard let pipeline else {
            printError("ERROR: pipeline could not be constructed" + (error.map { ": \($0)." } ?? "."))
            return 1
        }
        if let error {
            printError("WARNING: erroneous pipeline: \(error)")
            return 1
        }
        return LaunchRunner(options: options).run(pipeline)
    }
}
