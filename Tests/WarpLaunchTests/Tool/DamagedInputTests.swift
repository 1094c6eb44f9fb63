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
        if run.status == 0 {
            XCTAssertNotNil(try MediaProbe.duration("out.mp4", in: dir), "the output plays")
        } else {
            XCTAssertEqual(run.stderr.split(separator: "\n").filter { $0.hasPrefix("error: ") }.count, 1, run.summary)
        }
    }
}
