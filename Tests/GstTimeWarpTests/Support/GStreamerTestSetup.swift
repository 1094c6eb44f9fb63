import CGStreamer
import CShims

/// Initialises GStreamer once per test process and registers the plugin statically.
enum GStreamerTestSetup {
    private static let once: Bool = {
        gst_init(nil, nil)
        return timewarp_register_static() != 0
    }()

    /// Call at the start of every test that uses GStreamer.
    static func ensure() { precondition(once, "static registration of the timewarp plugin failed") }
}

/// Nanoseconds per millisecond / second, for readable expectations.
let ms: UInt64 = 1_000_000
let sec: UInt64 = 1_000_000_000
