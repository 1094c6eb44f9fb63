// swift-tools-version:6.0
// A Swift application that embeds GStreamer with the timewarp elements registered statically.
// Copy this folder anywhere and point `timewarpPath` at your gst-timewarp checkout (or use the
// `.package(url:)` line below instead).
import Foundation
import PackageDescription

let timewarpPath = "../.."
// SwiftPM names a path dependency after its folder, whatever that folder is called
// (gst-timewarp, a worktree, a renamed clone): the product is looked up under that name.
let timewarpPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent(timewarpPath).standardizedFileURL.lastPathComponent

let package = Package(
    name: "WarpEmbedding",
    dependencies: [
        .package(path: timewarpPath),
        // From a Git server instead (the package is then named after the repository):
        // .package(url: "https://example.org/you/gst-timewarp.git", branch: "main"),
    ],
    targets: [
        .executableTarget(
            name: "WarpEmbedding",
            dependencies: [.product(name: "GstTimeWarp", package: timewarpPackage)]
        ),
    ],
    swiftLanguageModes: [.v6]
)
