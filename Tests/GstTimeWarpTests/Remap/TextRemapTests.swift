import XCTest
import CGStreamer
import CGStreamerCheck
@testable import GstTimeWarp

/// texttimewarp along a remap curve: a cue is shown wherever p(τ) lies inside it, in output order.
final class TextRemapTests: XCTestCase {
    func testACueInsideARewoundPassageIsShownTwiceInOutputOrder() {
        // p(τ) = τ on [0, 2], 4 - τ on [2, 4]. Cue A on input [0.5, 1.0): τ [0.5, 1.0) and
        // (3.0, 3.5]; cue B on [1.2, 1.4): τ [1.2, 1.4) and (2.6, 2.8]. In output order:
        // A 0.5, B 1.2, B 2.6, A 3.0, each lasting its own length.
        let h = Harness("texttimewarp function=remap remap=\"0s:0s, 2s:2s, 4s:0s\"")
        h.setCaps(input: "text/x-raw,format=utf8", output: "text/x-raw,format=utf8")
        XCTAssertEqual(h.push(bytes: Array("A".utf8), pts: 500 * ms, duration: 500 * ms), GST_FLOW_OK)
        XCTAssertEqual(h.push(bytes: Array("B".utf8), pts: 1200 * ms, duration: 200 * ms), GST_FLOW_OK)
        h.pushEOS()
        let out = h.pullAll()
        XCTAssertEqual(out.map(\.tag), [65, 66, 66, 65])
        let pts = out.map { Double($0.pts) / 1e9 }
        for (got, want) in zip(pts, [0.5, 1.2, 2.6, 3.0]) { XCTAssertEqual(got, want, accuracy: 1e-6) }
        let durations = out.map { Double($0.duration) / 1e9 }
        for (got, want) in zip(durations, [0.5, 0.2, 0.2, 0.5]) { XCTAssertEqual(got, want, accuracy: 1e-6) }
    }

    func testACueCutByAJumpIsCut() {
        // Play 0–1 s, cut to 3 s, play 3–4 s: a cue on [0.5, 3.5) shows on τ [0.5, 1) and again
        // on [1, 1.5) (input 3–3.5), joined into one stretch [0.5, 1.5).
        let h = Harness("texttimewarp function=remap remap=\"0s:0s, 1s:1s, 1s:3s, 2s:4s\"")
        h.setCaps(input: "text/x-raw,format=utf8", output: "text/x-raw,format=utf8")
        _ = h.push(bytes: Array("C".utf8), pts: 500 * ms, duration: 3000 * ms)
        // A cue inside the part the cut skips is never shown.
        _ = h.push(bytes: Array("D".utf8), pts: 2000 * ms, duration: 500 * ms)
        h.pushEOS()
        let out = h.pullAll()
        XCTAssertEqual(out.map(\.tag), [67])
        XCTAssertEqual(Double(out.first?.pts ?? 0) / 1e9, 0.5, accuracy: 1e-6)
        XCTAssertEqual(Double(out.first?.duration ?? 0) / 1e9, 1.0, accuracy: 1e-6)
    }
}
