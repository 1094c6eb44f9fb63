import Foundation
import XCTest

/// Issue 24 item 4, `warp --reverse` from a bounded store: the tool reads the input forwards one
/// keyframe interval at a time, last first, keeping decoded frames in memory up to a bound
/// (`GST_WARP_LAUNCH_REVERSE_MEMORY`, set tiny here so the temporary file is used) and the rest
/// in a nameless temporary file. Inputs are made by ffmpeg: frames whose grey level encodes their
/// index, and float PCM audio (lossless end to end, so it can be compared sample by sample).
final class ReverseReaderTests: XCTestCase {
    /// Frames: 90 at 30 fps, keyframes every 36 (1.2 s: three chunks), grey level 16 + 2·index.
    static let frames = 90


    /// 3 s of 64x48 H.264 (lossless, B-frames as x264 makes them) and two float PCM tracks at
    /// 32 kHz (a rising chirp and a falling one), in Matroska. At 32 kHz Matroska's millisecond
    /// timestamps are exact for its 1024-sample blocks.
    private func makeInput(_ name: String, in dir: URL, seconds: Int = 3, keyframeEvery: Int = 36) throws {
        try FFmpegInput.run(["-f", "lavfi", "-i", "color=black:size=64x48:rate=30:duration=\(seconds),geq=lum='16+2*N':cb=128:cr=128",
                    "-f", "lavfi", "-i", "aevalsrc='0.5*sin(2*PI*(200+300*t)*t)':s=32000:d=\(seconds)",
                    "-f", "lavfi", "-i", "aevalsrc='0.4*sin(2*PI*(900-100*t)*t)':s=32000:d=\(seconds)",
                    "-map", "0", "-map", "1", "-map", "2",
                    "-metadata:s:a:0", "language=eng", "-metadata:s:a:1", "language=fra",
                    "-c:v", "libx264", "-qp", "0", "-g", "\(keyframeEvery)", "-keyint_min", "\(keyframeEvery)",
                    "-sc_threshold", "0", "-pix_fmt", "yuv420p", "-c:a", "pcm_f32le", name], in: dir)
    }

    /// ffprobe's answer for `entries` of `name`, one line per stream.
    private func probe(_ entries: String, _ name: String, in dir: URL) throws -> [String] {
        let r = try ToolProcess.run(program: "/usr/bin/ffprobe", ["-v", "error", "-show_entries", entries, "-of", "csv=p=0",
                                                                  name], in: dir)
        XCTAssertEqual(r.status, 0, r.summary)
        return r.stdout.split(separator: "\n").map(String.init)
    }


    /// Audio track `track` of `name` as ffmpeg decodes it, float samples.
    private func samples(_ name: String, track: Int, in dir: URL) throws -> [Float] {
        try FFmpegInput.run(["-i", name, "-map", "0:a:\(track)", "-f", "f32le", "-ac", "1", "pcm-\(track).raw"], in: dir)
        let data = try Data(contentsOf: dir.appendingPathComponent("pcm-\(track).raw"))
        return data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
    }

    /// The names left in `dir` besides the input and the expected output: none may be a
    /// temporary file (`.partial`, the store).
    private func leftovers(in dir: URL, keeping kept: Set<String>) -> [String] {
        ToolProcess.contents(of: dir).filter { !kept.contains($0) }
    }

    func testFramesAndEveryAudioTrackComeOutReversedExactly() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try makeInput("in.mkv", in: dir)
        // Linear interpolation at factor 1 reads every sample as it is: the reversed track can
        // be compared with the forward decode sample for sample. 20 kB of memory: a few frames,
        // the rest of each chunk goes through the temporary file.
        let r = try ToolProcess.run(["warp", "in.mkv", "out.mkv", "--reverse", "-c:a", "pcm", "--interpolation", "linear"],
                                    in: dir, environment: ["GST_WARP_LAUNCH_REVERSE_MEMORY": "20000"])
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertTrue(r.stdout.contains("read in 3 chunks"), r.summary)
        XCTAssertTrue(r.stdout.contains("spilled to the temporary file"), "the store's file was used: \(r.summary)")
        XCTAssertFalse(r.stderr.contains("dropped:"), "both audio tracks are kept: \(r.stderr)")
        XCTAssertEqual(leftovers(in: dir, keeping: ["in.mkv", "out.mkv"]), [], "the store is gone after success")

