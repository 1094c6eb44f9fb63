import CGStreamer
import GstTimeWarp
import GStreamerBinding
import WarpLaunchKit

extension Gst {
    /// `gst_init` and the static registration of the timewarp plugin, done once (a static
    /// `let` is initialised exactly once, thread-safely).
    private static let registered: Bool = {
        gst_init(nil, nil)
        // frame-mode=flow's module (OpenCV) is loaded as the plugin loads it, when a stream first
        // needs it (FlowModule): beside the tool in the build tree, from <libdir>/gst-timewarp
        // installed. The tool links no OpenCV, so it runs where OpenCV is missing or another version.
        return TimeWarpPlugin.register()
    }()

    /// `gst_init` and the static registration of the timewarp plugin.
    static func initialize() throws {
        guard registered else { throw CLIError("could not register the timewarp plugin") }
    }
}
