import Foundation
import XCTest

/// Issue 20, orientation kept: a phone-style MP4 turned a quarter by its display matrix (written
/// by ffmpeg) comes out upright,
/// with its pixels turned as ffmpeg turns them when it re-encodes, and no rotation left to apply.
final class OrientationTests: XCTestCase {
    static let ffmpeg = "/usr/bin/ffmpeg", ffprobe = "/usr/bin/ffprobe"

    func testRotatedInputIsWrittenUpright() throws {
        for tool in [Self.ffmpeg, Self.ffprobe] where !FileManager.default.isExecutableFile(atPath: tool) {
            throw XCTSkip("\(tool) is not installed (scripts/install-deps.sh installs ffmpeg)")
        }
        let dir = try ToolProcess.temporaryDirectory(for: self)
        // 160x120 pixels, displayed turned by 90° (a display matrix, as phones write it).
        var r = try ToolProcess.run(program: Self.ffmpeg, ["-v", "error", "-y", "-f", "lavfi", "-i",
                                                           "testsrc=size=160x120:rate=25:duration=2",
                                                           "-c:v", "libx264", "-preset", "ultrafast", "plain.mp4"], in: dir)
        XCTAssertEqual(r.status, 0, r.summary)
        try MediaProbe.rotatedCopy("plain.mp4", to: "rot.mp4", in: dir)
        // ffmpeg's own re-encode (it turns the pixels): the reference picture.
        r = try ToolProcess.run(program: Self.ffmpeg, ["-v", "error", "-y", "-i", "rot.mp4", "-c:v", "libx264",
                                                       "-preset", "ultrafast", "ref.mp4"], in: dir)
        XCTAssertEqual(r.status, 0, r.summary)

        r = try ToolProcess.run(["warp", "rot.mp4", "out.mp4", "--factor", "2", "-q"], in: dir)
        XCTAssertEqual(r.status, 0, r.summary)
        let probe = try ToolProcess.run(program: Self.ffprobe, ["-v", "error", "-show_entries",
                                                                "stream=width,height:stream_side_data=rotation",
                                                                "-of", "csv=p=0", "out.mp4"], in: dir)
        XCTAssertEqual(probe.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "120,160",
                       "upright pixels and no rotation to apply: \(probe.summary)")
        // The first picture (T(0) = 0) is ffmpeg's upright one: a high PSNR, where the picture
        // turned the other way round scores about 6 dB.
        let psnr = try ToolProcess.run(program: Self.ffmpeg, ["-v", "info", "-i", "out.mp4", "-i", "ref.mp4", "-lavfi",
                                                              "[0:v]trim=end_frame=1[a];[1:v]trim=end_frame=1[b];[a][b]psnr",
                                                              "-f", "null", "-"], in: dir)
        let value = psnr.stderr.split(separator: "\n").first { $0.contains("PSNR y:") }
            .flatMap { $0.split(separator: " ").first { $0.hasPrefix("average:") } }
            .flatMap { Double($0.dropFirst("average:".count)) }
        XCTAssertGreaterThan(try XCTUnwrap(value, psnr.summary), 30, psnr.stderr)
    }

    /// A rotated input with an odd side: the crop that x264 needs is decided for the frame as it
    /// is before and after the turn (the orientation tag reaches videoflip after the first caps),
    /// so the run succeeds and the upright 120x161 picture is written 120x160.
    func testRotatedOddSizeIsCroppedUpright() throws {
        for tool in [Self.ffmpeg, Self.ffprobe] where !FileManager.default.isExecutableFile(atPath: tool) {
            throw XCTSkip("\(tool) is not installed (scripts/install-deps.sh installs ffmpeg)")
        }
        let dir = try ToolProcess.temporaryDirectory(for: self)
        // 161x120 stored (4:4:4 takes an odd width), displayed turned by 90°: upright 120x161.
        var r = try ToolProcess.run(program: Self.ffmpeg, ["-v", "error", "-y", "-f", "lavfi", "-i",
                                                           "testsrc=size=161x120:rate=25:duration=1", "-c:v", "libx264",
                                                           "-preset", "ultrafast", "-pix_fmt", "yuv444p", "plain.mp4"], in: dir)
        XCTAssertEqual(r.status, 0, r.summary)
        try MediaProbe.rotatedCopy("plain.mp4", to: "rot.mp4", in: dir)
        r = try ToolProcess.run(["warp", "rot.mp4", "out.mp4", "--factor", "2"], in: dir)
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertTrue(r.stdout.contains("Converted: 120x161 has an odd side") || r.stderr.contains("Converted: 120x161 has an odd side"),
                      r.summary)
        let probe = try ToolProcess.run(program: Self.ffprobe, ["-v", "error", "-show_entries",
                                                                "stream=width,height:stream_side_data=rotation",
                                                                "-of", "csv=p=0", "out.mp4"], in: dir)
        XCTAssertEqual(probe.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "120,160", probe.summary)
    }
}
