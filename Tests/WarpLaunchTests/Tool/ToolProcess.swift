import Foundation
import XCTest

/// Runs the built `gst-warp-launch` in a subprocess, for the tests that must see how the
/// process ends (a trap or a signal kills the process, so it cannot be tested in-process).
///
/// The binary is `$GST_WARP_LAUNCH` when set, else the one beside the test bundle
/// (`.build/debug/gst-warp-launch` after `swift build --build-tests`).
struct ToolProcess {
    /// How the process ended.
    struct Result {
        /// The exit status, or the signal that killed it.
        var status: Int32
        var killedBySignal: Bool
        var stdout: String
        var stderr: String

        /// The non-empty lines of stderr.
        var errorLines: [String] { stderr.split(separator: "\n").map(String.init).filter { !$0.isEmpty } }

        var summary: String {
            "\(killedBySignal ? "killed by signal" : "exit status") \(status)\n--- stdout:\n\(stdout)\n--- stderr:\n\(stderr)"
        }
    }

    static var executable: URL {
        get throws {
            if let path = ProcessInfo.processInfo.environment["GST_WARP_LAUNCH"] {
                return URL(fileURLWithPath: path)
            }
            // The test bundle is an executable in the products directory on Linux.
            let bundle = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
                             ?? CommandLine.arguments[0])
            let candidates = [
                bundle.deletingLastPathComponent().appendingPathComponent("gst-warp-launch"),
                Bundle.main.bundleURL.appendingPathComponent("gst-warp-launch"),
            ]
            guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
                throw XCTSkip("gst-warp-launch is not built beside the tests (run swift build --build-tests), "
                              + "or set GST_WARP_LAUNCH")
            }
            return found
        }
    }

    /// Runs the tool with `arguments` in `directory`; `whileRunning` is called with the process
    /// id once it has started (to send it a signal). Gives up after `timeout` seconds.
    @discardableResult
    /// `environment` is added to the test's own.
    static func run(_ arguments: [String], in directory: URL, timeout: TimeInterval = 120,
                    environment: [String: String] = [:], whileRunning: ((Int32) -> Void)? = nil) throws -> Result {
        try run(program: try executable, arguments, in: directory, timeout: timeout, environment: environment,
                whileRunning: whileRunning)
    }

    /// Runs another program (`gst-launch-1.0`, found on PATH when `program` has no slash) the
    /// same way, for side-by-side comparisons.
    @discardableResult
    static func run(program name: String, _ arguments: [String], in directory: URL,
                    timeout: TimeInterval = 120) throws -> Result {
        let path = name.contains("/") ? name : (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin")
            .split(separator: ":").map { "\($0)/\(name)" }
            .first { FileManager.default.isExecutableFile(atPath: $0) } ?? "/usr/bin/\(name)"
        guard FileManager.default.isExecutableFile(atPath: path) else { throw XCTSkip("\(name) is not installed") }
        return try run(program: URL(fileURLWithPath: path), arguments, in: directory, timeout: timeout, whileRunning: nil)
    }

    private static func run(program: URL, _ arguments: [String], in directory: URL, timeout: TimeInterval,
                            environment extra: [String: String] = [:], whileRunning: ((Int32) -> Void)?) throws -> Result {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"  // a trap should end the process at once
        environment["LC_ALL"] = "C.UTF-8"
        environment.merge(extra) { $1 }
        process.environment = environment
        // Files, not pipes: nothing blocks however much is written.
        let out = directory.appendingPathComponent(".stdout-\(UUID().uuidString)")
        let err = directory.appendingPathComponent(".stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
        }
        let outHandle = try FileHandle(forWritingTo: out), errHandle = try FileHandle(forWritingTo: err)
        process.standardOutput = outHandle
        process.standardError = errHandle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        whileRunning?(process.processIdentifier)
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            throw ToolTimeout(program: program.lastPathComponent, arguments: arguments)
        }
        process.waitUntilExit()
        try? outHandle.close()
        try? errHandle.close()
        return Result(status: process.terminationStatus, killedBySignal: process.terminationReason == .uncaughtSignal,
                      stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
                      stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
    }

    struct ToolTimeout: Error, CustomStringConvertible {
        var program: String
        var arguments: [String]
        var description: String { "\(program) \(arguments.joined(separator: " ")) did not finish" }
    }

    /// A fresh temporary directory, removed by `addTeardownBlock`.
    static func temporaryDirectory(for test: XCTestCase) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("gwl-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    /// Writes a short H.264/AAC clip (`seconds` long, 160x120 at 30 fps, stereo 48 kHz) to
    /// `name` in `directory`, with the tool's own `run` command.
    static func makeClip(_ name: String, in directory: URL, seconds: Int = 1) throws {
        let frames = 30 * seconds, audioBuffers = 48 * seconds - 2  // 1000 samples each; ends before the video
        let r = try run(["run", "-q",
                         "videotestsrc", "num-buffers=\(frames)", "!", "video/x-raw,width=160,height=120,framerate=30/1",
                         "!", "x264enc", "speed-preset=ultrafast", "!", "h264parse", "!", "queue", "!", "mux.",
                         "audiotestsrc", "num-buffers=\(audioBuffers)", "samplesperbuffer=1000", "!",
                         "audio/x-raw,rate=48000,channels=2", "!", "avenc_aac", "!", "aacparse", "!", "queue", "!", "mux.",
                         "mp4mux", "name=mux", "!", "filesink", "location=\(name)"], in: directory)
        guard r.status == 0, !r.killedBySignal else {
            throw XCTSkip("cannot make a test clip (x264enc, avenc_aac and mp4mux are needed): \(r.summary)")
        }
    }

    /// The names in `directory` (hidden ones too), without the captured stdout/stderr files.
    static func contents(of directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { !$0.hasPrefix(".stdout-") && !$0.hasPrefix(".stderr-") }.sorted()
    }
}
