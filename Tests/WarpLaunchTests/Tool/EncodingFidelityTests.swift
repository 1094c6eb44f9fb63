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
        var onsets: [Int] = [], quiet = 4800
        data.withUnsafeBytes { bytes in
            let samples = bytes.bindMemory(to: Int16.self)
            for (i, s) in samples.enumerated() {
                if abs(Int(Int16(littleEndian: s))) > 8192 {
                    if quiet >= 4800 { onsets.append(i) }
                    quiet = 0
                } else {
                    quiet = min(quiet + 1, 4800)
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
        XCTAssertGreaterThanOrEqual(reference.count, 4, "ticks every 0.5 s in the input: \(reference)")
        XCTAssertLessThan(reference.first ?? 99, 48, "the input's first tick is at 0: \(reference)")
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
            XCTAssertEqual(first.stdout.split(separator: "\n").first?.filter { $0 != "," && $0 != " " }, "-1024", file)
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

    /// `--fps any` keeps every frame at T(t): where the curve speeds up, the frames come closer,
    /// and the level follows the peak rate, not the input's. 720p30 at `--factor 0.125` peaks at
    /// 240 fps: 3600 macroblocks × 240 = 864,000 per second, above level 5's 589,824 and within
    /// 5.1's 983,040 (Table A-1); the input's 30 fps alone gives 4.1.
    func testVariableRateLevelFollowsThePeakRate() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=30:duration=0.5",
                    "-c:v", "libx264", "-preset", "ultrafast", "hd.mkv"], in: dir)
        var r = try ToolProcess.run(["warp", "hd.mkv", "fast.mp4", "--fps", "any", "--factor", "0.125", "-q"], in: dir)
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertEqual(try probe("fast.mp4", "v:0", "level", in: dir)["level"], "51")
        r = try ToolProcess.run(["warp", "hd.mkv", "slow.mp4", "--fps", "any", "--factor", "2", "-q"], in: dir)
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertEqual(try probe("slow.mp4", "v:0", "level", in: dir)["level"], "41")
    }

    /// Item 5: 10-bit H.264 (High 10) in gives 10-bit H.264 out in MP4; VP9 profile 2 in gives
    /// VP9 profile 2 in WebM (not VP8); the input's colour tags (BT.2020, PQ) stay with pixels
    /// that are still in that colour space; an 8-bit input stays 8-bit.
    func testTenBitAndVP9AreKept() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        // The tags on the frames (setparams) and on the encoder: FFmpeg 7 (Debian 13) takes an
        // encoder's colour from the frames and ignores -color_primaries and -color_trc for
        // them, FFmpeg 5.1 (Debian 12) takes the options.
        let colour = ["-vf", "setparams=color_primaries=bt2020:color_trc=smpte2084:colorspace=bt2020nc",
                      "-color_primaries", "bt2020", "-color_trc", "smpte2084", "-colorspace", "bt2020nc"]
        try ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=160x96:rate=25:duration=0.4", "-pix_fmt", "yuv420p10le"] + colour
                    + ["-c:v", "libx264", "-preset", "ultrafast", "-profile:v", "high10", "h10.mkv"], in: dir)
        let tagged = try probe("h10.mkv", "v:0", "color_primaries,color_transfer", in: dir)
        XCTAssertEqual(tagged, ["color_primaries": "bt2020", "color_transfer": "smpte2084"], "the input carries the tags")
        try ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=160x96:rate=25:duration=0.4", "-pix_fmt", "yuv420p10le", "-c:v",
                    "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-profile:v", "2", "vp9.webm"], in: dir)
        try ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=160x96:rate=25:duration=0.4", "-pix_fmt", "yuv420p",
                    "-c:v", "libx264", "-preset", "ultrafast", "h8.mkv"], in: dir)
        for (input, output, codec, pixels) in [("h10.mkv", "h10.mp4", "h264", "yuv420p10le"), ("vp9.webm", "vp9out.webm", "vp9", "yuv420p10le"),
                                               ("h8.mkv", "h8.mp4", "h264", "yuv420p")] {
            let r = try ToolProcess.run(["warp", input, output, "--speed", "2", "-q"], in: dir)
            XCTAssertEqual(r.status, 0, r.summary)
            let v = try probe(output, "v:0", "codec_name,profile,pix_fmt,color_primaries,color_transfer", in: dir)
            XCTAssertEqual(v["codec_name"], codec, "\(output): \(v)")
            XCTAssertEqual(v["pix_fmt"], pixels, "\(output): \(v)")
            if input == "h10.mkv" {
                XCTAssertEqual(v["profile"], "High 10", "\(v)")
                XCTAssertEqual(v["color_primaries"], "bt2020", "\(v)")
                XCTAssertEqual(v["color_transfer"], "smpte2084", "\(v)")
            }
            if input == "vp9.webm" { XCTAssertEqual(v["profile"], "Profile 2", "\(v)") }
        }
    }

    /// Item 5: WAV output has the input's integer depth: 24-bit PCM stays 24-bit, AAC (which
    /// decodes to float) gives 16-bit, and `-c:a pcm_s16le` asks for 16 bits.
    func testWAVKeepsTheInputDepth() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:duration=0.5:sample_rate=48000", "-c:a", "pcm_s24le", "s24.wav"], in: dir)
        try ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:duration=0.5:sample_rate=48000", "-c:a", "aac", "lossy.m4a"], in: dir)
        for (input, output, extra, expected) in [("s24.wav", "o24.wav", [String](), "pcm_s24le"), ("lossy.m4a", "o16.wav", [], "pcm_s16le"),
                                                 ("s24.wav", "asked16.wav", ["-c:a", "pcm_s16le"], "pcm_s16le")] {
            let r = try ToolProcess.run(["warp", input, output, "--speed", "2", "-q"] + extra, in: dir)
            XCTAssertEqual(r.status, 0, r.summary)
            XCTAssertEqual(try probe(output, "a:0", "codec_name", in: dir)["codec_name"], expected, output)
        }
    }

    /// Item 6: what an encoder refuses is converted first, and the plan says so: x264 refuses
    /// an odd side in 4:2:0 (GStreamer's own message is only "Can not initialize x264
    /// encoder"), so 161x91 is cropped to 160x90; 4:4:4 is written 4:2:0. libvpx takes odd sides.
    func testOddSizeAndChromaAreConvertedAndSaid() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try ffmpeg(["-f", "lavfi", "-i", "testsrc=size=161x91:rate=25:duration=0.4", "-pix_fmt", "yuv444p", "-c:v", "ffv1", "odd.mkv"],
                   in: dir)
        let r = try ToolProcess.run(["warp", "odd.mkv", "odd.mp4", "--speed", "2"], in: dir)
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertTrue(r.stdout.contains("161x91 has an odd side"), r.stdout)
        let v = try probe("odd.mp4", "v:0", "width,height,pix_fmt", in: dir)
        XCTAssertEqual([v["width"], v["height"], v["pix_fmt"]], ["160", "90", "yuv420p"], "\(v)")
        let w = try ToolProcess.run(["warp", "odd.mkv", "odd.webm", "--speed", "2", "-q"], in: dir)
        XCTAssertEqual(w.status, 0, w.summary)
        let vp8 = try probe("odd.webm", "v:0", "width,height", in: dir)
        XCTAssertEqual([vp8["width"], vp8["height"]], ["161", "91"], "\(vp8)")
    }
}
