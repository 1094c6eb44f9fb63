import Foundation
import XCTest

/// Issue 22, item 8: the demo's lines are right from where the user stands and name the
/// program as it was run; `help demo` says what the demo does; `help warp` starts with the
/// five most common recipes.
final class DemoAndHelpTests: XCTestCase {
    func testDemoWritesIntoItsDirectoryAndNamesPathsFromWhereTheUserStands() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("out"), withIntermediateDirectories: false)
        let tool = try ToolProcess.executable.path
        let r = try ToolProcess.run(["demo", "out"], in: dir, timeout: 300)
        XCTAssertEqual(r.status, 0, r.summary)
        for line in ["Play it:   gst-play-1.0 out/demo-warped.mp4", "Compare:   gst-play-1.0 out/demo-original.mp4",
                     "The curve: out/demo-warped.svg",
                     "\(tool) plot --function double-smoothstep --factor 1.5 --duration 10",
                     "Curve:    function=double-smoothstep factor=1.5 modifier=0.5"] {
            XCTAssertTrue(r.stdout.contains(line), "missing '\(line)' in:\n\(r.stdout)")
        }
        XCTAssertEqual(Set(ToolProcess.contents(of: dir.appendingPathComponent("out"))),
                       ["demo-original.mp4", "demo-warped.mp4", "demo-warped-preserve.mp4", "demo-warped.svg"])
        // Double smoothstep, factor 1.5, modifier 0.5: ramps on [1/8, 3/8] and [5/8, 7/8] that
        // average 1.25, 1.5 between them, so F(1) = 1/4 + 2 * (1/4 * 1.25) + 1/4 * 1.5 = 1.25: 12.5 s.
        XCTAssertEqual(try XCTUnwrap(MediaProbe.duration("out/demo-warped.mp4", in: dir)), 12.5, accuracy: 1.0 / 30 + 0.03)
    }

    func testHelpDemoSaysWhatItDoesAndHelpWarpStartsWithFiveRecipes() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        let demo = try ToolProcess.run(["help", "demo"], in: dir)
        XCTAssertEqual(demo.status, 0, demo.summary)
        XCTAssertTrue(demo.stdout.contains("Generate a 10 s test clip and warp it"), demo.stdout)
        XCTAssertTrue(demo.stdout.contains("demo-warped.mp4"), demo.stdout)
        let warp = try ToolProcess.run(["help", "warp"], in: dir)
        XCTAssertEqual(warp.status, 0, warp.summary)
        let lines = warp.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        // OVERVIEW (the abstract), then the recipes before anything else.
        let start = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("The five most common recipes") }, warp.stdout)
        XCTAssertTrue(lines[..<start].allSatisfy { !$0.hasPrefix("gst-warp-launch") && !$0.hasPrefix("USAGE") }, warp.stdout)
        // The paragraph's second line, then the five commands.
        let recipes = lines[(start + 1)...].prefix(6).filter { $0.hasPrefix("gst-warp-launch warp ") }
        XCTAssertEqual(recipes.count, 5, warp.stdout)
        XCTAssertTrue(recipes.contains { $0.contains("--speed 0.5") }, warp.stdout)
    }

    func testHelpWarpDescribesSubtitlesAndAudioTracksAsTheyAreWritten() throws {
        // Subtitle tracks are written (texttimewarp), so -sn leaves them out; without
        // --audio-track every audio track is kept (StreamTracksTests), not the first alone.
        let dir = try ToolProcess.temporaryDirectory(for: self)
        let warp = try ToolProcess.run(["help", "warp"], in: dir)
        XCTAssertEqual(warp.status, 0, warp.summary)
        // The help wraps its lines: compare with all white space as one space.
        let text = warp.stdout.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        let sn = try XCTUnwrap(text.range(of: "-sn ").map { String(text[$0.lowerBound...].prefix(120)) }, text)
        XCTAssertFalse(sn.contains("yet"), sn)
        XCTAssertTrue(sn.contains("No subtitles: leave the subtitle tracks out"), sn)
        let track = try XCTUnwrap(text.range(of: "--audio-track <n> ").map { String(text[$0.lowerBound...].prefix(160)) }, text)
        XCTAssertFalse(track.contains("default: the first"), track)
        XCTAssertTrue(track.contains("default: every audio track is kept"), track)
    }
}
