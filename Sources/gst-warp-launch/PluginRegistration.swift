import CGStreamer
import CShims
import GStreamerBinding
import WarpLaunchKit

extension Gst {
    /// `gst_init` and the static registration of the timewarp plugin, done once (a static
    /// `let` is initialised exactly once, thread-safely).
    private static let registered: Bool = {
        gst_init(nil, nil)
        return timewarp_register_static() != 0
    }()

    /// `gst_init` and the static registration of the timewarp plugin.
    static func initialize() throws {
        guard registered else { throw CLIError("could not register the timewarp plugin") }
    }
}
