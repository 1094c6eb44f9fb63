import CGStreamer
import CShims
import CWarpFlow
import GstTimeWarp

/// Initialises GStreamer once per test process and registers the plugin statically.
enum GStreamerTestSetup {
    private static let once: Bool = {
        gst_init(nil, nil)
        // The tests link the flow module (OpenCV) and hand it over, as gst-warp-launch does; the
        // plugin's own loading of it from a file is checked by scripts/check-plugin.sh.
        TimeWarpPlugin.useFlowModule(warp_flow_module())
        return timewarp_register_static() != 0
    }()

    /// Call at the start of every test that uses GStreamer.
    static func ensure() { precondition(once, "static registration of the timewarp plugin failed") }
}

/// Nanoseconds per millisecond / second, for readable expectations.
let ms: UInt64 = 1_000_000
let sec: UInt64 = 1_000_000_000
