import XCTest
import CGStreamer
@testable import GstTimeWarp

/// videotimewarp behind a demuxer: D comes from upstream, queries and seeks are in output time.
final class DemuxedFileTests: XCTestCase {
    static let clip = "/tmp/gst-timewarp-test-clip-\(getpid()).mkv"
    static let made: Bool = (try? makeTestClip(frames: 50, path: clip)) != nil  // 2 s at 25 fps

    override func setUp() { XCTAssertTrue(Self.made, "could not make the test clip") }

    func pipeline(_ warp: String) throws -> TestPipeline {
        try TestPipeline("filesrc location=\(Self.clip) ! matroskademux ! jpegdec ! \(warp) "
                         + "! appsink name=out sync=false")
    }

    func testDurationQueryAnswersInOutputTime() throws {
        let p = try pipeline("videotimewarp factor=2")
        XCTAssertTrue(p.setState(GST_STATE_PAUSED))
        // T(2 s) = 4 s for a constant factor 2.
        XCTAssertEqual(Double(p.duration() ?? 0), 4e9, accuracy: 1e6)
    }

    func testDurationComesFromUpstreamForNormalizedCurves() throws {
        // Triangle factor 2 modifier 0.5: F(1) = 1.25 (1 plus the triangle's area 0.5 * 1 / 2),
        // so the 2 s clip lasts 2.5 s. D = 2 s comes from the demuxer, not from a property.
        let p = try pipeline("videotimewarp function=triangle factor=2 modifier=0.5 ! video/x-raw,framerate=0/1")
        XCTAssertTrue(p.setState(GST_STATE_PAUSED))
        XCTAssertEqual(Double(p.duration() ?? 0), 2.5e9, accuracy: 1e6)
        XCTAssertTrue(p.setState(GST_STATE_PLAYING))
        let pts = p.pullTimestamps(from: "out")
        XCTAssertEqual(pts.count, 50)
    }

    func testSeekInOutputTime() throws {
        let p = try pipeline("videotimewarp factor=2")
        XCTAssertTrue(p.setState(GST_STATE_PAUSED))
        // Output 3 s is input 1.5 s; the first frame after the seek sits at 3 s.
        XCTAssertTrue(p.seek(to: 3 * sec))
        XCTAssertTrue(p.setState(GST_STATE_PLAYING))
        let pts = p.pullTimestamps(from: "out")
        XCTAssertEqual(Double(pts.first ?? 0), 3e9, accuracy: 40e6)
        // From 3 s to T(2 s) = 4 s at 25 fps: 25 frames.
        XCTAssertEqual(pts.count, 25)
    }
}
