import XCTest

/// `gst-warp-launch warp --flow`: the plan says frames are made along the motion, and the run
/// succeeds; --flow with --blend is a bad usage.
final class FlowOptionTests: XCTestCase {
    func testFlowIsInThePlanAndTheRunSucceeds() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try ToolProcess.makeClip("in.mp4", in: dir)
        let r = try ToolProcess.run(["warp", "in.mp4", "out.mp4", "--function", "constant", "--factor", "2", "--flow"],
                                    in: dir)
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertTrue(r.stdout.contains("Frames:   flow:"), r.summary)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.mp4").path))
    }

    func testFlowWithBlendIsABadUsage() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        let r = try ToolProcess.run(["warp", "in.mp4", "out.mp4", "--blend", "--flow"], in: dir)
        XCTAssertEqual(r.status, 2, r.summary)
        XCTAssertTrue(r.stderr.contains("--blend and --flow are two frame modes"), r.summary)
    }
}
