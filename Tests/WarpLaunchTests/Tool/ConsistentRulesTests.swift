import Foundation
import XCTest

/// Issue 22, item 7: one set of rules for every command. Usage and curve errors exit 2, input
/// errors 1; the input and the curve are checked before the output; no signal (SIGPIPE
/// included) leaves a file behind; the temporary file is created exclusively, so a link planted
/// under any name cannot redirect the writing; plot -o follows -y/-n; messages name ranges and
/// suggest commands.
final class ConsistentRulesTests: XCTestCase {
    private func run(_ arguments: [String], in dir: URL) throws -> ToolProcess.Result {
        let r = try ToolProcess.run(arguments, in: dir)
        XCTAssertFalse(r.killedBySignal, r.summary)
        return r
    }

    /// One `error:` line on stderr with `text` in it, and the status.
    private func assertRefused(_ r: ToolProcess.Result, status: Int32, _ text: String,
                               file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(r.status, status, r.summary, file: file, line: line)
        XCTAssertEqual(r.errorLines.count, 1, r.summary, file: file, line: line)
        XCTAssertTrue(r.stderr.hasPrefix("error: "), r.summary, file: file, line: line)
        XCTAssertTrue(r.stderr.contains(text), "expected '\(text)' in: \(r.summary)", file: file, line: line)
    }

    func testInputAndCurveAreCheckedBeforeTheOutputAndCurveErrorsExitTwo() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try MediaProbe.tickClip(seconds: 1, in: dir)
        try Data("old".utf8).write(to: dir.appendingPathComponent("out.mkv"))
        // An existing output and a missing input: the input is the error (1).
        assertRefused(try run(["warp", "missing.mkv", "out.mkv"], in: dir), status: 1, "cannot read 'missing.mkv'")
        // An existing output and a broken curve: the curve is the error (2).
        assertRefused(try run(["warp", "in.mkv", "out.mkv", "--expression", "u+"], in: dir), status: 2, "the curve is refused")
        assertRefused(try run(["warp", "in.mkv", "out.mkv", "--function", "trianlge"], in: dir), status: 2, "did you mean 'triangle'")
        assertRefused(try run(["plot", "--keyframes", "0:1, 0.5:-1, 1:1"], in: dir), status: 2, "the curve is refused")
        // Only then the output (1).
        assertRefused(try run(["warp", "in.mkv", "out.mkv"], in: dir), status: 1, "give -y")
        XCTAssertEqual(try String(contentsOf: dir.appendingPathComponent("out.mkv"), encoding: .utf8), "old")
    }

    func testRangesAreNamedAndNoOpCombinationsAreRefusedAlike() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        for fps in ["-30", "1000000", "0.001"] {
            assertRefused(try run(["warp", "in.mkv", "out.mp4", "--fps", fps], in: dir), status: 2,
                          "--fps must be between 0.01 and 1000")
        }
        for (extra, text) in [(["--fps", "any", "--blend"], "--blend has no effect with --fps any"),
                              (["--pitch", "preserve", "--interpolation", "cubic"], "--interpolation has no effect with --pitch preserve"),
                              (["--reverse", "--blend"], "--blend has no effect with --reverse")] {
            let r = try run(["warp", "in.mkv", "out.mp4"] + extra, in: dir)
            assertRefused(r, status: 2, text)
            XCTAssertTrue(r.stderr.contains("give one of them"), r.summary)
        }
        assertRefused(try run(["warp", "in.mkv", "out.mp4", "--keyframes", "0:1, 0.5s:2, 1:1"], in: dir), status: 2,
                      "mixes fractions of the duration and seconds")
        XCTAssertEqual(ToolProcess.contents(of: dir), [])
    }

    func testSecondsPastTheEndAreWarnedAbout() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try MediaProbe.tickClip(seconds: 1, in: dir)
        let r = try run(["warp", "in.mkv", "out.mkv", "--keyframes", "0:1, 0.5s:2, 3s:2"], in: dir)
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertTrue(r.stderr.contains("warning: the keyframes go on to 3.000 s, past the end of the input at 1.000 s"), r.summary)
    }

    func testMistypedCommandsAndUnknownHelpAreErrorsWithASuggestion() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        assertRefused(try run(["wrap", "in.mkv", "out.mkv"], in: dir), status: 2, "did you mean 'warp'?")
        assertRefused(try run(["help", "bogus"], in: dir), status: 2, "no help for 'bogus'")
        assertRefused(try run(["help", "plto"], in: dir), status: 2, "did you mean 'plot'?")
        XCTAssertEqual(try run(["help", "plot"], in: dir).status, 0)
    }

    func testPlotOutputFollowsYesAndNoAndWritesSVGOnly() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        assertRefused(try run(["plot", "-o", "e.png"], in: dir), status: 2, "SVG only")
        XCTAssertEqual(try run(["plot", "-o", "e.svg"], in: dir).status, 0)
        try Data("old".utf8).write(to: dir.appendingPathComponent("e.svg"))
        assertRefused(try run(["plot", "-o", "e.svg"], in: dir), status: 1, "give -y")
        assertRefused(try run(["plot", "-o", "e.svg", "-n"], in: dir), status: 1, "-n says not to overwrite it")
        XCTAssertEqual(try String(contentsOf: dir.appendingPathComponent("e.svg"), encoding: .utf8), "old")
        XCTAssertEqual(try run(["plot", "-o", "e.svg", "-y"], in: dir).status, 0)
        XCTAssertTrue(try String(contentsOf: dir.appendingPathComponent("e.svg"), encoding: .utf8).hasPrefix("<?xml"))
        XCTAssertEqual(ToolProcess.contents(of: dir), ["e.svg"])
    }

    /// A reader that went away: stdout (the plan) or stderr (the progress) is a pipe whose
    /// read end is closed. The run stops, and nothing is left in the directory.
    func testSIGPIPELeavesNoFile() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try MediaProbe.tickClip(seconds: 2, in: dir)
        let tool = try ToolProcess.executable.path
        for stream in ["stdout", "stderr"] {
            let script = """
                import os, subprocess, sys
                r, w = os.pipe(); os.close(r)
                other = subprocess.DEVNULL
                p = subprocess.run([sys.argv[1], "warp", "in.mkv", "out.mkv"],
                                   stdout=w if sys.argv[2] == "stdout" else other,
                                   stderr=w if sys.argv[2] == "stderr" else other)
                print(p.returncode)
                """
            let r = try ToolProcess.run(program: "/usr/bin/python3", ["-c", script, tool, stream], in: dir)
            let code = Int(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
            // 141 (128 + SIGPIPE) or killed by SIGPIPE (-13) once its error line could not be written.
            XCTAssertTrue(code == 141 || code == -13, "\(stream): \(r.summary)")
            XCTAssertEqual(ToolProcess.contents(of: dir), ["in.mkv"], stream)
        }
    }
}
