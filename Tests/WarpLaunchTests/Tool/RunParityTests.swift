import Foundation
import XCTest

/// Issue 10: `gst-warp-launch [run]` is gst-launch-1.0 with the plugin built in. Every case runs
/// the same command line through both programs, side by side, and compares what gst-launch-1.0
/// itself does (the reference), never a value copied from the tool's output.
final class RunParityTests: XCTestCase {
    /// Both programs on `arguments`, in one scratch directory.
    private func both(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws
        -> (ours: ToolProcess.Result, theirs: ToolProcess.Result) {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        let theirs = try ToolProcess.run(program: "gst-launch-1.0", arguments, in: dir, timeout: 60)
        let ours = try ToolProcess.run(arguments, in: dir, timeout: 60)
        XCTAssertFalse(ours.killedBySignal, ours.summary, file: file, line: line)
        return (ours, theirs)
    }

    /// The first stderr line that says what went wrong (gst-launch-1.0's `ERROR:`/`WARNING:`
    /// lines; what follows may come in either order, depending on when the bus is read).
    private func firstError(_ r: ToolProcess.Result) -> String? {
        r.errorLines.first { $0.hasPrefix("ERROR") || $0.hasPrefix("WARNING") || $0.hasPrefix("Error") }
    }

    func testExitStatusesAndErrorsMatchGstLaunch() throws {
        let cases: [[String]] = [
            ["fakesrc", "num-buffers=3", "!", "fakesink"],               // runs to EOS: 0
            ["videotestsrc", "!", "nonexistent"],                        // erroneous pipeline: 1
            ["videotestsrc", "num-buffers=2", "!"],                      // syntax error: 1
            ["filesrc", "location=/nonexistent/x", "!", "fakesink"],     // cannot pause or preroll: 255
            ["-o", "x.xml", "fakesrc", "!", "fakesink"],                 // no -o in gst-launch-1.0: 1
            ["-v"],                                                      // empty pipeline: 1
            ["-q", "videotestsrc", "num-buffers=3", "!", "fakesink"],    // quiet: 0, nothing printed
            ["--gst-debug-level=0", "-f", "fakesrc", "num-buffers=1", "!", "fakesink"],  // GStreamer's and gst-launch's options
            ["--gst-bogus-option", "fakesrc", "!", "fakesink"],          // unknown option: 1
        ]
        for arguments in cases {
            let (ours, theirs) = try both(arguments)
            XCTAssertEqual(ours.status, theirs.status, "\(arguments): gst-launch-1.0 \(theirs.summary)\n--- ours: \(ours.summary)")
            XCTAssertEqual(firstError(ours), firstError(theirs), "\(arguments)")
            if arguments.first == "-q" {
                XCTAssertEqual(ours.stdout, theirs.stdout, "-q prints nothing")
            }
        }
    }

    func testMessagesOptionPrintsTheSameKindsOfMessages() throws {
        let (ours, theirs) = try both(["-m", "fakesrc", "num-buffers=2", "!", "fakesink"])
        XCTAssertEqual(ours.status, 0, ours.summary)
        XCTAssertEqual(theirs.status, 0, theirs.summary)
        // `Got message #N from element "fakesink0" (state-changed): ...`: the kinds and sources.
        func kinds(_ out: String) -> Set<String> {
            Set(out.split(separator: "\n").filter { $0.hasPrefix("Got message #") }.compactMap { line in
                line.range(of: " from ").map { String(line[$0.upperBound...].prefix { $0 != ":" }) }
            })
        }
        XCTAssertTrue(ours.stdout.contains("Got message #"), ours.summary)
        XCTAssertEqual(kinds(ours.stdout), kinds(theirs.stdout))
        XCTAssertTrue(kinds(ours.stdout).contains("element \"pipeline0\" (eos)"), ours.summary)
    }

    func testOneElementPipelineBehavesAsGstLaunch() throws {
        // A description of one element parses to that element alone (no bus): both put it in a
        // pipeline. playbin plays a file to EOS.
        let dir = try ToolProcess.temporaryDirectory(for: self)
        let made = try ToolProcess.run(program: "gst-launch-1.0", ["-q", "audiotestsrc", "num-buffers=5", "!", "wavenc",
                                                                 "!", "filesink", "location=a.wav"], in: dir)
        XCTAssertEqual(made.status, 0, made.summary)
        let uri = dir.appendingPathComponent("a.wav").absoluteString
        let playbin = ["playbin", "uri=\(uri)", "audio-sink=fakesink", "video-sink=fakesink"]
        for arguments in [playbin] {
            let ours = try ToolProcess.run(arguments, in: dir), theirs = try ToolProcess.run(program: "gst-launch-1.0", arguments, in: dir)
            XCTAssertFalse(ours.killedBySignal, ours.summary)
            XCTAssertEqual(ours.status, theirs.status, "\(arguments): \(ours.summary)\n--- gst-launch-1.0: \(theirs.summary)")
            XCTAssertEqual(firstError(ours), firstError(theirs), "\(arguments)")
            if arguments[0] == "playbin" {
                XCTAssertEqual(ours.status, 0, ours.summary)
                let eos = { (r: ToolProcess.Result) in r.stdout.split(separator: "\n").first { $0.hasPrefix("Got EOS") } }
                XCTAssertNotNil(eos(ours), ours.summary)
                XCTAssertEqual(eos(ours), eos(theirs))  // playbin is itself the pipeline: "playbin0"
            }
        }
        // A lone source, not linked: gst-launch-1.0 1.22 fails with this error and status 1, but
        // races with itself on it (it hung in 32 of 360 runs under load), so it is no reference
        // to run in a test; its message is the expected one.
        let lone = try ToolProcess.run(["fakesrc", "num-buffers=3"], in: dir, timeout: 60)
        XCTAssertEqual(lone.status, 1, lone.summary)
        XCTAssertEqual(firstError(lone), "ERROR: from element /GstPipeline:pipeline0/GstFakeSrc:fakesrc0: Internal data stream error.")
        XCTAssertTrue(lone.stderr.contains("reason not-linked"), lone.summary)
    }

    func testQuotedPipelineRunsLikeTheUnquotedOne() throws {
        // gst-launch-1.0 takes each argument as one token (a whole description in quotes is a
        // syntax error to it); gst-warp-launch runs the description, as gst-launch-1.0 runs it
        // unquoted.
        let description = "videotestsrc num-buffers=3 ! videotimewarp factor=2 duration=100000000 ! fakesink"
        let dir = try ToolProcess.temporaryDirectory(for: self)
        let quoted = try ToolProcess.run([description], in: dir)
        let unquoted = try ToolProcess.run(description.split(separator: " ").map(String.init), in: dir)
        let reference = try ToolProcess.run(program: "gst-launch-1.0",
                                            ["fakesrc", "num-buffers=3", "!", "fakesink"], in: dir)
        XCTAssertEqual(quoted.status, 0, quoted.summary)
        XCTAssertEqual(quoted.status, unquoted.status)
        XCTAssertEqual(quoted.status, reference.status)
        let theirsQuoted = try ToolProcess.run(program: "gst-launch-1.0", ["fakesrc num-buffers=3 ! fakesink"], in: dir)
        XCTAssertEqual(theirsQuoted.status, 1, "gst-launch-1.0 changed: it now accepts a quoted description")
    }

    func testUnknownElementGivesGstLaunchsMessage() throws {
        let (ours, theirs) = try both(["videotestsrc", "!", "nosuchelement", "!", "fakesink"])
        XCTAssertEqual(ours.status, 1, ours.summary)
        XCTAssertEqual(theirs.status, 1, theirs.summary)
        XCTAssertEqual(ours.errorLines, theirs.errorLines)
        XCTAssertEqual(ours.errorLines, ["WARNING: erroneous pipeline: no element \"nosuchelement\""], ours.summary)
        XCTAssertTrue(ours.stdout.isEmpty, "the pipeline ran anyway: \(ours.summary)")
    }

    func testVerboseTagsAndVersion() throws {
        // -v: property notifications such as the negotiated caps, in gst-launch-1.0's form.
        let (v, tv) = try both(["-v", "videotestsrc", "num-buffers=1", "!", "fakesink"])
        let capsLine = { (out: String) in out.split(separator: "\n").first { $0.contains(".GstPad:sink: caps = ") }.map(String.init) }
        XCTAssertNotNil(capsLine(v.stdout), v.summary)
        XCTAssertEqual(capsLine(v.stdout), capsLine(tv.stdout))
        // -X caps leaves the caps notifications out.
        let (x, _) = try both(["-v", "-X", "caps", "videotestsrc", "num-buffers=1", "!", "fakesink"])
        XCTAssertNil(capsLine(x.stdout), x.summary)
        // -t: the tags an element finds.
        let (t, tt) = try both(["-t", "audiotestsrc", "num-buffers=2", "!", "vorbisenc", "!", "fakesink"])
        let tagLines = { (out: String) in out.split(separator: "\n").filter { $0.hasPrefix("FOUND TAG") } }
        XCTAssertFalse(tagLines(t.stdout).isEmpty, t.summary)
        XCTAssertEqual(tagLines(t.stdout), tagLines(tt.stdout))
        // --version: the GStreamer line is gst-launch-1.0's.
        let (ver, tver) = try both(["--version"])
        XCTAssertEqual(ver.status, 0, ver.summary)
        XCTAssertEqual(tver.status, 0)
        let lines = ver.stdout.split(separator: "\n"), theirLines = tver.stdout.split(separator: "\n")
        XCTAssertTrue(lines.first?.hasPrefix("gst-warp-launch version ") ?? false, ver.summary)
        XCTAssertEqual(lines.dropFirst().first, theirLines.dropFirst().first)
    }

    func testNoArgumentsPrintsTheUsageAndWritesNothing() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        let r = try ToolProcess.run([], in: dir)
        XCTAssertEqual(r.status, 0, r.summary)
        for command in ["warp", "plot", "run", "check"] {
            XCTAssertTrue(r.stdout.contains("\n  \(command) "), "usage lacks \(command): \(r.summary)")
        }
        XCTAssertEqual(ToolProcess.contents(of: dir), [])
    }
}
