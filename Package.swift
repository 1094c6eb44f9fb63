// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "gst-timewarp",
    products: [
        // libgsttimewarp.so: GStreamer derives the entry symbol gst_plugin_timewarp_get_desc from
        // the file name. Link with -static-stdlib (see the Makefile) so it loads from any plugin dir.
        .library(name: "gsttimewarp", type: .dynamic, targets: ["GstTimeWarp"]),
        // For Swift applications that embed GStreamer and register the plugin statically
        // (TimeWarpMap holds the curve types they may hand an element; GstTimeWarp re-exports the
        // binding and the settings).
        .library(name: "GstTimeWarp", targets: ["GstTimeWarp", "TimeWarpMap", "GStreamerBinding"]),
        // libtimewarpflow.so: frame-mode=flow's optical flow over OpenCV, loaded by the plugin when a
        // stream first needs it (neither the plugin nor the tool links OpenCV); `make install` puts it
        // in <libdir>/gst-timewarp/ as libtimewarpflow.so.0, a folder GStreamer's registry does not scan.
        .library(name: "timewarpflow", type: .dynamic, targets: ["CWarpFlow"]),
        // The same for applications that link it and hand it to TimeWarpPlugin.useFlowModule.
        .library(name: "TimeWarpFlow", targets: ["CWarpFlow"]),
        .executable(name: "gst-warp-launch", targets: ["gst-warp-launch"]),
        .executable(name: "timewarp-bench", targets: ["timewarp-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CGStreamer",
            pkgConfig: "gstreamer-1.0 gstreamer-base-1.0 gstreamer-video-1.0 gstreamer-audio-1.0",
            providers: [.apt(["libgstreamer1.0-dev", "libgstreamer-plugins-base1.0-dev"])]
        ),
        .systemLibrary(
            name: "CGStreamerCheck",
            pkgConfig: "gstreamer-check-1.0 gstreamer-app-1.0",
            providers: [.apt(["libgstreamer1.0-dev", "libgstreamer-plugins-base1.0-dev"])]
        ),
        // GstDiscoverer for gst-warp-launch (probing inputs and written files); the plugin does
        // not link it.
        .systemLibrary(
            name: "CGStreamerPbutils",
            pkgConfig: "gstreamer-pbutils-1.0",
            providers: [.apt(["libgstreamer-plugins-base1.0-dev"])]
        ),
        .target(name: "CShims", dependencies: ["CGStreamer"]),
        // gst-launch-1.0's option table for gst-warp-launch's run mode (GOptionContext with
        // GStreamer's option group); not linked into the plugin.
        .target(name: "CLaunchOptions", dependencies: ["CGStreamer"]),
        // The elements' vocabulary: every property name, enum and default, written once (the C
        // tables keep their copy; PropertyTableTests checks the two agree). Swift standard
        // library only.
        .target(name: "TimeWarpProperties"),
        // The time map T(t) = D * F(t / D), its built-in and custom curves and its inverse: pure
        // math (Swift standard library and Glibc only), no GStreamer.
        .target(name: "TimeWarpMap", dependencies: ["TimeWarpProperties"]),
        // The variable-rate audio resampler (control points, interpolation kernels): pure math,
        // no GStreamer; it takes the time map as a function.
        .target(name: "TimeWarpAudioCore", dependencies: ["CWarpSIMD", "TimeWarpProperties"]),
        // Byte items in memory up to a bound and past it in a temporary file with no name: the
        // history a remap curve shows again (the plugin) and warp --reverse's chunks (the tool).
        // Swift standard library and Glibc only.
        .target(name: "SpillStore"),
        // The sinc resampler's vector kernels (dot products, table-row blends) per instruction
        // set, chosen once per process from the CPU.
        .target(name: "CWarpSIMD"),
        // frame-mode=flow: OpenCV's dense optical flow (DIS) and the motion-compensated warp,
        // C++ behind a C API (Debian's libopencv-video-dev; no pkg-config file there).
        // frame-mode=flow's C types and the table of the flow module's functions: all the plugin
        // knows of it.
        .target(name: "CWarpFlowAPI"),
        .target(
            name: "CWarpFlow",
            dependencies: ["CWarpFlowAPI"],
            cxxSettings: [.unsafeFlags(["-I/usr/include/opencv4"])],
            linkerSettings: [
                .linkedLibrary("opencv_video"), .linkedLibrary("opencv_imgproc"), .linkedLibrary("opencv_core"),
                .linkedLibrary("stdc++"),
            ]
        ),
        // The one Swift binding of GStreamer that the plugin and gst-warp-launch share: elements,
        // pads and probes, the bus and its messages, caps, buffers, events, queries, segments and
        // clock times. Raw pointers stay inside it.
        .target(name: "GStreamerBinding", dependencies: ["CShims", "CGStreamer"]),
        // GstDiscoverer (what a media file holds), for gst-warp-launch only: the plugin does not
        // link gstreamer-pbutils.
        .target(name: "GStreamerDiscovery", dependencies: ["GStreamerBinding", "CGStreamer", "CGStreamerPbutils"]),
        // The GStreamer elements (the plugin) on top of the math, the settings and the binding.
        .target(
            name: "GstTimeWarp",
            // CWarpSIMD: also frame blending's row kernels (warp_blend.h). CWarpFlowAPI, not CWarpFlow:
            // the flow module is loaded when needed (Video/Flow/FlowModule.swift).
            dependencies: ["TimeWarpMap", "TimeWarpAudioCore", "GStreamerBinding", "CShims", "CGStreamer",
                           "CWarpFlowAPI", "CWarpSIMD", "SpillStore"]
        ),
        // The logic of gst-warp-launch (typed options, plans, plots, check files), with no
        // GStreamer: testable without a pipeline.
        .target(name: "WarpLaunchKit", dependencies: ["TimeWarpMap", "SpillStore"]),
        .executableTarget(
            name: "gst-warp-launch",
            // GstTimeWarp: the plugin, registered statically, and the audio enums' PropertyEnum side.
            // Not CWarpFlow: the tool loads the flow module (OpenCV) as the plugin does, when needed,
            // so it runs without OpenCV (scripts/check-plugin.sh checks it links none).
            dependencies: [
                "TimeWarpMap", "TimeWarpAudioCore", "GStreamerBinding", "GStreamerDiscovery",
                "GstTimeWarp", "WarpLaunchKit", "CShims", "CLaunchOptions", "CGStreamer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "timewarp-bench", dependencies: ["TimeWarpMap"]),
        // Pure math: the time map, its curves and settings (no GStreamer).
        .testTarget(name: "TimeWarpMapTests", dependencies: ["TimeWarpMap"]),
        // The audio core: resampler, stretcher, engine (no GStreamer).
        .testTarget(name: "TimeWarpAudioCoreTests", dependencies: ["TimeWarpAudioCore", "TimeWarpMap", "CWarpSIMD"]),
        // The elements through GstHarness and whole pipelines, and the binding layer.
        .testTarget(
            name: "GstTimeWarpTests",
            dependencies: [
                "TimeWarpMap", "TimeWarpAudioCore", "GStreamerBinding", "GstTimeWarp", "CShims", "CGStreamer",
                "CGStreamerCheck", "CWarpFlow",
            ]
        ),
        // gst-warp-launch: its pure logic (Logic/) and the built tool run as a user would (Tool/).
        .testTarget(name: "WarpLaunchTests", dependencies: ["WarpLaunchKit", "TimeWarpMap", "GStreamerBinding", "GStreamerDiscovery"]),
    ],
    swiftLanguageModes: [.v6]
)
