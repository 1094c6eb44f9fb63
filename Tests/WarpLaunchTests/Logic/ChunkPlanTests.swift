import WarpLaunchKit
import XCTest

/// `warp --hosts/--chunks`' pure parts: the chunk plan, the span's argument form and windows,
/// the sshlogin file, parallel's job log and the hosts' versions. Expected values by hand.
final class ChunkPlanTests: XCTestCase {
    private let s: UInt64 = 1_000_000_000

    func testChunksStartAtKeyframesAboutTheCountAskedAndMapTheirBounds() {
        // Keyframes every second over 6 s, 3 chunks: 2 s each, at 0, 2 and 4 s, the last open.
        // The map doubles time, so the output bounds are 4 s and 8 s.
        let keys = (0..<6).map { UInt64($0) * s }
        let plan = ChunkPlan.spans(keyframes: keys, duration: 6 * s, count: 3, margin: 66_666_666) { $0 * 2 }
        XCTAssertEqual(plan.map(\.start), [0, 2 * s, 4 * s])
        XCTAssertEqual(plan.map(\.end), [2 * s, 4 * s, UInt64.max])
        XCTAssertEqual(plan.map(\.outputStart), [0, 4 * s, 8 * s])
        XCTAssertEqual(plan.map(\.outputEnd), [4 * s, 8 * s, UInt64.max])
        // Each decoded from the keyframe before its window (2 frames at 30 fps before it): 1 s, 3 s.
        XCTAssertEqual(plan.map(\.decodeFrom), [0, s, 3 * s])
        // 10 chunks asked of 6 s: none shorter than 2 s, so 3.
        XCTAssertEqual(ChunkPlan.spans(keyframes: keys, duration: 6 * s, count: 10) { $0 }.count, 3)
        // A last chunk shorter than 2 s is merged: keyframes at 0, 2.5, 5 of 6.5 s, 3 asked.
        let merged = ChunkPlan.spans(keyframes: [0, 2_500_000_000, 5 * s], duration: 6_500_000_000, count: 3) { $0 }
        XCTAssertEqual(merged.map(\.start), [0, 2_500_000_000])
        // No keyframe but the first: one chunk.
        XCTAssertEqual(ChunkPlan.spans(keyframes: [0], duration: 60 * s, count: 8) { $0 }.count, 1)
    }

    func testSpansPartitionOutputSlotsAndReadBackFromTheirArgument() {
        let a = ChunkSpan(index: 1, start: 2 * s, end: 4 * s, outputStart: 4 * s, outputEnd: 8 * s, decodeFrom: s)
        let b = ChunkSpan(index: 2, start: 4 * s, end: UInt64.max, outputStart: 8 * s, outputEnd: UInt64.max, decodeFrom: 3 * s)
        XCTAssertEqual(a.argument, "1:2000000000:4000000000:4000000000:8000000000:1000000000")
        XCTAssertEqual(b.argument, "2:4000000000:-:8000000000:-:3000000000")
        XCTAssertEqual(ChunkSpan(argument: a.argument), a)
        XCTAssertEqual(ChunkSpan(argument: b.argument), b)
        XCTAssertNil(ChunkSpan(argument: "1:4:2:0:1:0"))  // ends before it starts
        XCTAssertNil(ChunkSpan(argument: "1:2:4:0:1"))  // five fields
        // A slot at exactly 8 s belongs to the later chunk only.
        XCTAssertFalse(a.ownsOutput(8 * s))
        XCTAssertTrue(b.ownsOutput(8 * s))
        XCTAssertTrue(a.ownsOutput(8 * s - 1))
        XCTAssertEqual(a.inputWindow(margin: 100), (2 * s - 100)...(4 * s + 100))
        XCTAssertEqual(b.inputWindow(margin: 100), (4 * s - 100)...UInt64.max)
        // Two frames at 30000/1001 fps: 66.733 ms.
        XCTAssertEqual(ChunkSpan.margin(fpsN: 30000, fpsD: 1001), 66_733_333)
        XCTAssertEqual(ChunkSpan.margin(fpsN: 0, fpsD: 1), 200_000_000)
    }

    func testSSHLoginFileLinesCommentsAndErrors() throws {
        let text = "# the farm\n:\n\n4/alice@render1\n  ssh -p 2222 bob@render2  \n"
        let logins = try SSHLoginFile.parse(text, file: "hosts.txt")
        XCTAssertEqual(logins.map(\.name), [":", "alice@render1", "ssh -p 2222 bob@render2"])
        XCTAssertEqual(logins.map(\.slots), [nil, 4, nil])
        XCTAssertEqual(logins.map(\.isLocal), [true, false, false])
        XCTAssertThrowsError(try SSHLoginFile.parse("# nobody\n", file: "h")) { error in
            XCTAssertTrue("\(error)".contains("names no host"), "\(error)")
        }
        XCTAssertThrowsError(try SSHLoginFile.parse("0/host\n", file: "h"))
    }

    func testJobLogGroupsSuccessesByHostAndKeepsFailures() {
        let log = """
            Seq\tHost\tStarttime\tJobRuntime\tSend\tReceive\tExitval\tSignal\tCommand
            2\troot@b\t1.0\t     3.500\t0\t0\t0\t0\twarp ...
            1\troot@a\t1.0\t     2.250\t0\t0\t0\t0\twarp ...
            3\troot@c\t1.0\t     1.000\t0\t0\t255\t0\twarp ...
            3\troot@a\t2.0\t     4.000\t0\t0\t0\t0\twarp ...
            4\troot@b\t2.0
            """
        let parsed = ParallelJobLog(text: log)
        XCTAssertEqual(parsed.entries.count, 4)
        let done = parsed.doneByHost
        XCTAssertEqual(done.map(\.host), ["root@b", "root@a"])
        XCTAssertEqual(done[1].jobs.map(\.sequence), [1, 3])
        XCTAssertEqual(done[1].jobs.map(\.seconds), [2.25, 4.0])
        XCTAssertEqual(parsed.failures.map(\.host), ["root@c"])
    }

    func testHostVersionsNameEachHostThatDiffersOrIsSilent() {
        let output = "a\tgst-warp-launch version 0.2.0\na\tGStreamer 1.22.0\nb\tgst-warp-launch version 0.1.0\n"
        XCTAssertEqual(HostVersions.version(inLine: "gst-warp-launch version 0.2.0"), "0.2.0")
        XCTAssertNil(HostVersions.version(inLine: "GStreamer 1.22.0"))
        let problems = HostVersions.problems(output: output, hosts: ["a", "b", "c"], expected: "0.2.0")
        XCTAssertEqual(problems.count, 2)
        XCTAssertTrue(problems[0].hasPrefix("b: gst-warp-launch 0.1.0, not 0.2.0"), problems[0])
        XCTAssertTrue(problems[1].hasPrefix("c: no answer"), problems[1])
        XCTAssertEqual(HostVersions.problems(output: output, hosts: ["a"], expected: "0.2.0"), [])
    }
}
