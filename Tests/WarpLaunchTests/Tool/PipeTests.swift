import Foundation
import XCTest

/// Issue 22, item 3: `-` reads stdin and writes stdout; `-f` names the container. Measured from
/// the written file with measure_av.py (the end of the last frame and sample is read by
/// decoding; the duration in a pipe's Matroska header is the expected one, not a measurement).
final class PipeTests: XCTestCase {
    func testCatIntoWarpIntoAFile() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try MediaProbe.tickClip(seconds: 2, in: dir)
        let tool = try ToolProcess.executable.path
        let r = try ToolProcess.run(program: "/bin/sh",
                                    ["-c", "cat in.mkv | '\(tool)' warp - - -f matroska --speed 2 > out.mkv"], in: dir)
        XCTAssertEqual(r.status, 0, r.summary)
        // The plan went to stderr, the file alone to stdout.
        XCTAssertTrue(r.stderr.contains("Input:    stdin: 2.000 s"), r.summary)
        XCTAssertTrue(r.stderr.contains("Wrote:    stdout"), r.summary)
        let m = try MediaProbe.measure("out.mkv", in: dir)
        XCTAssertEqual(try XCTUnwrap(m.video).end, 1, accuracy: 0.05)
        XCTAssertEqual(try XCTUnwrap(m.audio).end, 1, accuracy: 0.03)
        // Nothing left behind: no spooled copy of stdin in the temporary directory.
        let spooled = (try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()))
            .filter { $0.hasPrefix(".gst-warp-launch-stdin") }
        XCTAssertEqual(spooled, [], "a spooled copy of stdin was left")
    }

    func testAPipesMatroskaHasTheExpectedDurationInItsHeader() throws {
        // 2 s at --speed 2: 1 s (D/2), written in the header's Segment Info, where ffprobe reads
        // it: a pipe's Matroska is not scanned to its end for a duration.
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ffprobe") else {
            throw XCTSkip("ffprobe is not installed (scripts/install-deps.sh installs ffmpeg)")
        }
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try MediaProbe.tickClip(seconds: 2, in: dir)
        let tool = try ToolProcess.executable.path
        for format in ["matroska", "webm"] {
            let r = try ToolProcess.run(program: "/bin/sh",
                                        ["-c", "'\(tool)' warp in.mkv - -f \(format) --speed 2 -q | cat > out.\(format)"], in: dir)
            XCTAssertEqual(r.status, 0, r.summary)
            let p = try ToolProcess.run(program: "/usr/bin/ffprobe",
                                        ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", "out.\(format)"], in: dir)
            let seconds = Double(p.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
            XCTAssertEqual(try XCTUnwrap(seconds, "\(format): \(p.summary)"), 1.0, accuracy: 0.001, format)
        }
    }

    func testFormatNamesTheContainerOfANameWithoutExtension() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try MediaProbe.tickClip(seconds: 1, in: dir)
        let r = try ToolProcess.run(["warp", "in.mkv", "noext", "-f", "webm", "-q"], in: dir)
        XCTAssertEqual(r.status, 0, r.summary)
        let d = try ToolProcess.run(program: "gst-discoverer-1.0", ["noext"], in: dir)
        XCTAssertTrue(d.stdout.contains("VP8"), d.stdout)
        XCTAssertTrue(d.stdout.contains("Opus"), d.stdout)
        for (args, text) in [(["in.mkv", "-"], "needs -f FORMAT"), (["in.mkv", "-", "-f", "mp4"], "seeks back in its output"),
                             (["in.mkv", "x", "-f", "matroksa"], "did you mean 'matroska'?")] {
            let bad = try ToolProcess.run(["warp"] + args, in: dir)
            XCTAssertEqual(bad.status, 2, bad.summary)
            XCTAssertTrue(bad.stderr.contains(text), bad.summary)
        }
    }
}
