import Foundation
import XCTest

/// Issue 22, item 2: `-ss`/`-to`/`-t` with ffmpeg's names (the curve spans the part: D is its
/// length), and stream selection with `-an`, `-vn`, `--audio-track` and `-map`. Measured from
/// the written files with measure_av.py and gst-discoverer-1.0.
final class TrimAndSelectTests: XCTestCase {
    /// triangle, factor 2, modifier 0.5: s(u) = 1 + tri(u), tri rising linearly from 0 at
    /// u = 1/4 to 1 at 1/2 and back to 0 at 3/4; F(u) = u + the area under tri up to u.
    static func triangleF(_ u: Double) -> Double {
        if u <= 0.25 { return u }
        if u <= 0.5 { return u + (u - 0.25) * (u - 0.25) / 0.5 }
        if u <= 0.75 { return u + 0.125 + (0.0625 - (0.75 - u) * (0.75 - u)) / 0.5 }
        return u + 0.25
    }

    func testTrimmedPartCarriesTheWholeTriangle() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try MediaProbe.tickClip(seconds: 4, in: dir)
        let r = try ToolProcess.run(["warp", "in.mkv", "tri.mkv", "-ss", "1", "-t", "2", "--function", "triangle", "--factor", "2"],
                                    in: dir)
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertTrue(r.stdout.contains("Part:     1.000 s to 3.000 s of the input"), r.stdout)
        XCTAssertTrue(r.stdout.contains("D = 2.000 s"), r.stdout)
        // D = 2 s and F(1) = 1.25: 2.5 s.
        XCTAssertEqual(try XCTUnwrap(MediaProbe.duration("tri.mkv", in: dir)), 2.5, accuracy: 0.06)
        // Each input tick t inside the part (not the one cut at its start) lands at D F((t - 1) / D).
        let input = try XCTUnwrap(MediaProbe.measure("in.mkv", in: dir).audio).onsets.filter { $0 > 1.05 && $0 < 3 }
        let output = try XCTUnwrap(MediaProbe.measure("tri.mkv", in: dir).audio).onsets.filter { $0 > 0.02 }
        XCTAssertEqual(output.count, input.count, "in \(input), out \(output)")
        for (t, out) in zip(input, output) {
            XCTAssertEqual(out, 2 * Self.triangleF((t - 1) / 2), accuracy: 0.005, "tick at \(t) s")
        }
        // -to in [hh:]mm:ss gives the same part.
        let to = try ToolProcess.run(["warp", "in.mkv", "to.mkv", "-ss", "0:01", "-to", "00:00:03", "--function", "triangle",
                                      "--factor", "2", "-q"], in: dir)
        XCTAssertEqual(to.status, 0, to.summary)
        XCTAssertEqual(try XCTUnwrap(MediaProbe.duration("to.mkv", in: dir)), 2.5, accuracy: 0.06)
    }

    /// AAC decodes to planar audio: the cut comes after audioconvert, by whole frames.
    func testTrimOfAnMP4WithAAC() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try ToolProcess.makeClip("in.mp4", in: dir, seconds: 2)
        let r = try ToolProcess.run(["warp", "in.mp4", "part.mp4", "-ss", "0.5", "-t", "1", "--speed", "0.5", "-q"], in: dir)
        XCTAssertEqual(r.status, 0, r.summary)
        let m = try MediaProbe.measure("part.mp4", in: dir)
        XCTAssertEqual(try XCTUnwrap(m.video).end, 2, accuracy: 0.05)
        XCTAssertEqual(try XCTUnwrap(m.audio).end, 2, accuracy: 0.05)
    }

    func testTrimErrors() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try MediaProbe.tickClip(seconds: 1, in: dir)
        let both = try ToolProcess.run(["warp", "in.mkv", "o.mkv", "-to", "1", "-t", "1"], in: dir)
        XCTAssertEqual(both.status, 2, both.summary)
        let bad = try ToolProcess.run(["warp", "in.mkv", "o.mkv", "-ss", "1:75"], in: dir)
        XCTAssertEqual(bad.status, 2, bad.summary)
        let past = try ToolProcess.run(["warp", "in.mkv", "o.mkv", "-ss", "5"], in: dir)
        XCTAssertEqual(past.status, 1, past.summary)
        XCTAssertTrue(past.stderr.contains("past the end of the input, which lasts 1.000 s"), past.summary)
        XCTAssertEqual(ToolProcess.contents(of: dir), ["in.mkv"])
    }

    func testNoAudioAndNoVideo() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try MediaProbe.tickClip(seconds: 1, in: dir)
        XCTAssertEqual(try ToolProcess.run(["warp", "in.mkv", "an.mp4", "-an", "-q"], in: dir).status, 0)
        XCTAssertEqual(try ToolProcess.run(["warp", "in.mkv", "vn.mkv", "-vn", "-q"], in: dir).status, 0)
        let an = try MediaProbe.measure("an.mp4", in: dir), vn = try MediaProbe.measure("vn.mkv", in: dir)
        XCTAssertNil(an.audio)
        XCTAssertEqual(try XCTUnwrap(an.video).end, 1, accuracy: 0.05)
        XCTAssertNil(vn.video)
        XCTAssertEqual(try XCTUnwrap(vn.audio).end, 1, accuracy: 0.03)
        let none = try ToolProcess.run(["warp", "in.mkv", "x.mkv", "-an", "-vn"], in: dir)
        XCTAssertEqual(none.status, 2, none.summary)
    }

    func testAudioTrackAndMapChooseTheSecondTrack() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        // Track 1 ticks every 0.5 s, track 2 every 0.25 s.
        let made = try ToolProcess.run(["-q",
            "videotestsrc", "num-buffers=25", "!", "video/x-raw,width=160,height=90,framerate=25/1",
            "!", "x264enc", "speed-preset=ultrafast", "!", "h264parse", "!", "queue", "!", "mux.",
            "audiotestsrc", "wave=ticks", "tick-interval=500000000", "samplesperbuffer=960", "num-buffers=50",
            "!", "audio/x-raw,format=S16LE,rate=48000,channels=1", "!", "queue", "!", "mux.",
            "audiotestsrc", "wave=ticks", "tick-interval=250000000", "samplesperbuffer=960", "num-buffers=50",
            "!", "audio/x-raw,format=S16LE,rate=48000,channels=1", "!", "queue", "!", "mux.",
            "matroskamux", "name=mux", "!", "filesink", "location=two.mkv"], in: dir)
        guard made.status == 0 else { throw XCTSkip("cannot make the two-track clip: \(made.summary)") }
        let first = try ToolProcess.run(["warp", "two.mkv", "first.mkv", "-q"], in: dir)
        XCTAssertEqual(first.status, 0, first.summary)
        let second = try ToolProcess.run(["warp", "two.mkv", "second.mkv", "--audio-track", "2", "-q"], in: dir)
        XCTAssertEqual(second.status, 0, second.summary)
        let mapped = try ToolProcess.run(["warp", "two.mkv", "mapped.mkv", "-map", "0:v", "-map", "0:a:1", "-q"], in: dir)
        XCTAssertEqual(mapped.status, 0, mapped.summary)
        // The gaps between ticks tell the tracks apart: about 0.5 s in track 1, 0.25 s in track 2.
        func gap(_ name: String) throws -> Double {
            let onsets = try XCTUnwrap(MediaProbe.measure(name, in: dir).audio).onsets
            guard onsets.count >= 3 else { XCTFail("\(name): \(onsets)"); return 0 }
            return onsets[2] - onsets[1]
        }
        XCTAssertEqual(try gap("first.mkv"), 0.5, accuracy: 0.05)
        XCTAssertEqual(try gap("second.mkv"), 0.25, accuracy: 0.05)
        XCTAssertEqual(try gap("mapped.mkv"), 0.25, accuracy: 0.05)
        XCTAssertNotNil(try MediaProbe.measure("mapped.mkv", in: dir).video)
        let missing = try ToolProcess.run(["warp", "two.mkv", "third.mkv", "--audio-track", "3"], in: dir)
        XCTAssertEqual(missing.status, 1, missing.summary)
        XCTAssertTrue(missing.stderr.contains("has 2 audio tracks, so there is no audio track 3"), missing.summary)
    }
}
