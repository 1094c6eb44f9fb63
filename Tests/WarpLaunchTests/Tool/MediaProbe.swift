import Foundation
import XCTest

/// Short test clips made with the built tool's `run` mode, and readers of written files that
/// are not gst-warp-launch: gst-discoverer-1.0, and Tests/tools/measure_av.py (which decodes as
/// a player does).
enum MediaProbe {
    /// Writes `name` in `directory`: `seconds` of 160x90 H.264 at 25 fps with PCM ticks every
    /// 0.5 s (mono 48 kHz, no encoder delay: the first tick is at exactly 0) in Matroska.
    static func tickClip(_ name: String = "in.mkv", seconds: Int = 2, in directory: URL) throws {
        let r = try ToolProcess.run(["-q",
            "videotestsrc", "pattern=ball", "num-buffers=\(25 * seconds)", "!", "video/x-raw,width=160,height=90,framerate=25/1",
            "!", "x264enc", "speed-preset=ultrafast", "!", "h264parse", "!", "queue", "!", "mux.",
            "audiotestsrc", "wave=ticks", "tick-interval=500000000", "samplesperbuffer=960", "num-buffers=\(50 * seconds)",
            "!", "audio/x-raw,format=S16LE,rate=48000,channels=1", "!", "queue", "!", "mux.",
            "matroskamux", "name=mux", "!", "filesink", "location=\(name)"], in: directory)
        guard r.status == 0 else { throw XCTSkip("cannot make the test clip: \(r.summary)") }
    }

    /// The duration gst-discoverer-1.0 reads from a file, in seconds (`Duration: 0:00:01.000000000`).
    static func duration(_ name: String, in directory: URL) throws -> Double? {
        let r = try ToolProcess.run(program: "gst-discoverer-1.0", [name], in: directory)
        guard let line = r.stdout.split(separator: "\n").first(where: { $0.contains("Duration:") }) else { return nil }
        let parts = line.split(separator: " ").last?.split(separator: ":") ?? []
        guard parts.count == 3, let h = Double(parts[0]), let m = Double(parts[1]), let s = Double(parts[2]) else { return nil }
        return h * 3600 + m * 60 + s
    }

    /// What a player sees: audio start, end and tick onsets, video start and end (seconds).
    struct Measured: Decodable {
        struct Audio: Decodable { var start: Double; var end: Double; var onsets: [Double] }
        struct Video: Decodable { var start: Double; var end: Double }
        var audio: Audio?
        var video: Video?
    }

    /// Tests/tools/measure_av.py on `name`.
    static func measure(_ name: String, in directory: URL) throws -> Measured {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("tools/measure_av.py")
        let r = try ToolProcess.run(program: "/usr/bin/python3", [script.path, name], in: directory)
        guard r.status == 0 else { throw XCTSkip("measure_av.py failed (python3-gst-1.0 missing?): \(r.summary)") }
        return try JSONDecoder().decode(Measured.self, from: Data(r.stdout.utf8))
    }
}
