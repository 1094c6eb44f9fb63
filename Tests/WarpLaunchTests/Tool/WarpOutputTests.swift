import Foundation
import XCTest

/// Issue 10: what `warp` writes, measured from the written files with tools that are not
/// gst-warp-launch (gst-discoverer-1.0, and Tests/tools/measure_av.py decoding through
/// GStreamer as a player does). The input is 2 s of 160x90 H.264 at 25 fps with 2 s of PCM
/// ticks every 0.5 s in Matroska (PCM: no encoder delay, so the first tick is at exactly 0).
final class WarpOutputTests: XCTestCase {
    /// One AAC frame at 48 kHz: the tolerance the issue gives for where audio and video end.
    static let aacFrame = 1024.0 / 48000

    private func clip(in dir: URL) throws {
        let r = try ToolProcess.run(["-q",
            "videotestsrc", "pattern=ball", "num-buffers=50", "!", "video/x-raw,width=160,height=90,framerate=25/1",
            "!", "x264enc", "speed-preset=ultrafast", "!", "h264parse", "!", "queue", "!", "mux.",
            "audiotestsrc", "wave=ticks", "tick-interval=500000000", "samplesperbuffer=960", "num-buffers=100",
            "!", "audio/x-raw,format=S16LE,rate=48000,channels=1", "!", "queue", "!", "mux.",
            "matroskamux", "name=mux", "!", "filesink", "location=in.mkv"], in: dir)
        guard r.status == 0 else { throw XCTSkip("cannot make the test clip: \(r.summary)") }
    }

    private func warp(_ arguments: [String], in dir: URL, file: StaticString = #filePath, line: UInt = #line) throws
        -> ToolProcess.Result {
        let r = try ToolProcess.run(["warp"] + arguments, in: dir)
        XCTAssertFalse(r.killedBySignal, r.summary, file: file, line: line)
        return r
    }

    /// The frame rate gst-discoverer-1.0 reads from a file (`Frame rate: 24000/1001`).
    private func frameRate(_ name: String, in dir: URL) throws -> String? {
        let r = try ToolProcess.run(program: "gst-discoverer-1.0", [name], in: dir)
        return r.stdout.split(separator: "\n").first { $0.contains("Frame rate:") }
            .map { $0.split(separator: ":").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" }
    }

    /// ffprobe's r_frame_rate, when ffmpeg is installed.
    private func ffprobeRate(_ name: String, in dir: URL) throws -> String? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ffprobe") else { return nil }
        let r = try ToolProcess.run(program: "/usr/bin/ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries",
                                                                 "stream=r_frame_rate", "-of", "csv=p=0", name], in: dir)
        return r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// What a player sees: audio start, end and tick onsets, video start and end (seconds).
    private struct Measured: Decodable {
        struct Audio: Decodable { var start: Double; var end: Double; var onsets: [Double] }
        struct Video: Decodable { var start: Double; var end: Double }
        var audio: Audio?
        var video: Video?
    }

    private func measure(_ name: String, in dir: URL) throws -> Measured {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("tools/measure_av.py")
        let r = try ToolProcess.run(program: "/usr/bin/python3", [script.path, name], in: dir)
        guard r.status == 0 else { throw XCTSkip("measure_av.py failed (python3-gst-1.0 missing?): \(r.summary)") }
        return try JSONDecoder().decode(Measured.self, from: Data(r.stdout.utf8))
    }

    func testFrameRateIsAnyRationalAndDefaultsToTheInputs() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try clip(in: dir)
        XCTAssertEqual(try warp(["in.mkv", "ntsc.mp4", "--fps", "24000/1001", "-q"], in: dir).status, 0)
        XCTAssertEqual(try frameRate("ntsc.mp4", in: dir), "24000/1001")
        if let rate = try ffprobeRate("ntsc.mp4", in: dir) { XCTAssertEqual(rate, "24000/1001") }
        // 29.97 is the NTSC rate 30000/1001.
        XCTAssertEqual(try warp(["in.mkv", "ntsc30.mkv", "--fps", "29.97", "-q"], in: dir).status, 0)
        XCTAssertEqual(try frameRate("ntsc30.mkv", in: dir), "30000/1001")
        // No --fps: the input's 25 fps.
        let kept = try warp(["in.mkv", "kept.mp4"], in: dir)
        XCTAssertEqual(kept.status, 0, kept.summary)
        XCTAssertTrue(kept.stdout.contains("25 fps"), kept.summary)
        XCTAssertEqual(try frameRate("kept.mp4", in: dir), "25/1")
        if let rate = try ffprobeRate("kept.mp4", in: dir) { XCTAssertEqual(rate, "25/1") }
    }

