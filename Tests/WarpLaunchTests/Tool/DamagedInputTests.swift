import Foundation
import XCTest

/// Issue 20, damaged media ends in bounded time: an MPEG-TS made by ffmpeg, with bytes flipped at
/// fixed offsets (packet headers and PES timestamps, as bad reception leaves them), is warped to
/// the end, or refused with one clear line, well within a minute; it never spins.
final class DamagedInputTests: XCTestCase {
    func testFlippedBitsEndInBoundedTime() throws {
        let ffmpeg = "/usr/bin/ffmpeg"
        guard FileManager.default.isExecutableFile(atPath: ffmpeg) else {
            throw XCTSkip("ffmpeg is not installed (scripts/install-deps.sh installs it)")
        }
        let dir = try ToolProcess.temporaryDirectory(for: self)
        let r = try ToolProcess.run(program: ffmpeg, ["-v", "error", "-y", "-f", "lavfi", "-i",
                                                      "testsrc=size=160x120:rate=25:duration=10", "-f", "lavfi", "-i",
                                                      "sine=f=440:duration=10", "-c:v", "libx264", "-preset", "ultrafast",
                                                      "-c:a", "aac", "-f", "mpegts", "good.ts"], in: dir)
        XCTAssertEqual(r.status, 0, r.summary)
        var bytes = try [UInt8](Data(contentsOf: dir.appendingPathComponent("good.ts")))
        // Every 37th packet from the 40th: four bytes of its header and PES header XORed.
        for packet in stride(from: 40, to: bytes.count / 188, by: 37) {
            for j in [4, 9, 11, 13] { bytes[packet * 188 + j] ^= 0x5A }
        }
        try Data(bytes).write(to: dir.appendingPathComponent("bad.ts"))
        // ToolProcess throws when the run does not end within the timeout.
        let run = try ToolProcess.run(["warp", "bad.ts", "out.mp4", "--factor", "2", "-q"], in: dir, timeout: 60)
        XCTAssertFalse(run.killedBySignal, run.summary)
        // The frames lost, counted by ffprobe from the frames FFmpeg decodes of the damaged file
        // (gaps between consecutive timestamps, in frames of 40 ms), reported in one line. The
        // decoded frames, not the packets: a packet whose slice header is damaged arrives but
        // gives no frame (ffmpeg 7's TS has its flipped bytes there: 8 packets missing, 22
        // frames), and a player shows what was decoded.
        let probe = try ToolProcess.run(program: "/usr/bin/ffprobe", ["-v", "quiet", "-select_streams", "v",
                                                                      "-show_entries", "frame=pts_time", "-of", "csv=p=0", "bad.ts"],
                                        in: dir)
        let pts = probe.stdout.split(separator: "\n").compactMap { $0.split(separator: ",").first.flatMap { Double($0) } }.sorted()
        var lost = 0
        var first: Double?
        for (a, b) in zip(pts, pts.dropFirst()) where b - a > 0.06 {
            lost += Int(((b - a) / 0.04).rounded()) - 1
            if first == nil, let start = pts.first { first = a + 0.04 - start }
        }
        let damaged = run.stderr.split(separator: "\n").filter { $0.hasPrefix("damaged: ") }
        XCTAssertEqual(damaged.count, 1, run.summary)
        if lost > 0, let line = damaged.first, let first {
            XCTAssertTrue(line.hasPrefix("damaged: \(lost) frames"), "ffprobe finds \(lost) frames lost: \(line)")
            let near = line.split(separator: " ").firstIndex(of: "near").map { line.split(separator: " ")[$0 + 1] }
            XCTAssertEqual(try XCTUnwrap(near.flatMap { Double($0) }), first, accuracy: 0.1, String(line))
        }
        let clean = try ToolProcess.run(["warp", "good.ts", "good.mp4", "--factor", "2", "-q"], in: dir, timeout: 60)
        XCTAssertEqual(clean.status, 0, clean.summary)
        XCTAssertFalse(clean.stderr.contains("damaged:"), clean.stderr)
        if run.status == 0 {
            XCTAssertNotNil(try MediaProbe.duration("out.mp4", in: dir), "the output plays")
        } else {
            XCTAssertEqual(run.stderr.split(separator: "\n").filter { $0.hasPrefix("error: ") }.count, 1, run.summary)
        }
    }

    /// A real web clip whose rate drops from 30 to 15 fps at 14.7 s (../shared/media/echo.webm,
    /// ffprobe: packets 1/15 s apart from there) is not damaged: no `damaged:` line (it said
    /// "501 frames lost" before the tally followed the cadence).
    func testAChangeOfRateInARealClipIsNotDamage() throws {
        let clip = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../../shared/media/echo.webm").standardizedFileURL
        guard FileManager.default.fileExists(atPath: clip.path) else {
            throw XCTSkip("\(clip.path) is absent (the shared real clips)")
        }
        let dir = try ToolProcess.temporaryDirectory(for: self)
        let run = try ToolProcess.run(["warp", clip.path, "out.mkv", "--factor", "0.5", "-t", "18", "-q"], in: dir)
        XCTAssertEqual(run.status, 0, run.summary)
        XCTAssertFalse(run.stderr.contains("damaged:"), run.stderr)
    }
}
