import Foundation
import XCTest

/// ffmpeg as the tests' independent maker and reader of media: inputs as people have them, and
/// the frames of a written file as ffmpeg decodes them.
enum FFmpegInput {
    static let ffmpeg = "/usr/bin/ffmpeg"

    /// Runs ffmpeg quietly with `arguments` in `dir`; skips the test when ffmpeg is missing or
    /// cannot make the input.
    static func run(_ arguments: [String], in dir: URL) throws {
        guard FileManager.default.isExecutableFile(atPath: ffmpeg) else {
            throw XCTSkip("ffmpeg is not installed (scripts/install-deps.sh installs it)")
        }
        let r = try ToolProcess.run(program: ffmpeg, ["-v", "error", "-y"] + arguments, in: dir)
        guard r.status == 0 else { throw XCTSkip("ffmpeg cannot make the test input: \(r.summary)") }
    }

    /// The mean luma of each frame of `name`'s video, as ffmpeg decodes it.
    static func lumaPerFrame(_ name: String, in dir: URL) throws -> [Double] {
        try run(["-i", name, "-vf", "signalstats,metadata=print:key=lavfi.signalstats.YAVG:file=luma.txt",
                 "-f", "null", "-"], in: dir)
        let text = try String(contentsOf: dir.appendingPathComponent("luma.txt"), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            line.hasPrefix("lavfi.signalstats.YAVG=") ? Double(line.split(separator: "=")[1]) : nil
        }
    }
}
