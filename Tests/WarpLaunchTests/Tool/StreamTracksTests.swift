import Foundation
import XCTest

/// Issue 20, every stream kept: an MKV made by ffmpeg with two audio tracks (language and
/// title tags), SRT subtitles and chapters, warped with `function=triangle factor=2`; the
/// written file read back with ffprobe. Cue and chapter times are checked against the closed
/// form T(t) within one frame, every track's end against T(D).
final class StreamTracksTests: XCTestCase {
    static let ffmpeg = "/usr/bin/ffmpeg", ffprobe = "/usr/bin/ffprobe"
    /// One frame at 25 fps.
    static let frame = 0.04

    /// T(t) of `function=triangle factor=2 modifier=0.5` on D, from its definition:
    /// s(u) = 1 + (f − 1)·max(0, 1 − |u − ½| / (w/2)) with f = 2, w = ½, integrated by hand.
    static func warped(_ t: Double, duration d: Double) -> Double {
        let u = t / d
        let area: Double
        switch u {
        case ..<0.25: area = 0
        case ..<0.5: area = 2 * (u - 0.25) * (u - 0.25)
        case ..<0.75: area = 0.25 - 2 * (0.75 - u) * (0.75 - u)
        default: area = 0.25
        }
        return t + d * area
    }

    /// 5 s of 160x120 H.264 at 25 fps, two Vorbis tracks (eng "English", fra "Français"), an SRT
    /// track with cues at 1–2 s and 3–4.5 s, two chapters (0 s, 2 s) and a global title.
    private func makeInput(in dir: URL) throws -> Double {
        for tool in [Self.ffmpeg, Self.ffprobe] where !FileManager.default.isExecutableFile(atPath: tool) {
            throw XCTSkip("\(tool) is not installed (scripts/install-deps.sh installs ffmpeg)")
        }
        try "1\n00:00:01,000 --> 00:00:02,000\nfirst cue\n\n2\n00:00:03,000 --> 00:00:04,500\nsecond cue\n"
            .write(to: dir.appendingPathComponent("in.srt"), atomically: true, encoding: .utf8)
        try ";FFMETADATA1\ntitle=My Film: a test\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=0\nEND=2000\ntitle=Opening\n"
            .appending("[CHAPTER]\nTIMEBASE=1/1000\nSTART=2000\nEND=5000\ntitle=Second\n")
            .write(to: dir.appendingPathComponent("meta.txt"), atomically: true, encoding: .utf8)
        let r = try ToolProcess.run(program: Self.ffmpeg, ["-v", "error", "-y",
            "-f", "lavfi", "-i", "testsrc=size=160x120:rate=25:duration=5",
            "-f", "lavfi", "-i", "sine=f=440:duration=5", "-f", "lavfi", "-i", "sine=f=660:duration=5",
            "-i", "in.srt", "-i", "meta.txt",
            "-map", "0", "-map", "1", "-map", "2", "-map", "3", "-map_metadata", "4", "-map_chapters", "4",
            "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "libvorbis", "-c:s", "srt",
            "-metadata:s:a:0", "language=eng", "-metadata:s:a:0", "title=English",
            "-metadata:s:a:1", "language=fra", "-metadata:s:a:1", "title=Français", "in.mkv"], in: dir)
        guard r.status == 0 else { throw XCTSkip("ffmpeg cannot make the test input: \(r.summary)") }
        let d = try probe(["-show_entries", "format=duration"], "in.mkv", in: dir)
        return try XCTUnwrap(Double(d.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    private func probe(_ entries: [String], _ name: String, in dir: URL) throws -> String {
        let r = try ToolProcess.run(program: Self.ffprobe, ["-v", "error"] + entries + ["-of", "csv=p=0", name], in: dir)
        XCTAssertEqual(r.status, 0, r.summary)
        return r.stdout
    }

    private func numbers(_ text: String) -> [[Double]] {
        text.split(separator: "\n").map { $0.split(separator: ",").compactMap { Double($0) } }.filter { !$0.isEmpty }
    }

    func testEveryTrackSubtitlesAndChaptersAreWarped() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        let d = try makeInput(in: dir)
        let r = try ToolProcess.run(["warp", "in.mkv", "out.mkv", "--function", "triangle", "--factor", "2", "-q"], in: dir)
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertFalse(r.stderr.contains("dropped:"), "nothing is dropped into Matroska: \(r.stderr)")

        // The streams, with the audio tracks' languages and titles.
        let streams = try probe(["-show_entries", "stream=codec_type:stream_tags=language,title"], "out.mkv", in: dir)
        let lines = streams.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.map { $0.split(separator: ",").first.map(String.init) ?? "" },
                       ["video", "audio", "audio", "subtitle"], streams)
        XCTAssertTrue(lines.contains { $0.hasPrefix("audio,eng") && $0.contains("English") }, streams)
        XCTAssertTrue(lines.contains { $0.hasPrefix("audio,fre") || $0.hasPrefix("audio,fra") }, streams)
        // The titles as the input has them (matroskamux 1.22 alone writes `"My\ Film:\ a\ test"`
        // and `"Fran\303\247ais"`; the tool puts the text back).
        let titles = try probe(["-show_entries", "format_tags=title:stream_tags=title"], "out.mkv", in: dir)
            .split(separator: "\n").map(String.init)
        XCTAssertTrue(titles.contains("My Film: a test"), titles.description)
        XCTAssertTrue(titles.contains("English") && titles.contains("Français"), titles.description)
        XCTAssertFalse(titles.contains { $0.contains("\\") || $0.contains("\"") }, titles.description)

        // Every audio track ends at T(D) (its last packet's end; Opus packets are 20 ms).
        let end = Self.warped(d, duration: d)
        for track in 0..<2 {
            let packets = numbers(try probe(["-select_streams", "a:\(track)", "-show_entries", "packet=pts_time,duration_time"],
                                            "out.mkv", in: dir))
            let last = try XCTUnwrap(packets.last)
            XCTAssertEqual(last[0] + (last.count > 1 ? last[1] : 0), end, accuracy: Self.frame + 0.02, "audio track \(track)")
        }

        // The cues at T(start) and T(end).
        let cues = numbers(try probe(["-select_streams", "s:0", "-show_entries", "packet=pts_time,duration_time"],
                                     "out.mkv", in: dir))
        XCTAssertEqual(cues.count, 2, "\(cues)")
        for (cue, (start, stop)) in zip(cues, [(1.0, 2.0), (3.0, 4.5)]) where cue.count == 2 {
            XCTAssertEqual(cue[0], Self.warped(start, duration: d), accuracy: Self.frame, "cue at \(start) s")
            XCTAssertEqual(cue[0] + cue[1], Self.warped(stop, duration: d), accuracy: Self.frame, "cue ending at \(stop) s")
        }
        // Exactly: ffmpeg's MKV has its cues at 1.003 s and 3.003 s (and its video from 0.003 s,
        // ffprobe), not at the SRT's 1 s and 3 s. Through T from the input's own cue times they
        // land within Matroska's 1 ms.
        let inputCues = numbers(try probe(["-select_streams", "s:0", "-show_entries", "packet=pts_time,duration_time"],
                                          "in.mkv", in: dir))
        XCTAssertEqual(inputCues.count, 2, "\(inputCues)")
        for (cue, input) in zip(cues, inputCues) where cue.count == 2 && input.count == 2 {
            XCTAssertEqual(cue[0], Self.warped(input[0], duration: d), accuracy: 0.0015, "cue at \(input[0]) s")
            XCTAssertEqual(cue[0] + cue[1], Self.warped(input[0] + input[1], duration: d), accuracy: 0.0015,
                           "cue ending at \(input[0] + input[1]) s")
        }

        // The chapters at T(start).
        let chapters = numbers(try probe(["-show_entries", "chapter=start_time"], "out.mkv", in: dir)).map { $0[0] }
        XCTAssertEqual(chapters.count, 2, "\(chapters)")
        for (chapter, start) in zip(chapters, [0.0, 2.0]) {
            XCTAssertEqual(chapter, Self.warped(start, duration: d), accuracy: Self.frame, "chapter at \(start) s")
        }
    }

    /// MP4 and QuickTime take the subtitles as timed text, each cue at T(its start) to T(its
    /// end) of the input's own cue times (ffprobe), the last one too: mp4mux 1.22 alone ends the
    /// last cue early by the time of the first (4.751 s instead of 5.753 s here).
    func testSubtitlesIntoMP4AndMOVLandAtTheirTimes() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        let d = try makeInput(in: dir)
        let inputCues = numbers(try probe(["-select_streams", "s:0", "-show_entries", "packet=pts_time,duration_time"],
                                          "in.mkv", in: dir))
        XCTAssertEqual(inputCues.count, 2, "\(inputCues)")
        // .m4a (MP4 holding audio only) keeps the cues as timed text too: their pads never came
        // before (the decoder stopped at audio alone) and the muxer waited for them forever.
        for (name, extra) in [("out.mp4", ["-an"]), ("out.mov", ["-an"]), ("out.m4a", [])] {
            let r = try ToolProcess.run(["warp", "in.mkv", name, "--function", "triangle", "--factor", "2", "-q"] + extra,
                                        in: dir, timeout: 60)
            XCTAssertEqual(r.status, 0, r.summary)
            XCTAssertEqual(try probe(["-select_streams", "s:0", "-show_entries", "stream=codec_name"], name, in: dir)
                            .trimmingCharacters(in: .whitespacesAndNewlines), "mov_text", name)
            // The cues with text (mp4mux writes empty samples between and before them).
            let packets = numbers(try probe(["-select_streams", "s:0", "-show_entries", "packet=pts_time,duration_time,size"],
                                            name, in: dir)).filter { $0.count == 3 && $0[2] > 2 }
            XCTAssertEqual(packets.count, 2, "\(name): \(packets)")
            for (cue, input) in zip(packets, inputCues) where input.count == 2 {
                XCTAssertEqual(cue[0], Self.warped(input[0], duration: d), accuracy: 0.0015, "\(name): cue at \(input[0]) s")
                XCTAssertEqual(cue[0] + cue[1], Self.warped(input[0] + input[1], duration: d), accuracy: 0.0015,
                               "\(name): cue ending at \(input[0] + input[1]) s")
            }
        }
    }

