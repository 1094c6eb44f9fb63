import XCTest
import CGStreamer
@testable import GstTimeWarp

/// One demuxed file through both elements with the same properties: audio and video end together.
final class AudioVideoSyncTests: XCTestCase {
    static let clip = "/tmp/gst-timewarp-av-clip-\(getpid()).mkv"
    static let made: Bool = (try? makeAudioVideoClip(seconds: 2, path: clip)) != nil

    func testAudioAndVideoEndWithinOneFrame() throws {
        try checkEndsTogether(audioProperties: "")
    }

    func testAudioAndVideoEndWithinOneFrameWithPitchPreserved() throws {
        try checkEndsTogether(audioProperties: "pitch=preserve")
    }

    /// Plays the clip through both elements along three curves (`audioProperties` added to
    /// audiotimewarp's) and checks that both streams end at T(2 s), within one video frame.
    func checkEndsTogether(audioProperties: String) throws {
        XCTAssertTrue(Self.made)
        for curve in ["function=triangle factor=2 modifier=0.5", "function=double-smoothstep factor=0.5 modifier=0.5",
                      "function=cosine factor=0.8 modifier=0.3"] {
            let p = try TestPipeline("filesrc location=\(Self.clip) ! matroskademux name=d "
                                     + "d.video_0 ! queue ! jpegdec ! videotimewarp \(curve) ! appsink name=v sync=false "
                                     + "d.audio_0 ! queue ! audiotimewarp \(curve) \(audioProperties) ! appsink name=a sync=false")
            XCTAssertTrue(p.setState(GST_STATE_PLAYING))
            let video = p.pullBuffers(from: "v"), audio = p.pullBuffers(from: "a")
            let videoEnd = (video.last.map { $0.pts + $0.duration }) ?? 0
            let audioEnd = (audio.last.map { $0.pts + $0.duration }) ?? 0
            XCTAssertGreaterThan(video.count, 0, curve)
            XCTAssertGreaterThan(audio.count, 0, curve)
            // One output video frame at 25 fps is 40 ms.
            XCTAssertLessThanOrEqual(abs(Double(videoEnd) - Double(audioEnd)), 40e6, curve)
            // Both end at T(2 s) = 2 s * F(1) (F(1) from the independent Simpson integration).
            let parts = curve.split(separator: " ").map { $0.split(separator: "=").last.map(String.init) ?? "" }
            let expected = 2e9 * VideoVariableRateTests.F(parts[0], 1, factor: Double(parts[1])!, modifier: Double(parts[2])!)
            XCTAssertEqual(Double(audioEnd), expected, accuracy: 1e6, curve)
        }
    }
}
