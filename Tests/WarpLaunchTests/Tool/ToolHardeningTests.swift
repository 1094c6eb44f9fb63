import Foundation
import XCTest

/// Issue 9, items 9 to 12: `gst-warp-launch` run as a subprocess on hostile but valid input.
/// Every refusal is one line on stderr and a non-zero exit status, never a trap, and no file
/// is destroyed or left behind.
final class ToolHardeningTests: XCTestCase {
    // MARK: - Item 9: the input is never overwritten, however it is named

    func testWarpRefusesAnOutputThatIsTheInputThroughASymlink() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try ToolProcess.makeClip("same.mp4", in: dir)
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("link.mp4").path,
                                                   withDestinationPath: "same.mp4")
        let before = try Data(contentsOf: dir.appendingPathComponent("same.mp4"))
        let r = try ToolProcess.run(["warp", "link.mp4", "same.mp4", "-q"], in: dir)
        XCTAssertFalse(r.killedBySignal, r.summary)
        XCTAssertEqual(r.status, 1, r.summary)
        XCTAssertEqual(r.errorLines.count, 1, r.summary)
        XCTAssertTrue(r.stderr.contains("is the input"), r.summary)
        XCTAssertEqual(try Data(contentsOf: dir.appendingPathComponent("same.mp4")), before, "the input was replaced")
        XCTAssertEqual(ToolProcess.contents(of: dir), ["link.mp4", "same.mp4"])

        // The other way round, and through a second name (a hard link).
        let r2 = try ToolProcess.run(["warp", "same.mp4", "link.mp4", "-q"], in: dir)
        XCTAssertEqual(r2.status, 1, r2.summary)
        XCTAssertTrue(r2.stderr.contains("is the input"), r2.summary)
        try FileManager.default.linkItem(atPath: dir.appendingPathComponent("same.mp4").path,
                                         toPath: dir.appendingPathComponent("hard.mp4").path)
        let r3 = try ToolProcess.run(["warp", "hard.mp4", "./same.mp4", "-q"], in: dir)
        XCTAssertEqual(r3.status, 1, r3.summary)
        XCTAssertTrue(r3.stderr.contains("is the input"), r3.summary)
        XCTAssertEqual(try Data(contentsOf: dir.appendingPathComponent("same.mp4")), before)
    }

    func testWarpRefusesAPlotThatWouldOverwriteTheInput() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try ToolProcess.makeClip("in.mp4", in: dir)
        // out.svg, where --plot writes, is a link to the input.
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("out.svg").path,
                                                   withDestinationPath: "in.mp4")
        let before = try Data(contentsOf: dir.appendingPathComponent("in.mp4"))
        let r = try ToolProcess.run(["warp", "in.mp4", "out.mp4", "--plot", "-q"], in: dir)
        XCTAssertEqual(r.status, 1, r.summary)
        XCTAssertEqual(r.errorLines.count, 1, r.summary)
        XCTAssertTrue(r.stderr.contains("is the input"), r.summary)
        XCTAssertEqual(try Data(contentsOf: dir.appendingPathComponent("in.mp4")), before)
        XCTAssertEqual(ToolProcess.contents(of: dir), ["in.mp4", "out.svg"])
    }

    func testCheckUpdateWritesThroughASymlinkAndKeepsIt() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        let real = dir.appendingPathComponent("real.pipeline"), link = dir.appendingPathComponent("link.pipeline")
        try """
            pipeline: videotestsrc num-buffers=2 ! video/x-raw,framerate=10/1 ! fakesink name=v
            log v:

            """.write(to: real, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real.pipeline")
        let r = try ToolProcess.run(["check", "--update", "link.pipeline"], in: dir)
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), "real.pipeline",
                       "the link was replaced by a file")
        let text = try String(contentsOf: real, encoding: .utf8)
        XCTAssertTrue(text.contains("0.000000000 0.100000000"), text)
        XCTAssertTrue(text.contains("0.100000000 0.100000000"), text)
        XCTAssertEqual(ToolProcess.contents(of: dir), ["link.pipeline", "real.pipeline"])
    }

    func testPlotWritesThroughASymlink() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try "old".write(to: dir.appendingPathComponent("real.svg"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("link.svg").path,
                                                   withDestinationPath: "real.svg")
        // Issue 22: an existing -o file is replaced only with -y.
        let r = try ToolProcess.run(["plot", "--function", "cosine", "-o", "link.svg", "-y"], in: dir)
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: dir.appendingPathComponent("link.svg").path),
                       "real.svg")
        XCTAssertTrue(try String(contentsOf: dir.appendingPathComponent("real.svg"), encoding: .utf8).hasPrefix("<?xml"))
    }

    // MARK: - Item 10: no trap on extreme but valid input

    /// One line on stderr beginning with `error:`, exit status 1 (bad input) or 2 (bad usage), no trap.
    private func assertOneLineError(_ r: ToolProcess.Result, containing text: String? = nil,
                                    file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(r.killedBySignal, r.summary, file: file, line: line)
        XCTAssertTrue(r.status == 1 || r.status == 2, r.summary, file: file, line: line)
        XCTAssertEqual(r.errorLines.count, 1, r.summary, file: file, line: line)
        XCTAssertTrue(r.errorLines.first?.hasPrefix("error:") ?? false, r.summary, file: file, line: line)
        if let text { XCTAssertTrue(r.stderr.contains(text), r.summary, file: file, line: line) }
    }

    func testPlotOfAHugeExpressionFailsWithOneLine() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        assertOneLineError(try ToolProcess.run(["plot", "--expression", "1e300", "--duration", "10"], in: dir),
                           containing: "clock")
        assertOneLineError(try ToolProcess.run(["plot", "--expression", "1e300", "--duration", "10", "-o", "x.svg"], in: dir),
                           containing: "clock")
        XCTAssertEqual(ToolProcess.contents(of: dir), [])
    }

    func testPlotOfKeyframesPastTheClockRangeFailsWithOneLine() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        assertOneLineError(try ToolProcess.run(["plot", "--keyframes", "0s:1, 1e300s:2"], in: dir), containing: "clock")
        assertOneLineError(try ToolProcess.run(["plot", "--duration", "1e300"], in: dir), containing: "clock")
    }

    func testWarpWithAHugeExpressionFailsBeforeWriting() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try ToolProcess.makeClip("in.mp4", in: dir)
        let r = try ToolProcess.run(["warp", "in.mp4", "out.mp4", "--expression", "1e300", "-q"], in: dir)
        assertOneLineError(r, containing: "clock")
        XCTAssertEqual(ToolProcess.contents(of: dir), ["in.mp4"])
    }

    func testCheckFileWithANegativeSeekFailsWithTheLine() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try """
            pipeline: videotestsrc num-buffers=3 ! fakesink name=v
            seek: start=-5s
            sink v: buffers=3
            """.write(to: dir.appendingPathComponent("neg.pipeline"), atomically: true, encoding: .utf8)
        let r = try ToolProcess.run(["check", "neg.pipeline"], in: dir)
        XCTAssertFalse(r.killedBySignal, r.summary)
        XCTAssertEqual(r.status, 1, r.summary)
        XCTAssertTrue(r.stdout.contains("FAIL neg.pipeline"), r.summary)
        XCTAssertTrue(r.stdout.contains("line 2:"), r.summary)
        XCTAssertTrue(r.stdout.contains("negative"), r.summary)
    }

    func testOtherExtremeArgumentsFailWithOneLine() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        // A terminal plot as wide as an Int allows (a usage error: status 2), a timeout that
        // overflows, a factor past any clock.
        let wide = try ToolProcess.run(["plot", "--width", "9223372036854775807"], in: dir)
        XCTAssertFalse(wide.killedBySignal, wide.summary)
        XCTAssertEqual(wide.status, 2, wide.summary)
        XCTAssertTrue(wide.errorLines.first?.hasPrefix("error: --width") ?? false, wide.summary)
        assertOneLineError(try ToolProcess.run(["plot", "--function", "constant", "--factor", "1e300", "--duration", "1"], in: dir),
                           containing: "clock")
        try """
            pipeline: videotestsrc num-buffers=3 ! fakesink name=v
            timeout: 99999999999999999s
            sink v: buffers=3
            """.write(to: dir.appendingPathComponent("big.pipeline"), atomically: true, encoding: .utf8)
        let r = try ToolProcess.run(["check", "big.pipeline"], in: dir)
        XCTAssertFalse(r.killedBySignal, r.summary)
        XCTAssertEqual(r.status, 1, r.summary)
        XCTAssertTrue(r.stdout.contains("line 2:"), r.summary)
    }

    func testADescriptionOfOneElementRuns() throws {
        // It parses to the element alone, with no bus: it is put in a pipeline (as gst-launch-1.0 does).
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try ToolProcess.makeClip("in.mp4", in: dir)
        let uri = dir.appendingPathComponent("in.mp4").absoluteString
        let r = try ToolProcess.run(["-q", "playbin", "uri=\(uri)", "video-sink=fakesink", "audio-sink=fakesink"], in: dir)
        XCTAssertFalse(r.killedBySignal, r.summary)
        XCTAssertEqual(r.status, 0, r.summary)
        try """
            pipeline: fakesrc num-buffers=3 name=src
            error: internal data stream error
            element src: num-buffers=3
            """.write(to: dir.appendingPathComponent("one.pipeline"), atomically: true, encoding: .utf8)
        let c = try ToolProcess.run(["check", "one.pipeline"], in: dir)
        XCTAssertFalse(c.killedBySignal, c.summary)
        XCTAssertEqual(c.status, 0, c.summary)
    }

    // MARK: - Item 11: SIGTERM and SIGHUP stop like Ctrl-C, leaving nothing behind

    /// Warps a clip and sends `signal` as soon as the temporary file exists.
    private func interruptWarp(with signal: Int32, expectedStatus: Int32) throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try ToolProcess.makeClip("in.mp4", in: dir, seconds: 6)
        var sent = false
        let r = try ToolProcess.run(["warp", "in.mp4", "out.mp4", "--fps", "60", "--function", "constant",
                                     "--factor", "4", "-q"], in: dir) { pid in
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
                if names.contains(where: { $0.contains(".partial-") }) {
                    kill(pid, signal)
                    sent = true
                    return
                }
                usleep(2_000)
            }
        }
        XCTAssertTrue(sent, "the temporary file never appeared: \(r.summary)")
        XCTAssertFalse(r.killedBySignal, "the signal killed the tool before it could clean up: \(r.summary)")
        XCTAssertEqual(r.status, expectedStatus, r.summary)
        XCTAssertTrue(r.stderr.contains("nothing was written"), r.summary)
        XCTAssertEqual(ToolProcess.contents(of: dir), ["in.mp4"], "left behind: \(r.summary)")
    }

    func testSIGTERMDuringWarpLeavesNothingBehind() throws {
        try interruptWarp(with: SIGTERM, expectedStatus: 128 + SIGTERM)
    }

    func testSIGHUPDuringWarpLeavesNothingBehind() throws {
        try interruptWarp(with: SIGHUP, expectedStatus: 128 + SIGHUP)
    }

    func testSIGINTDuringWarpLeavesNothingBehind() throws {
        try interruptWarp(with: SIGINT, expectedStatus: 130)
    }

    // MARK: - Item 12: smaller refusals, up front and in one line

    func testFPSZeroIsRefused() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try ToolProcess.makeClip("in.mp4", in: dir)
        let r = try ToolProcess.run(["warp", "in.mp4", "out.mp4", "--fps", "0", "-q"], in: dir)
        XCTAssertFalse(r.killedBySignal, r.summary)
        XCTAssertNotEqual(r.status, 0, r.summary)
        XCTAssertTrue(r.stderr.contains("--fps"), r.summary)
        XCTAssertEqual(ToolProcess.contents(of: dir), ["in.mp4"])
    }

    func testAnOutputThatIsADirectoryIsRefusedUpFront() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try ToolProcess.makeClip("in.mp4", in: dir)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("out.mp4"), withIntermediateDirectories: false)
        let r = try ToolProcess.run(["warp", "in.mp4", "out.mp4"], in: dir)
        assertOneLineError(r, containing: "is a directory")
        XCTAssertFalse(r.stdout.contains("Input:"), "refused only after planning: \(r.summary)")
        XCTAssertEqual(ToolProcess.contents(of: dir), ["in.mp4", "out.mp4"])

        // Issue 22: plot writes .svg only, so the directory is named like an SVG file.
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("out.svg"), withIntermediateDirectories: false)
        let p = try ToolProcess.run(["plot", "-o", "out.svg"], in: dir)
        assertOneLineError(p, containing: "is a directory")
    }

    func testPlotIntoAReadOnlyDirectoryPrintsOneLine() throws {
        // Root may write anywhere on an ordinary file system; sysfs refuses new files even to root.
        let target: String
        if geteuid() == 0 {
            guard FileManager.default.fileExists(atPath: "/sys/kernel") else { throw XCTSkip("no /sys to test with as root") }
            target = "/sys/kernel/curve.svg"
        } else {
            let dir = try ToolProcess.temporaryDirectory(for: self)
            let locked = dir.appendingPathComponent("locked")
            try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: false)
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: locked.path)
            addTeardownBlock { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked.path) }
            target = locked.appendingPathComponent("curve.svg").path
        }
        let r = try ToolProcess.run(["plot", "-o", target], in: FileManager.default.temporaryDirectory)
        assertOneLineError(r, containing: "cannot write")
        XCTAssertFalse(r.stderr.contains("NSCocoaErrorDomain"), r.summary)
        XCTAssertFalse(r.stderr.contains("UserInfo"), r.summary)
    }
}
