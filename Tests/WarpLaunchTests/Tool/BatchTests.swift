import Foundation
import XCTest

/// Issue 22, item 5: `warp IN... -o DIR -j N` warps many files with one curve, one bar and a
/// table; a failure in one file does not stop the others, and the status says whether all were
/// written. Each output is measured by gst-discoverer-1.0.
final class BatchTests: XCTestCase {
    func testThreeFilesTwoAtOnceOneBroken() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try MediaProbe.tickClip("a.mkv", seconds: 1, in: dir)
        try FileManager.default.copyItem(at: dir.appendingPathComponent("a.mkv"), to: dir.appendingPathComponent("b.mkv"))
        try FileManager.default.copyItem(at: dir.appendingPathComponent("a.mkv"), to: dir.appendingPathComponent("c.mkv"))
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("out"), withIntermediateDirectories: false)
        let all = try ToolProcess.run(["warp", "a.mkv", "b.mkv", "c.mkv", "-o", "out/", "-j", "2", "--speed", "0.5"], in: dir)
        XCTAssertEqual(all.status, 0, all.summary)
        XCTAssertTrue(all.stdout.contains("3 of 3 written"), all.stdout)
        for name in ["a.mkv", "b.mkv", "c.mkv"] {
            // 1 s at half speed: 2 s.
            XCTAssertEqual(try XCTUnwrap(MediaProbe.duration("out/\(name)", in: dir)), 2, accuracy: 0.06, name)
            XCTAssertTrue(all.stdout.contains("wrote out/\(name)"), all.stdout)
        }
        // One broken input among three: the other two are written, the status is 1.
        try Data("not media".utf8).write(to: dir.appendingPathComponent("b.mkv"))
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("out2"), withIntermediateDirectories: false)
        let one = try ToolProcess.run(["warp", "a.mkv", "b.mkv", "c.mkv", "--output-dir", "out2", "-j", "2", "-f", "webm"], in: dir)
        XCTAssertEqual(one.status, 1, one.summary)
        XCTAssertTrue(one.stdout.contains("2 of 3 written, 1 failed"), one.stdout)
        XCTAssertTrue(one.stdout.contains("FAILED: cannot read 'b.mkv'"), one.stdout)
        XCTAssertEqual(ToolProcess.contents(of: dir.appendingPathComponent("out2")), ["a.webm", "c.webm"])
        for name in ["a.webm", "c.webm"] {
            XCTAssertEqual(try XCTUnwrap(MediaProbe.duration("out2/\(name)", in: dir)), 1, accuracy: 0.06, name)
        }
    }

    func testEachFileOfABatchPlaysTheRemapCurve() throws {
        // A 1 s clip with --boomerang lasts 2 s (forwards, then back); --remap '0:0, 1:1, 3:0'
        // lasts 3 s (its last key). Before the batch forwarded them, each child played it plainly.
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try MediaProbe.tickClip("a.mkv", seconds: 1, in: dir)
        try FileManager.default.copyItem(at: dir.appendingPathComponent("a.mkv"), to: dir.appendingPathComponent("b.mkv"))
        for (folder, curve, seconds) in [("boomerang", ["--boomerang"], 2.0), ("remap", ["--remap", "0s:0s, 1s:1s, 3s:0s"], 3.0)] {
            try FileManager.default.createDirectory(at: dir.appendingPathComponent(folder), withIntermediateDirectories: false)
            let r = try ToolProcess.run(["warp", "a.mkv", "b.mkv", "-o", folder] + curve, in: dir)
            XCTAssertEqual(r.status, 0, r.summary)
            for name in ["a.mkv", "b.mkv"] {
                XCTAssertEqual(try XCTUnwrap(MediaProbe.duration("\(folder)/\(name)", in: dir)), seconds, accuracy: 0.06,
                               "\(folder) \(name)")
            }
        }
    }

    func testBatchUsageErrors() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        for (args, text) in [(["a.mkv", "b.mkv", "-j", "2"], "-j has no effect without -o DIR"),
                             (["a.mkv", "b.mkv", "c.mkv"], "3 files given"),
                             (["a.mkv", "-o", "out", "-j", "0"], "-j must be at least 1"),
                             (["-", "-o", "out"], "stdin (-) is for one input"),
                             (["a/x.mkv", "b/x.mkv", "-o", "out"], "would both be written to 'out/x.mkv'")] {
            let r = try ToolProcess.run(["warp"] + args, in: dir)
            XCTAssertEqual(r.status, 2, r.summary)
            XCTAssertTrue(r.stderr.contains(text), "\(args): \(r.summary)")
        }
    }
}
