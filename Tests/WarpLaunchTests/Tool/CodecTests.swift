import Foundation
import XCTest

/// Issue 22, item 4: `-c:v`/`-c:a` choose among the encoders GStreamer has here, `-g` sets the
/// keyframe interval, and `copy` is refused. Read back with ffprobe (ffmpeg is in
/// scripts/install-deps.sh), which shares no code with GStreamer.
final class CodecTests: XCTestCase {
    static let ffprobe = "/usr/bin/ffprobe"

    private func probe(_ name: String, _ entries: [String], in dir: URL) throws -> String {
        guard FileManager.default.isExecutableFile(atPath: Self.ffprobe) else { throw XCTSkip("ffprobe is not installed") }
        let r = try ToolProcess.run(program: Self.ffprobe, ["-v", "error"] + entries + ["-of", "csv=p=0", name], in: dir)
        XCTAssertEqual(r.status, 0, r.summary)
        return r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func codec(_ name: String, _ stream: String, in dir: URL) throws -> String {
        try probe(name, ["-select_streams", stream, "-show_entries", "stream=codec_name"], in: dir)
    }

    /// ffprobe's key_frame of each video frame ("1" or "0"; its csv adds a field and a line
    /// for side data, which are left out).
    private func keyFrameFlags(_ name: String, in dir: URL) throws -> [String] {
        try probe(name, ["-select_streams", "v:0", "-show_entries", "frame=key_frame"], in: dir)
            .split(separator: "\n").compactMap { $0.split(separator: ",").first.map { $0.trimmingCharacters(in: .whitespaces) } }
            .filter { !$0.isEmpty }
    }

    func testVideoCodecsAreReadBackByFFprobe() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try MediaProbe.tickClip(seconds: 1, in: dir)
        for (option, file, expected) in [("vp9", "vp9.mkv", "vp9"), ("av1", "av1.mkv", "av1"), ("hevc", "h265.mp4", "hevc"),
                                         ("av1", "av1.mp4", "av1"), ("vp9", "vp9.webm", "vp9")] {
            let r = try ToolProcess.run(["warp", "in.mkv", file, "-c:v", option, "--speed", "0.5", "-q"], in: dir)
            XCTAssertEqual(r.status, 0, "\(file): \(r.summary)")
            XCTAssertEqual(try codec(file, "v:0", in: dir), expected, file)
            XCTAssertEqual(try XCTUnwrap(MediaProbe.duration(file, in: dir)), 2, accuracy: 0.06, file)
        }
        let a = try ToolProcess.run(["warp", "in.mkv", "aac.mkv", "-c:a", "aac", "--video-codec", "vp8", "-q"], in: dir)
        XCTAssertEqual(a.status, 0, a.summary)
        XCTAssertEqual(try codec("aac.mkv", "a:0", in: dir), "aac")
        XCTAssertEqual(try codec("aac.mkv", "v:0", in: dir), "vp8")
        let f = try ToolProcess.run(["warp", "in.mkv", "flac.mkv", "-c:a", "flac", "-q"], in: dir)
        XCTAssertEqual(f.status, 0, f.summary)
        XCTAssertEqual(try codec("flac.mkv", "a:0", in: dir), "flac")
    }

    func testKeyframeIntervalIsReadBackByFFprobe() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try MediaProbe.tickClip(seconds: 2, in: dir)
        for (codec, file) in [("h264", "g.mp4"), ("vp9", "g.mkv")] {
            let r = try ToolProcess.run(["warp", "in.mkv", file, "-c:v", codec, "-g", "10", "-q"], in: dir)
            XCTAssertEqual(r.status, 0, r.summary)
            let flags = try keyFrameFlags(file, in: dir)
            XCTAssertEqual(flags.count, 50, file)
            let keys = flags.indices.filter { flags[$0] == "1" }
            // A keyframe at least every 10 frames (an encoder may add more at a scene cut).
            XCTAssertEqual(keys.first, 0, file)
            let gaps = zip(keys.dropFirst(), keys).map { $0 - $1 } + [flags.count - (keys.last ?? 0)]
            XCTAssertLessThanOrEqual(gaps.max() ?? 99, 10, "\(file): keyframes at \(keys)")
        }
        // The default (60) on the same 50 frames: one keyframe.
        XCTAssertEqual(try ToolProcess.run(["warp", "in.mkv", "d.mp4", "-q"], in: dir).status, 0)
        let flags = try keyFrameFlags("d.mp4", in: dir)
        XCTAssertEqual(flags.count, 50)
        XCTAssertEqual(flags.filter { $0 == "1" }.count, 1, "\(flags)")
    }

    func testCopyAndMismatchesAreRefused() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        for (args, text) in [(["-c:v", "copy"], "must be re-encoded"), (["-c:a", "copy"], "must be re-encoded"),
                             (["-c:v", "h246"], "did you mean 'h264'?"), (["-g", "0"], "-g must be between 1 and 10000"),
                             (["-c:v", "h264", "-f", "webm"], "does not take H.264 video")] {
            let r = try ToolProcess.run(["warp", "in.mkv", "out.mkv"] + args, in: dir)
            XCTAssertEqual(r.status, 2, r.summary)
            XCTAssertTrue(r.stderr.contains(text), "\(args): \(r.summary)")
        }
        let wav = try ToolProcess.run(["warp", "in.mkv", "out.wav", "-c:v", "vp9"], in: dir)
        XCTAssertEqual(wav.status, 2, wav.summary)
    }
}