        // The tracks keep their languages (the stream tags go to the reader's sources).
        XCTAssertEqual(try probe("stream=codec_type:stream_tags=language", "out.mkv", in: dir).filter { $0.hasPrefix("audio") },
                       ["audio,eng", "audio,fre"])

        // Frame by frame: grey level 16 + 2·i gives the index back (x264 at crf 20 keeps a flat
        // grey within a level or two).
        let indices = try FFmpegInput.lumaPerFrame("out.mkv", in: dir).map { Int((($0 - 16) / 2).rounded()) }
        XCTAssertEqual(indices, Array((0..<Self.frames).reversed()), "first = last input frame, each once")

        // Every audio track, sample for sample, against ffmpeg's forward decode of the input.
        for track in 0..<2 {
            let forward = try samples("in.mkv", track: track, in: dir)
            let reversed = try samples("out.mkv", track: track, in: dir)
            XCTAssertEqual(forward.count, 3 * 32000, "track \(track)")
            XCTAssertEqual(reversed.count, forward.count, "track \(track)")
            let mismatches = zip(reversed, forward.reversed()).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
            XCTAssertEqual(mismatches.count, 0, "track \(track): first mismatches at \(mismatches.prefix(5))")
        }
    }

    /// Issue 20 item 1 under `--reverse`: an MPEG-TS (as a camcorder writes it: the first PTS
    /// at 10 s, not 0) cannot be read exactly in chunks, so the tool remuxes it itself into a
    /// nameless Matroska file, says so, and gives what the same content in Matroska gives: every
    /// frame once, last first, and the audio as long as the video (within the AAC frames the
    /// TS's origin cuts, 2 × 1024 samples).
    func testAnMPEGTSWithAStartOffsetIsRemuxedAndReversedAsMatroskaIs() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        let sources = ["-f", "lavfi", "-i", "color=black:size=64x48:rate=30:duration=3,geq=lum='16+2*N':cb=128:cr=128",
                       "-f", "lavfi", "-i", "aevalsrc='0.5*sin(2*PI*(200+300*t)*t)':s=48000:d=3",
                       "-c:v", "libx264", "-qp", "0", "-g", "36", "-keyint_min", "36", "-sc_threshold", "0",
                       "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "128k"]
        try FFmpegInput.run(sources + ["-output_ts_offset", "10", "in.ts"], in: dir)
        // The Matroska control holds the same pictures with the audio in FLAC: from FFmpeg 7
        // (Debian 13) on, ffmpeg writes AAC's encoder delay into Matroska as CodecDelay, which
        // ffprobe applies (the audio starts at -21 ms) and GStreamer's matroskademux does not
        // (it starts at 0 and lasts 21 ms past the video), so an AAC control would differ with
        // the ffmpeg that made it, not with the container. FLAC has no encoder delay.
        try FFmpegInput.run(sources + ["-c:a", "flac", "in.mkv"], in: dir)
        XCTAssertEqual(try probe("format=start_time", "in.ts", in: dir).first.flatMap { Double($0) }.map { $0 >= 10 }, true,
                       "the TS starts at 10 s or later")
        for name in ["in.ts", "in.mkv"] {
            let out = "out-\(name).mkv"
            let r = try ToolProcess.run(["warp", name, out, "--reverse", "-c:a", "pcm"], in: dir,
                                        environment: ["GST_WARP_LAUNCH_REVERSE_MEMORY": "20000"])
            XCTAssertEqual(r.status, 0, r.summary)
            XCTAssertEqual(r.stdout.contains("Remuxed:  in.ts is MPEG-TS"), name == "in.ts", r.summary)
            XCTAssertFalse(r.stderr.contains("dropped:"), r.stderr)
            XCTAssertEqual(ToolProcess.contents(of: dir).filter { $0.hasPrefix(".") }, [],
                           "no temporary file left (the remuxed copy, the store)")
            let indices = try FFmpegInput.lumaPerFrame(out, in: dir).map { Int((($0 - 16) / 2).rounded()) }
            XCTAssertEqual(indices, Array((0..<90).reversed()), "\(name): first = last input frame, each once")
            // The audio, decoded by ffmpeg, lasts as long as the 90 frames (3 s) within two AAC frames.
            let audio = try samples(out, track: 0, in: dir)
            XCTAssertLessThanOrEqual(abs(audio.count - 3 * 48000), 2048, "\(name): \(audio.count) samples")
        }
    }

    /// Whether `pid` has the store open: a nameless file (/proc shows it as deleted). Waits up
    /// to a minute for it.
    private func waitForStore(of pid: Int32) -> Bool {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
            if fds.contains(where: { fd in
                ((try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(fd)")) ?? "")
                    .contains(".reverse (deleted)")
            }) { return true }
            if kill(pid, 0) != 0 { return false }
            usleep(5_000)
        }
        return false
    }

    /// Text subtitles are reversed with the rest: a cue [t0, t1) of the D-long input goes to
    /// [T(D) - T(t1), T(D) - T(t0)). By hand, factor 2 (T(t) = 2t, T(D) = 6 s): "one" at
    /// [0.5, 1.0) goes to [4, 5), "two" at [1.5, 2.5) to [1, 3); the language stays; the same
    /// cues in MP4.
    func testSubtitlesAreReversedThroughTheMap() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try "1\n00:00:00,500 --> 00:00:01,000\none\n\n2\n00:00:01,500 --> 00:00:02,500\ntwo\n\n"
            .write(to: dir.appendingPathComponent("in.srt"), atomically: true, encoding: .utf8)
        try FFmpegInput.run(["-f", "lavfi", "-i", "testsrc=size=64x48:rate=30:duration=3", "-i", "in.srt", "-map", "0", "-map", "1",
                    "-c:v", "libx264", "-g", "36", "-c:s", "srt", "-metadata:s:s:0", "language=ger", "in.mkv"], in: dir)
        let r = try ToolProcess.run(["warp", "in.mkv", "out.mkv", "--reverse", "--factor", "2", "-q"], in: dir)
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertFalse(r.stderr.contains("dropped:"), r.stderr)
        XCTAssertEqual(try probe("stream=codec_type:stream_tags=language", "out.mkv", in: dir), ["video", "subtitle,ger"])
        let packets = try ToolProcess.run(program: "/usr/bin/ffprobe", ["-v", "error", "-select_streams", "s", "-show_entries",
                                                                        "packet=pts_time,duration_time", "-of", "csv=p=0", "out.mkv"], in: dir)
        // D as the container tells it (Matroska may say 3.001 s): T(D) = 2D.
        let d = try XCTUnwrap(try probe("format=duration", "in.mkv", in: dir).first.flatMap { Double($0) })
        let cues = packets.stdout.split(separator: "\n").map { $0.split(separator: ",").compactMap { Double($0) } }
        let expected: [[Double]] = [[2 * d - 5, 2], [2 * d - 2, 1]]  // [start, duration]: "two", then "one"
        XCTAssertEqual(cues.count, 2, packets.stdout)
        for (cue, want) in zip(cues, expected) {
            XCTAssertEqual(cue.count, 2)
            for (got, value) in zip(cue, want) { XCTAssertEqual(got, value, accuracy: 0.0015, "\(cues) vs \(expected)") }
        }
        try FFmpegInput.run(["-i", "out.mkv", "-map", "0:s", "out.srt"], in: dir)
        let text = try String(contentsOf: dir.appendingPathComponent("out.srt"), encoding: .utf8)
        XCTAssertEqual(text.split(separator: "\n").filter { $0 == "one" || $0 == "two" }, ["two", "one"])
        // Into MP4 as timed text, the same cues (the samples with text; mp4mux writes empty ones
        // between them): the last one too, which mp4mux 1.22 alone ends early by the time of the
        // first cue (2D - 5, about 1 s here).
        let mp4 = try ToolProcess.run(["warp", "in.mkv", "out.mp4", "--reverse", "--factor", "2", "-q"], in: dir)
        XCTAssertEqual(mp4.status, 0, mp4.summary)
        let samples = try ToolProcess.run(program: "/usr/bin/ffprobe", ["-v", "error", "-select_streams", "s", "-show_entries",
                                                                        "packet=pts_time,duration_time,size", "-of", "csv=p=0",
                                                                        "out.mp4"], in: dir)
        let texts = samples.stdout.split(separator: "\n").map { $0.split(separator: ",").compactMap { Double($0) } }
            .filter { $0.count == 3 && $0[2] > 2 }
        XCTAssertEqual(texts.count, 2, samples.stdout)
        for (cue, want) in zip(texts, expected) {
            XCTAssertEqual(cue[0], want[0], accuracy: 0.0015, "MP4: \(texts) vs \(expected)")
            XCTAssertEqual(cue[1], want[1], accuracy: 0.0015, "MP4: \(texts) vs \(expected)")
        }
    }

    /// SSA/ASS into Matroska is reversed as it is, not as its text: the styles of the header
    /// stay, each event keeps its style and override tags, and its times go through the map as
    /// above (factor 2: "one" at [0.5, 1.0) to [2D - 2, 2D - 1), "two" at [1.5, 2.5) to
    /// [2D - 5, 2D - 3)). Before, the reader took the track as plain text (subrip).
    func testASSStaysASSWhenReversedIntoMatroska() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try """
            [Script Info]
            ScriptType: v4.00+
            PlayResX: 384
            PlayResY: 288

            [V4+ Styles]
            Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, \
            Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, \
            MarginR, MarginV, Encoding
            Style: Big,Arial,40,&H0000FFFF,&H000000FF,&H00000000,&H00000000,1,0,0,0,100,100,0,0,1,2,0,8,10,10,10,1

            [Events]
            Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
            Dialogue: 0,0:00:00.50,0:00:01.00,Big,,0,0,0,,{\\i1}one
            Dialogue: 0,0:00:01.50,0:00:02.50,Big,,0,0,0,,two

            """.write(to: dir.appendingPathComponent("in.ass"), atomically: true, encoding: .utf8)
        try FFmpegInput.run(["-f", "lavfi", "-i", "testsrc=size=64x48:rate=30:duration=3", "-i", "in.ass", "-map", "0", "-map", "1",
                    "-c:v", "libx264", "-g", "36", "-c:s", "ass", "in.mkv"], in: dir)
        let r = try ToolProcess.run(["warp", "in.mkv", "out.mkv", "--reverse", "--factor", "2", "-q"], in: dir)
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertEqual(try probe("stream=codec_name", "out.mkv", in: dir), ["h264", "ass"])
        let d = try XCTUnwrap(try probe("format=duration", "in.mkv", in: dir).first.flatMap { Double($0) })
        let cues = try ToolProcess.run(program: "/usr/bin/ffprobe", ["-v", "error", "-select_streams", "s", "-show_entries",
                                                                     "packet=pts_time,duration_time", "-of", "csv=p=0", "out.mkv"],
                                       in: dir).stdout.split(separator: "\n").map { $0.split(separator: ",").compactMap { Double($0) } }
        let expected: [[Double]] = [[2 * d - 5, 2], [2 * d - 2, 1]]
        XCTAssertEqual(cues.count, 2, "\(cues)")
        for (cue, want) in zip(cues, expected) {
            XCTAssertEqual(cue.count, 2)
            for (got, value) in zip(cue, want) { XCTAssertEqual(got, value, accuracy: 0.0015, "\(cues) vs \(expected)") }
        }
        try FFmpegInput.run(["-i", "out.mkv", "-map", "0:s", "out.ass"], in: dir)
        let script = try String(contentsOf: dir.appendingPathComponent("out.ass"), encoding: .utf8)
        XCTAssertTrue(script.contains("Style: Big,Arial,40,&H0000FFFF"), script)
        let events = script.split(whereSeparator: \.isNewline).filter { $0.hasPrefix("Dialogue:") }
        XCTAssertEqual(events.count, 2, script)
        XCTAssertTrue(events.allSatisfy { $0.contains(",Big,") }, script)
        XCTAssertTrue(events.contains { $0.hasSuffix("{\\i1}one") }, script)
    }

    /// Chapters are reversed through the map: a chapter [s, e] of the D-long input goes to
    /// [T(D) - T(e), T(D) - T(s)], listed in ascending order. By hand, factor 2 (T(t) = 2t) on a
    /// 2 s clip with A at [0, 1] and B at [1, 2]: B at [2D - 4, 2D - 2] = [0, 2], then A at [2, 4].
    func testChaptersAreReversedThroughTheMap() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try ";FFMETADATA1\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=0\nEND=1000\ntitle=A\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=1000\nEND=2000\ntitle=B\n"
            .write(to: dir.appendingPathComponent("meta.txt"), atomically: true, encoding: .utf8)
        try FFmpegInput.run(["-f", "lavfi", "-i", "testsrc=size=64x48:rate=30:duration=2", "-i", "meta.txt", "-map_chapters", "1",
                    "-c:v", "libx264", "in.mkv"], in: dir)
        let r = try ToolProcess.run(["warp", "in.mkv", "out.mkv", "--reverse", "--factor", "2", "-q"], in: dir)
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertFalse(r.stderr.contains("dropped:"), r.summary)
        let d = try XCTUnwrap(try probe("format=duration", "in.mkv", in: dir).first.flatMap { Double($0) })
        let chapters = try ToolProcess.run(program: "/usr/bin/ffprobe", ["-v", "error", "-show_entries",
                                                                         "chapter=start_time,end_time:chapter_tags=title",
                                                                         "-of", "csv=p=0", "out.mkv"], in: dir)
        let rows = chapters.stdout.split(separator: "\n").map { $0.split(separator: ",").map(String.init) }
        XCTAssertEqual(rows.map { $0.last ?? "" }, ["B", "A"], chapters.stdout)
        let expected = [[2 * d - 4, 2 * d - 2], [2 * d - 2, 2 * d]]
        for (row, want) in zip(rows, expected) {
            let times = row.prefix(2).compactMap { Double($0) }
            XCTAssertEqual(times.count, 2, chapters.stdout)
            for (got, value) in zip(times, want) { XCTAssertEqual(got, value, accuracy: 0.0015, chapters.stdout) }
        }
    }

    func testARotatedInputComesOutUpright() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try FFmpegInput.run(["-f", "lavfi", "-i", "testsrc=size=96x64:rate=30:duration=1", "-c:v", "libx264", "plain.mp4"], in: dir)
        try MediaProbe.rotatedCopy("plain.mp4", to: "in.mp4", in: dir)
        let r = try ToolProcess.run(["warp", "in.mp4", "out.mp4", "--reverse", "-q"], in: dir)
        XCTAssertEqual(r.status, 0, r.summary)
        // As the forward warp does (OrientationTests): the pixels turned, 64 wide and 96 high.
        XCTAssertEqual(try probe("stream=width,height", "out.mp4", in: dir), ["64,96"])
    }

    func testTheStoreIsGoneAfterFailure() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try makeInput("in.mkv", in: dir, seconds: 8, keyframeEvery: 60)
        // The input is emptied while the tool reads it (as when a card is pulled): the next
        // chunk cannot be read.
        var sawStore = false
        let r = try ToolProcess.run(["warp", "in.mkv", "out.mkv", "--reverse", "-q"], in: dir,
                                    environment: ["GST_WARP_LAUNCH_REVERSE_MEMORY": "0"]) { pid in
            sawStore = self.waitForStore(of: pid)
            truncate(dir.appendingPathComponent("in.mkv").path, 0)
        }
        XCTAssertTrue(sawStore, "the store was open, unnamed, while the tool ran: \(r.summary)")
        XCTAssertEqual(r.status, 1, r.summary)
        XCTAssertTrue(r.stderr.contains("nothing was written to 'out.mkv'"), r.summary)
        XCTAssertEqual(leftovers(in: dir, keeping: ["in.mkv"]), [], "no output, no store, no partial file")
    }

    func testTheStoreIsGoneAfterSIGTERM() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try makeInput("in.mkv", in: dir, seconds: 8, keyframeEvery: 60)
        // The store is open (a nameless file: /proc shows it as deleted) before the signal.
        var sawStore = false
        let r = try ToolProcess.run(["warp", "in.mkv", "out.mkv", "--reverse", "-q"], in: dir,
                                    environment: ["GST_WARP_LAUNCH_REVERSE_MEMORY": "0"]) { pid in
            sawStore = self.waitForStore(of: pid)
            kill(pid, SIGTERM)
        }
        XCTAssertTrue(sawStore, "the store was open, unnamed, while the tool ran: \(r.summary)")
        XCTAssertEqual(r.status, 128 + SIGTERM, r.summary)
        XCTAssertEqual(leftovers(in: dir, keeping: ["in.mkv"]), [], "no output, no store, no partial file")
    }
}
