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

    /// Copies `input` to `output` (stream copy) with a display matrix that shows it turned a
    /// quarter, as phones write it: ffprobe then reads a rotation of 90 and GStreamer an
    /// image-orientation of rotate-270. The installed ffmpeg decides how: FFmpeg 7 (Debian 13)
    /// no longer turns `-metadata:s:v:0 rotate=90` into a display matrix and takes the input
    /// option `-display_rotation` instead, which FFmpeg 5.1 (Debian 12) does not have. Both
    /// write the same matrix; ffprobe checks that the copy has it.
    static func rotatedCopy(_ input: String, to output: String, in directory: URL) throws {
        let ffmpeg = "/usr/bin/ffmpeg", ffprobe = "/usr/bin/ffprobe"
        for tool in [ffmpeg, ffprobe] where !FileManager.default.isExecutableFile(atPath: tool) {
            throw XCTSkip("\(tool) is not installed (scripts/install-deps.sh installs ffmpeg)")
        }
        var r = try ToolProcess.run(program: ffmpeg, ["-v", "error", "-y", "-display_rotation:v:0", "90", "-i", input,
                                                      "-c", "copy", output], in: directory)
        if r.status != 0 {
            r = try ToolProcess.run(program: ffmpeg, ["-v", "error", "-y", "-i", input, "-c", "copy",
                                                      "-metadata:s:v:0", "rotate=90", output], in: directory)
        }
        XCTAssertEqual(r.status, 0, r.summary)
        let probe = try ToolProcess.run(program: ffprobe, ["-v", "error", "-select_streams", "v:0", "-show_entries",
                                                           "stream_side_data=rotation", "-of", "csv=p=0", output], in: directory)
        let rotation = probe.stdout.split(separator: "\n").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }.first
        guard let rotation, abs(rotation) == 90 else {
            struct NotRotated: Error, CustomStringConvertible { let description: String }
            throw NotRotated(description: "ffmpeg wrote \(output) without a quarter-turn display matrix: \(probe.summary)")
        }
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
