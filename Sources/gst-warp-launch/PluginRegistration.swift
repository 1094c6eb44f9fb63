import CGStreamer
import CShims
import CWarpFlow
import GstTimeWarp
import GStreamerBinding
import WarpLaunchKit

extension Gst {
    /// `gst_init` and the static registration of the timewarp plugin, done once (a static
    /// `let` is initialised exactly once, thread-safely).
    private static let registered: Bool = {
        gst_init(nil, nil)
        // The tool links the flow module (OpenCV) itself: frame-mode=flow needs no file beside it.
        TimeWarpPlugin.useFlowModule(warp_flow_module())
        return timewarp_register_static() != 0
    }()

    /// `gst_init` and the static registration of the timewarp plugin.
    static func initialize() throws {
        guard registered else { throw CLIError("could not register the timewarp plugin") }
    }
}
