import Foundation
import XCTest

/// Issue 20, items 5 to 7: what `warp` writes keeps the input's depth and codec family, is
/// tagged with the H.264 level it needs, and signals the MP4 priming so that FFmpeg, which
/// shares no code with GStreamer, plays the first audio sample at video time 0. Inputs are made
/// at test time with ffmpeg (scripts/install-deps.sh installs it); results are read with ffprobe
/// and ffmpeg.
final class EncodingFidelityTests: XCTestCase {
    static let ffmpeg = "/usr/bin/ffmpeg", ffprobe = "/usr/bin/ffprobe"

    override func setUpWithError() throws {
        for tool in [Self.ffmpeg, Self.ffprobe] where !FileManager.default.isExecutableFile(atPath: tool) {
            throw XCTSkip("\(tool) is not installed (scripts/install-deps.sh)")
        }
    }

    /// ffmpeg with `arguments` in `dir`; skips when it fails (an encoder missing here).
    private func ffmpeg(_ arguments: [String], in dir: URL) throws {
        let r = try ToolProcess.run(program: Self.ffmpeg, ["-v", "error", "-y"] + arguments, in: dir)
        guard r.status == 0 else { throw XCTSkip("ffmpeg cannot make the input: \(r.summary)") }
    }

    /// ffprobe's `entries` of `stream` (`v:0`, `a:0`) as `key=value` lines.
    private func probe(_ name: String, _ stream: String, _ entries: String, in dir: URL) throws -> [String: String] {
        let r = try ToolProcess.run(program: Self.ffprobe, ["-v", "error", "-select_streams", stream, "-show_entries",
                                                            "stream=\(entries)", "-of", "default=nw=1", name], in: dir)
        XCTAssertEqual(r.status, 0, r.summary)
        var result: [String: String] = [:]
        for line in r.stdout.split(separator: "\n") {
            let kv = line.split(separator: "=", maxSplits: 1).map(String.init)
            if kv.count == 2 { result[kv[0]] = kv[1] }
        }
        return result
    }

    /// The sample indices where FFmpeg's decode of `name`'s first audio track (mono, 16-bit)
    /// rises above a quarter of full scale after at least 0.1 s of quiet: the tick onsets.
    private func ffmpegOnsets(_ name: String, in dir: URL) throws -> [Int] {
        let raw = "\(name).s16"
        try ffmpeg(["-i", name, "-map", "0:a:0", "-ac", "1", "-f", "s16le", raw], in: dir)
        let data = try Data(contentsOf: dir.appendingPathComponent(raw))
        var onsets: [Int] = [], quiet = Int.max
        data.withUnsafeBytes { bytes in
            let samples = bytes.bindMemory(to: Int16.self)
            for (i, s) in samples.enumerated() {
                if abs(Int(Int16(littleEndian: s))) > 8192 {
                    if quiet >= 4800 { onsets.append(i) }
                    quiet = 0
                } else {
                    quiet += 1
                }
            }
        }
        return onsets
    }

    /// Item 7: with `--fps any` the video track has a 90 kHz timescale; the audio track keeps
    /// its sample rate, and the priming edit skips exactly the encoder's 1024 frames, so FFmpeg
    /// decodes the ticks where they are in the input (the first at 0) and starts the audio at
    /// 0, as for constant-rate output.
    func testFirstAudioTickPlaysAtZeroInFFmpegForConstantAndVariableRate() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try MediaProbe.tickClip(seconds: 2, in: dir)
        let reference = try ffmpegOnsets("in.mkv", in: dir)
        XCTAssertEqual(reference.count, 4, "ticks every 0.5 s in the input: \(reference)")
        for (file, fps) in [("vfr.mp4", "any"), ("cfr.mp4", "25")] {
            let r = try ToolProcess.run(["warp", "in.mkv", file, "--fps", fps, "-q"], in: dir)
            XCTAssertEqual(r.status, 0, r.summary)
            let audio = try probe(file, "a:0", "start_time,time_base", in: dir)
            XCTAssertEqual(audio["time_base"], "1/48000", "\(file): the audio track's timescale is its rate")
            XCTAssertEqual(Double(audio["start_time"] ?? "") ?? -1, 0, accuracy: 1e-6, file)
            XCTAssertEqual(Double(try probe(file, "v:0", "start_time", in: dir)["start_time"] ?? "") ?? -1, 0,
                           accuracy: 1e-6, file)
            // The edit's media time in the track's timescale: ffprobe's first packet PTS is minus
            // the priming, 1024 frames of AAC (at 48 kHz: -1024 ticks of 1/48000).
            let first = try ToolProcess.run(program: Self.ffprobe, ["-v", "error", "-select_streams", "a:0", "-show_entries",
                                                                    "packet=pts", "-read_intervals", "%+#1", "-of", "csv=p=0", file],
                                            in: dir)
            XCTAssertEqual(first.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "-1024", file)
            let onsets = try ffmpegOnsets(file, in: dir)
            XCTAssertEqual(onsets.count, reference.count, "\(file): \(onsets) against \(reference)")
            for (o, i) in zip(onsets, reference) {
                XCTAssertEqual(o, i, accuracy: 48, "\(file): a tick moved by more than 1 ms: \(onsets) against \(reference)")
            }
        }
    }

    /// Item 6: x264's level follows the size and rate (720p30: 4.1, never 6.2), and the
    /// quality (crf) is not held down by a VBV cap (x264enc's default caps at 2048 kbit/s).
    func testH264LevelAndQuality() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        // Noisy 720p30, lossless: costly to encode at a low crf.
        try ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=30:duration=0.5", "-vf", "noise=alls=20:allf=t",
                    "-c:v", "libx264", "-preset", "ultrafast", "-qp", "0", "hd.mkv"], in: dir)
        var rates: [Int: Double] = [:]
        for crf in [10, 35] {
            let file = "crf\(crf).mp4"
            let r = try ToolProcess.run(["warp", "hd.mkv", file, "--crf", String(crf), "-q"], in: dir)
            XCTAssertEqual(r.status, 0, r.summary)
            let v = try probe(file, "v:0", "level,profile,bit_rate", in: dir)
            let level = try XCTUnwrap(Int(v["level"] ?? ""), "\(v)")
            XCTAssertLessThanOrEqual(level, 41, "720p30 needs level 4.1 at most: \(v)")
            XCTAssertGreaterThanOrEqual(level, 31, "\(v)")
            rates[crf] = Double(v["bit_rate"] ?? "")
        }
        let fine = try XCTUnwrap(rates[10]), coarse = try XCTUnwrap(rates[35])
        XCTAssertGreaterThan(fine, 4 * 2_048_000, "crf 10 is not held at x264enc's default 2048 kbit/s cap")
        XCTAssertGreaterThan(fine, 4 * coarse, "the crf sets the quality")
    }
}