    func testAnExistingOutputIsRefusedWithoutDashY() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try clip(in: dir)
        let out = dir.appendingPathComponent("out.mp4")
        XCTAssertEqual(try warp(["in.mkv", "out.mp4", "-q", "--function", "constant", "--factor", "1"], in: dir).status, 0)
        let first = try Data(contentsOf: out)
        let refused = try warp(["in.mkv", "out.mp4", "-q", "--function", "constant", "--factor", "2"], in: dir)
        XCTAssertEqual(refused.status, 1, refused.summary)
        XCTAssertEqual(refused.errorLines.count, 1, refused.summary)
        XCTAssertTrue(refused.stderr.hasPrefix("error: ") && refused.stderr.contains("-y"), refused.summary)
        let never = try warp(["in.mkv", "out.mp4", "-n", "-q", "--function", "constant", "--factor", "2"], in: dir)
        XCTAssertEqual(never.status, 1, never.summary)
        XCTAssertEqual(try Data(contentsOf: out), first, "overwritten without -y")
        let forced = try warp(["in.mkv", "out.mp4", "-y", "-q", "--function", "constant", "--factor", "2"], in: dir)
        XCTAssertEqual(forced.status, 0, forced.summary)
        XCTAssertNotEqual(try Data(contentsOf: out), first, "-y did not overwrite")
        XCTAssertEqual(ToolProcess.contents(of: dir), ["in.mkv", "out.mp4"])
    }

    func testHigherCRFGivesASmallerFile() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try clip(in: dir)
        XCTAssertEqual(try warp(["in.mkv", "q18.mkv", "--crf", "18", "-q"], in: dir).status, 0)
        XCTAssertEqual(try warp(["in.mkv", "q35.mkv", "--crf", "35", "-q"], in: dir).status, 0)
        let size = { (name: String) in
            (try? FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent(name).path)[.size] as? Int) ?? nil
        }
        let q18 = try XCTUnwrap(size("q18.mkv")), q35 = try XCTUnwrap(size("q35.mkv"))
        XCTAssertLessThan(q35, q18)
        let plan = try warp(["in.mkv", "p.mp4", "--crf", "30", "--preset", "veryfast", "--audio-bitrate", "96"], in: dir)
        XCTAssertEqual(plan.status, 0, plan.summary)
        XCTAssertTrue(plan.stdout.contains("Encoding: H.264 crf 30, preset veryfast; AAC 96 kbit/s"), plan.summary)
    }

    func testAudioOnlyOutputsHaveTheWarpedAudioDuration() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try clip(in: dir)
        // constant 1.5 on 2 s of audio: T(2) = 3 s.
        for name in ["slow.wav", "slow.m4a"] {
            let r = try warp(["in.mkv", name, "--function", "constant", "--factor", "1.5", "-q"], in: dir)
            XCTAssertEqual(r.status, 0, r.summary)
            let m = try measure(name, in: dir)
            XCTAssertNil(m.video, "\(name) has video")
            let audio = try XCTUnwrap(m.audio, name)
            XCTAssertEqual(audio.start, 0, accuracy: 1e-3, name)
            XCTAssertEqual(audio.end, 3.0, accuracy: name.hasSuffix(".wav") ? 1e-3 : Self.aacFrame, name)
            // The first tick is kept, at T(0) = 0 (the AAC priming is skipped by the edit list).
            XCTAssertEqual(audio.onsets.first ?? -1, 0, accuracy: 1e-3, "\(name): \(audio.onsets)")
        }
        // An audio-only input writes audio only, whatever the container.
        XCTAssertEqual(try warp(["slow.wav", "from-wav.mp4", "--function", "constant", "--factor", "2", "-q"], in: dir).status, 0)
        let m = try measure("from-wav.mp4", in: dir)
        XCTAssertNil(m.video)
        XCTAssertEqual(try XCTUnwrap(m.audio).end, 6.0, accuracy: Self.aacFrame)
    }

    func testFirstTickAtTZeroAndTracksEndTogether() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try clip(in: dir)
        let r = try warp(["in.mkv", "out.mp4", "--function", "constant", "--factor", "1.5", "-q"], in: dir)
        XCTAssertEqual(r.status, 0, r.summary)
        // The ticks of the input (PCM: measured exactly), each at T(t) = 1.5 t in the output.
        let input = try XCTUnwrap(try measure("in.mkv", in: dir).audio)
        XCTAssertEqual(input.onsets.first ?? -1, 0, accuracy: 1e-3, "the input's first tick: \(input.onsets)")
        let m = try measure("out.mp4", in: dir)
        let audio = try XCTUnwrap(m.audio), video = try XCTUnwrap(m.video)
        XCTAssertEqual(audio.onsets.count, input.onsets.count, "\(audio.onsets) for \(input.onsets)")
        for (k, (onset, original)) in zip(audio.onsets, input.onsets).enumerated() {
            XCTAssertEqual(onset, 1.5 * original, accuracy: 1e-3, "tick \(k): \(audio.onsets) for \(input.onsets)")
        }
        XCTAssertEqual(audio.start, video.start, accuracy: Self.aacFrame)
        XCTAssertEqual(audio.end, video.end, accuracy: Self.aacFrame)
        XCTAssertEqual(video.end, 3.0, accuracy: 1.0 / 25)
    }

    /// The MP4 file lasts what plays: 50 frames at 25 fps and 96,000 PCM samples at 48 kHz, both
    /// 2 s, at constant 1.5 are 3 s each; the 1024 samples of AAC priming that the edit list
    /// skips are not counted in the file's duration (mp4mux's track and movie durations had
    /// them: 145,024 samples, 3.0212 s).
    func testMP4DurationCountsNeitherPrimingNorPadding() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try clip(in: dir)
        let r = try warp(["in.mkv", "out.mp4", "--factor", "1.5"], in: dir)
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertEqual(try XCTUnwrap(try MediaProbe.duration("out.mp4", in: dir)), 3.0, accuracy: 1e-3)
        XCTAssertTrue(r.stdout.contains("Output duration: 3.000 s measured from the written file (expected 3.000 s, "),
                      r.summary)
    }

    /// Audio that starts after the video and ends after it (as with a late camera microphone or
    /// a stream start offset, only longer): beeps at 1, 2 and 3 s of a 4 s file whose video ends
    /// at 3.5 s. At factor 2 the output lasts T(4 s) = 8 s and the beeps come at 2, 4 and 6 s.
    /// matroskamux 1.22 counts each track's length from its first block, so before the audio was
    /// filled with silence from 0 the file said 7 s (the video's end; the audio's 8 s less its
    /// start at 2 s is 6 s) and the tool reported it "MORE than one frame off".
    func testLateAudioStillMakesTheMatroskaDuration() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        let made = try ToolProcess.run(program: "/usr/bin/ffmpeg", ["-v", "error", "-y",
            "-f", "lavfi", "-i", "testsrc=size=64x48:rate=25:duration=3.5",
            "-itsoffset", "1", "-f", "lavfi", "-i", "aevalsrc=if(lt(mod(t\\,1)\\,0.05)\\,0.5*sin(2*PI*1000*t)\\,0):s=48000:d=3",
            "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "libvorbis", "in.mkv"], in: dir)
        guard made.status == 0 else { throw XCTSkip("ffmpeg cannot make the test input: \(made.summary)") }
        XCTAssertEqual(try XCTUnwrap(try MediaProbe.duration("in.mkv", in: dir)), 4.0, accuracy: 0.01)
        let r = try warp(["in.mkv", "out.mkv", "--factor", "2"], in: dir)
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertEqual(try XCTUnwrap(try MediaProbe.duration("out.mkv", in: dir)), 8.0, accuracy: 0.04)
        XCTAssertTrue(r.stdout.contains("within one frame"), r.summary)
        let audio = try XCTUnwrap(try measure("out.mkv", in: dir).audio)
        XCTAssertEqual(audio.onsets.count, 3, "\(audio.onsets)")
        for (onset, expected) in zip(audio.onsets, [2.0, 4.0, 6.0]) {
            XCTAssertEqual(onset, expected, accuracy: 0.01, "\(audio.onsets)")
        }
        XCTAssertEqual(audio.end, 8.0, accuracy: 0.01)
    }

    func testPitchPreserveIsPassedAndShownInThePlan() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try clip(in: dir)
        let r = try warp(["in.mkv", "kept.mkv", "--function", "constant", "--factor", "2", "--pitch", "preserve"], in: dir)
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertTrue(r.stdout.contains("Pitch:    preserve"), r.summary)
        // The plan names the engine: the element's default, wsola, when --pitch-engine is not given.
        XCTAssertTrue(r.stdout.contains("the wsola engine"), r.summary)
        // Each tick of the input lands at T(t) = 2 t within the stretcher's window and search range
        // (38 ms), none doubled or lost; audio and video end together at T(2 s) = 4 s.
        let input = try XCTUnwrap(try measure("in.mkv", in: dir).audio)
        let m = try measure("kept.mkv", in: dir)
        let audio = try XCTUnwrap(m.audio), video = try XCTUnwrap(m.video)
        XCTAssertEqual(audio.onsets.count, input.onsets.count, "\(audio.onsets) for \(input.onsets)")
        for (onset, original) in zip(audio.onsets, input.onsets) {
            XCTAssertEqual(onset, 2 * original, accuracy: 0.038, "\(audio.onsets) for \(input.onsets)")
        }
        XCTAssertEqual(audio.end, video.end, accuracy: 1.0 / 25)
        XCTAssertEqual(audio.end, 4.0, accuracy: 1e-3)
        let bad = try warp(["in.mkv", "x.mkv", "--pitch", "preserv"], in: dir)
        XCTAssertEqual(bad.status, 2, bad.summary)
        XCTAssertTrue(bad.stderr.contains("did you mean 'preserve'"), bad.summary)
    }

    func testUsageErrorsAreOneLineWithStatusTwo() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try clip(in: dir)
        let cases: [([String], String)] = [
            (["in.mkv", "a.wav", "--crf", "20"], "--crf"),
            (["in.mkv", "a.mp4", "--function", "triangle", "--keyframes", "0:1, 1:2"], "--keyframes does nothing"),
            (["in.mkv", "a.mp4", "--function", "constant", "--modifier", "0.3"], "--modifier does nothing"),
            (["in.mkv", "a.mp4", "--function", "trianlge"], "did you mean 'triangle'"),
            (["in.mkv", "a.mp4", "-y", "-n"], "-y and -n"),
            (["in.mkv", "a.webm", "--preset", "slow"], "--preset"),
            (["in.mkv", "a.mp4", "--fps", "thirty"], "--fps"),
            (["in.mkv", "a.mp4", "--bogus"], "--bogus"),
        ]
        for (arguments, text) in cases {
            let r = try warp(arguments, in: dir)
            XCTAssertEqual(r.status, 2, "\(arguments): \(r.summary)")
            XCTAssertEqual(r.errorLines.count, 1, "\(arguments): \(r.summary)")
            XCTAssertTrue(r.stderr.hasPrefix("error: ") && r.stderr.contains(text), "\(arguments): \(r.summary)")
        }
        // Bad input: status 1.
        let missing = try warp(["nothere.mkv", "a.mp4"], in: dir)
        XCTAssertEqual(missing.status, 1, missing.summary)
        XCTAssertTrue(missing.stderr.hasPrefix("error: "), missing.summary)
        XCTAssertEqual(ToolProcess.contents(of: dir), ["in.mkv"])
    }
}
