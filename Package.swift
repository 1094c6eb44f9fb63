// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "gst-timewarp",
    products: [
        // libgsttimewarp.so: GStreamer derives the entry symbol gst_plugin_timewarp_get_desc from
        // the file name. Link with -static-stdlib (see the Makefile) so it loads from any plugin dir.
        .library(name: "gsttimewarp", type: .dynamic, targets: ["GstTimeWarp"]),
        // For Swift applications that embed GStreamer and register the plugin statically.
        .library(name: "GstTimeWarp", targets: ["GstTimeWarp"]),
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
        .target(name: "GstTimeWarp", dependencies: ["CShims", "CGStreamer"]),
        // The pure logic of gst-warp-launch (plans, plots, check files), testable without a
        // pipeline.
        .target(name: "WarpLaunchKit", dependencies: ["GstTimeWarp"]),
        .executableTarget(
            name: "gst-warp-launch",
            dependencies: [
                "GstTimeWarp", "WarpLaunchKit", "CShims", "CGStreamer", "CGStreamerPbutils",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "timewarp-bench", dependencies: ["GstTimeWarp"]),
        .testTarget(
            name: "GstTimeWarpTests",
            dependencies: ["GstTimeWarp", "WarpLaunchKit", "CShims", "CGStreamer", "CGStreamerCheck"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
