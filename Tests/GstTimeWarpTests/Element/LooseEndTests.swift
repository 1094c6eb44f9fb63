import XCTest
import CGStreamer
import CGStreamerCheck
@testable import GstTimeWarp

/// Loose ends of issue 21 (item 6) through GstHarness; the pipeline-level ones (DEFAULT, CONVERT
/// and SEGMENT queries against real upstream elements) are in Tests/python/test_loose_ends.py.
final class LooseEndTests: XCTestCase {
    /// The position never passes the duration, also when the stream runs on past the duration
    /// its container declared (here `duration` says 1 s, frames come until 1.16 s): factor 0.71
    /// gives a duration T(D) = 0.71 s, and upstream's (the harness's) last position 1.16 s would
    /// map to 0.8236 s; the answer is clamped to 0.71 s.
    func testPositionNeverPassesTheDuration() {
        let h = Harness("videotimewarp factor=0.71 duration=1000000000")
        h.setCaps(input: "video/x-raw,format=GRAY8,width=4,height=4,framerate=25/1",
                  output: "video/x-raw,format=GRAY8,width=4,height=4,framerate=0/1")
        for i in 0..<30 { h.push(pts: UInt64(i) * 40 * ms, duration: 40 * ms) }
        h.pushEOS()
        _ = h.pullAll()
        XCTAssertEqual(h.queryPosition("videotimewarp"), 710 * Int64(ms))
    }

    /// An ordinary audio caps change (a new rate) is logged, not posted.
    func testAudioCapsChangeIsNotPosted() {
        let h = Harness("audiotimewarp factor=2")
        h.setCaps(input: "audio/x-raw,format=S16LE,rate=48000,channels=1,layout=interleaved",
                  output: "audio/x-raw,format=S16LE,rate=48000,channels=1,layout=interleaved")
        h.push(pts: 0, duration: 10 * ms, size: 960)
        h.setInputCaps("audio/x-raw,format=S16LE,rate=44100,channels=1,layout=interleaved")
        h.push(pts: 10 * ms, duration: 10 * ms, size: 882)
        h.pushEOS()
        XCTAssertEqual(h.messages().count, 0)
    }
}
