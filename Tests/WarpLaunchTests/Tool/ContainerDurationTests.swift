import CGStreamer
import Foundation
import GStreamerDiscovery
import XCTest

/// Issue 33: the written file's duration is read by its demuxer alone (`ContainerDuration`), and
/// `videoflip` goes into the warp only for an input whose orientation tag asks for a turn
/// (`MediaInfo.videoTurned`). Inputs made by ffmpeg with durations set by construction.
final class ContainerDurationTests: XCTestCase {
    override func setUp() {
        gst_init(nil, nil)
    }

    /// 50 frames at 25 fps are 2 s (MP4 and Matroska); 1.5 s of 48 kHz PCM is 1.5 s (WAV):
    /// the demuxer states what was made, and what GstDiscoverer (which decodes) measures.
    func testDurationIsTheContainersOwn() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try FFmpegInput.run(["-f", "lavfi", "-i", "testsrc=size=160x120:rate=25", "-frames:v", "50",
                             "-c:v", "libx264", "-preset", "ultrafast", "v.mp4"], in: dir)
        try FFmpegInput.run(["-i", "v.mp4", "-c", "copy", "v.mkv"], in: dir)
        try FFmpegInput.run(["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=1.5",
                             "-c:a", "pcm_s16le", "a.wav"], in: dir)
        for (name, seconds) in [("v.mp4", 2.0), ("v.mkv", 2.0), ("a.wav", 1.5)] {
            let path = dir.appendingPathComponent(name).path
            let ns = try XCTUnwrap(ContainerDuration.read(path: path), name)
            XCTAssertEqual(Double(ns) / 1e9, seconds, accuracy: 0.001, name)
            XCTAssertEqual(ns, try MediaInfo.discover(path: path).duration, name)
        }
    }

    /// A file that is not media, and one that is missing, have no duration (the caller falls
    /// back to the discoverer, which names the problem).
    func testNoDurationForWhatIsNotMedia() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        let text = dir.appendingPathComponent("notes.txt")
        try "not a media file\n".write(to: text, atomically: true, encoding: .utf8)
        XCTAssertNil(ContainerDuration.read(path: text.path, timeoutSeconds: 5))
        XCTAssertNil(ContainerDuration.read(path: dir.appendingPathComponent("missing.mp4").path, timeoutSeconds: 5))
    }

    /// An upright clip has no turn (the warp leaves videoflip out); its copy with a display
    /// matrix of 90° (ffmpeg's) is turned, a quarter.
    func testOnlyATaggedInputIsTurned() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try FFmpegInput.run(["-f", "lavfi", "-i", "testsrc=size=160x120:rate=25:duration=1",
                             "-c:v", "libx264", "-preset", "ultrafast", "plain.mp4"], in: dir)
        try MediaProbe.rotatedCopy("plain.mp4", to: "rot.mp4", in: dir)
        let plain = try MediaInfo.discover(path: dir.appendingPathComponent("plain.mp4").path)
        let rotated = try MediaInfo.discover(path: dir.appendingPathComponent("rot.mp4").path)
        XCTAssertFalse(plain.videoTurned)
        XCTAssertFalse(plain.videoQuarterTurned)
        XCTAssertTrue(rotated.videoTurned)
        XCTAssertTrue(rotated.videoQuarterTurned)
    }
}
