import XCTest

/// `gst-warp-launch warp --flow`: the plan says frames are made along the motion, and the run
/// succeeds; --flow with --blend is a bad usage; where the flow module is missing --flow is
/// refused before anything is read or written, naming what to install.
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

    func testShutterAngleNeedsFlowAndAnAngle() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        let alone = try ToolProcess.run(["warp", "in.mp4", "out.mp4", "--speed", "4", "--shutter-angle", "90"], in: dir)
        XCTAssertEqual(alone.status, 2, alone.summary)
        XCTAssertTrue(alone.stderr.contains("--shutter-angle needs --flow"), alone.summary)
        let wide = try ToolProcess.run(["warp", "in.mp4", "out.mp4", "--flow", "--shutter-angle", "400"], in: dir)
        XCTAssertEqual(wide.status, 2, wide.summary)
        XCTAssertTrue(wide.stderr.contains("between 0 and 360 degrees"), wide.summary)
    }

    func testShutterAngleReachesTheElement() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try ToolProcess.makeClip("in.mp4", in: dir)
        let r = try ToolProcess.run(["warp", "in.mp4", "out.mp4", "--speed", "4", "--flow", "--shutter-angle", "90", "-v"],
                                    in: dir)
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertTrue(r.stdout.contains("speed-ups are blurred"), r.summary)
    }

    func testFlowWithoutTheModuleIsRefusedUpFront() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try ToolProcess.makeClip("in.mp4", in: dir)
        // The tool alone in a folder: no module beside it nor in ../lib/<multiarch>/gst-timewarp.
        let alone = dir.appendingPathComponent("alone/gst-warp-launch")
        try FileManager.default.createDirectory(at: alone.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: try ToolProcess.executable, to: alone)
        let r = try ToolProcess.run(program: alone.path, ["warp", "in.mp4", "out.mp4", "--speed", "0.5", "--flow"], in: dir)
        XCTAssertEqual(r.status, 1, r.summary)
        XCTAssertTrue(r.stderr.contains("--flow cannot run here"), r.summary)
        XCTAssertTrue(r.stderr.contains("libtimewarpflow.so.0"), r.summary)
        XCTAssertTrue(r.stderr.contains("gstreamer1.0-timewarp"), r.summary)
        XCTAssertTrue(r.stderr.contains("OpenCV's video library (Debian: libopencv-video"), r.summary)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.mp4").path))
        // Without --flow the same tool warps.
        let plain = try ToolProcess.run(program: alone.path, ["warp", "in.mp4", "out.mp4", "--speed", "0.5", "-q"], in: dir)
        XCTAssertEqual(plain.status, 0, plain.summary)
    }
}