    /// SSA/ASS and WebVTT tracks in an MKV made by ffmpeg (from the same SRT): ASS stays ASS in
    /// Matroska (its styles kept) and becomes timed text in MP4, each cue at T of the input's
    /// cue times; WebVTT in Matroska, which GStreamer 1.22 cannot read (D_WEBVTT), is named as
    /// dropped while the rest is written.
    func testASSAndWebVTTTracks() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        _ = try makeInput(in: dir)
        for codec in ["ass", "webvtt"] {
            let r = try ToolProcess.run(program: Self.ffmpeg, ["-v", "error", "-y", "-f", "lavfi", "-i",
                                                               "testsrc=size=160x120:rate=25:duration=5", "-i", "in.srt",
                                                               "-map", "0", "-map", "1", "-c:v", "libx264", "-preset", "ultrafast",
                                                               "-c:s", codec, "\(codec).mkv"], in: dir)
            guard r.status == 0 else { throw XCTSkip("ffmpeg cannot make the \(codec) input: \(r.summary)") }
        }
        let d = try XCTUnwrap(Double(try probe(["-show_entries", "format=duration"], "ass.mkv", in: dir)
                                        .trimmingCharacters(in: .whitespacesAndNewlines)))
        let inputCues = numbers(try probe(["-select_streams", "s:0", "-show_entries", "packet=pts_time,duration_time"],
                                          "ass.mkv", in: dir))
        XCTAssertEqual(inputCues.count, 2, "\(inputCues)")
        for (output, codec) in [("ass-out.mkv", "ass"), ("ass-out.mp4", "mov_text")] {
            let r = try ToolProcess.run(["warp", "ass.mkv", output, "--function", "triangle", "--factor", "2", "-q"], in: dir)
            XCTAssertEqual(r.status, 0, r.summary)
            XCTAssertFalse(r.stderr.contains("dropped:"), r.stderr)
            XCTAssertEqual(try probe(["-select_streams", "s:0", "-show_entries", "stream=codec_name"], output, in: dir)
                            .trimmingCharacters(in: .whitespacesAndNewlines), codec, output)
            let cues = numbers(try probe(["-select_streams", "s:0", "-show_entries", "packet=pts_time,duration_time,size"],
                                         output, in: dir)).filter { $0.count == 3 && $0[2] > 2 }
            XCTAssertEqual(cues.count, 2, "\(output): \(cues)")
            for (cue, input) in zip(cues, inputCues) where input.count == 2 {
                XCTAssertEqual(cue[0], Self.warped(input[0], duration: d), accuracy: 0.0015, "\(output): cue at \(input[0]) s")
                XCTAssertEqual(cue[0] + cue[1], Self.warped(input[0] + input[1], duration: d), accuracy: 0.0015,
                               "\(output): cue ending at \(input[0] + input[1]) s")
            }
        }
        let r = try ToolProcess.run(["warp", "webvtt.mkv", "vtt-out.mkv", "--factor", "2", "-q"], in: dir)
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertEqual(r.stderr.split(separator: "\n").filter { $0.hasPrefix("dropped: stream 1 (") }.count, 1, r.stderr)
        XCTAssertEqual(try probe(["-show_entries", "stream=codec_type"], "vtt-out.mkv", in: dir).split(separator: "\n"), ["video"])
    }

    func testSelectionAndWhatCannotBeCarried() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        _ = try makeInput(in: dir)
        // MP4: both audio tracks and the subtitles (mov_text); the chapters and the track names,
        // which mp4mux does not write, named as dropped (ffprobe finds none in the file).
        var r = try ToolProcess.run(["warp", "in.mkv", "out.mp4", "--factor", "2", "-q"], in: dir)
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertEqual(r.stderr.split(separator: "\n").filter { $0.hasPrefix("dropped:") },
                       ["dropped: 2 chapters: not written in .mp4 output (.mkv and .webm keep them)",
                        "dropped: the audio track names \"English\", \"Français\": not written in .mp4 output (.mkv and .webm keep them)"],
                       r.stderr)
        XCTAssertEqual(try probe(["-show_entries", "chapter=start_time"], "out.mp4", in: dir), "")
        XCTAssertEqual(try probe(["-show_entries", "stream_tags=title"], "out.mp4", in: dir)
                        .split(separator: "\n").filter { $0.contains("English") || $0.contains("Fran") }, [])
        XCTAssertEqual(try probe(["-show_entries", "stream=codec_type"], "out.mp4", in: dir)
                        .split(separator: "\n"), ["video", "audio", "audio", "subtitle"])
        // -sn: no subtitles, and nothing said about them; -map 0:v -map 0:a:1: the second track only.
        r = try ToolProcess.run(["warp", "in.mkv", "sn.mkv", "--factor", "2", "-q", "-sn"], in: dir)
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertFalse(r.stderr.contains("dropped:"), r.stderr)
        XCTAssertEqual(try probe(["-show_entries", "stream=codec_type"], "sn.mkv", in: dir)
                        .split(separator: "\n"), ["video", "audio", "audio"])
        r = try ToolProcess.run(["warp", "in.mkv", "map.mkv", "--factor", "2", "-q", "-map", "0:v", "-map", "0:a:1"], in: dir)
        XCTAssertEqual(r.status, 0, r.summary)
        let mapped = try probe(["-show_entries", "stream=codec_type:stream_tags=language"], "map.mkv", in: dir)
        XCTAssertEqual(mapped.split(separator: "\n").count, 2, mapped)
        XCTAssertTrue(mapped.contains("audio,fre") || mapped.contains("audio,fra"), mapped)
    }
}
