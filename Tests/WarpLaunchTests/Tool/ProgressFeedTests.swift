import Foundation
import WarpLaunchKit
import XCTest

/// Issue 22, item 6: `-progress URL|-` writes ffmpeg's key=value blocks, the last ending with
/// progress=end; its numbers agree with the written file as gst-discoverer-1.0 reads it.
final class ProgressFeedTests: XCTestCase {
    /// The blocks of a feed, each as a dictionary.
    private func blocks(_ text: String) -> [[String: String]] {
        var result: [[String: String]] = [], current: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let eq = line.firstIndex(of: "=") else { continue }
            current[String(line[..<eq])] = String(line[line.index(after: eq)...])
            if line.hasPrefix("progress=") { result.append(current); current = [:] }
        }
        return result
    }

    func testProgressToStdoutEndsWithProgressEnd() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try MediaProbe.tickClip(seconds: 2, in: dir)
        let r = try ToolProcess.run(["warp", "in.mkv", "out.mkv", "--speed", "0.5", "-q", "-progress", "-"], in: dir)
        XCTAssertEqual(r.status, 0, r.summary)
        let feed = blocks(r.stdout)
        let last = try XCTUnwrap(feed.last, r.stdout)
        XCTAssertEqual(last["progress"], "end")
        XCTAssertTrue(feed.dropLast().allSatisfy { $0["progress"] == "continue" }, r.stdout)
        XCTAssertTrue(r.stdout.hasSuffix("progress=end\n"), r.stdout)
        // 50 frames at half speed and 25 fps: 100 frames, 4 s, as the file says.
        XCTAssertEqual(last["frame"], "100")
        let us = try XCTUnwrap(Double(last["out_time_us"] ?? ""))
        let measured = try XCTUnwrap(MediaProbe.duration("out.mkv", in: dir))
        XCTAssertEqual(us / 1e6, measured, accuracy: 0.05)
        XCTAssertEqual(us / 1e6, 4, accuracy: 0.05)
        XCTAssertNotNil(last["out_time"])
        XCTAssertTrue(last["speed"]?.hasSuffix("x") == true, "\(last)")
    }

    func testProgressToAFileAndRefusals() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try MediaProbe.tickClip(seconds: 1, in: dir)
        let r = try ToolProcess.run(["warp", "in.mkv", "out.mkv", "-q", "-progress", "file:feed.txt"], in: dir)
        XCTAssertEqual(r.status, 0, r.summary)
        let text = try String(contentsOf: dir.appendingPathComponent("feed.txt"), encoding: .utf8)
        XCTAssertEqual(blocks(text).last?["progress"], "end", text)
        let both = try ToolProcess.run(["warp", "in.mkv", "-", "-f", "matroska", "-progress", "-"], in: dir)
        XCTAssertEqual(both.status, 2, both.summary)
        let net = try ToolProcess.run(["warp", "in.mkv", "o.mkv", "-progress", "tcp://127.0.0.1:9"], in: dir)
        XCTAssertEqual(net.status, 2, net.summary)
    }

    func testBlockFormat() {
        XCTAssertEqual(ProgressFeed.block(outputSeconds: 3723.5, frames: 10, elapsed: 2, finished: true),
                       "frame=10\nfps=5.00\nout_time_us=3723500000\nout_time_ms=3723500000\nout_time=01:02:03.500000\n"
                       + "speed=1861.750x\nprogress=end\n")
        XCTAssertEqual(ProgressFeed.Target("-"), .descriptor(1))
        XCTAssertEqual(ProgressFeed.Target("pipe:2"), .descriptor(2))
        XCTAssertEqual(ProgressFeed.Target("file:a.txt"), .file("a.txt"))
        XCTAssertNil(ProgressFeed.Target("http://x"))
    }
}
