import XCTest

/// `gst-warp-launch warp --blend`: the plan says the frames are blended, and the run succeeds.
final class BlendOptionTests: XCTestCase {
    func testBlendIsInThePlanAndTheRunSucceeds() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try ToolProcess.makeClip("in.mp4", in: dir)
        let r = try ToolProcess.run(["warp", "in.mp4", "out.mp4", "--function", "constant", "--factor", "2", "--blend"],
                                    in: dir)
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertTrue(r.stdout.contains("Frames:   blended"), r.summary)
        let nearest = try ToolProcess.run(["warp", "in.mp4", "out2.mp4", "--function", "constant", "--factor", "2"], in: dir)
        XCTAssertEqual(nearest.status, 0, nearest.summary)
        XCTAssertTrue(nearest.stdout.contains("Frames:   nearest"), nearest.summary)
    }

    func testBlendWithReverseIsABadUsage() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        let r = try ToolProcess.run(["warp", "in.mp4", "out.mp4", "--reverse", "--blend"], in: dir)
        XCTAssertEqual(r.status, 2, r.summary)
        XCTAssertTrue(r.stderr.contains("error: --blend has no effect with --reverse"), r.summary)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.mp4").path))
    }
}
