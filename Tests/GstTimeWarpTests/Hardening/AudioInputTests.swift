import XCTest
import CGStreamer
import CGStreamerCheck
@testable import GstTimeWarp

/// audiotimewarp with awkward input: buffers that split frames, timestamps that are missing
/// across a caps change, timestamps that go backwards.
final class AudioInputTests: XCTestCase {
    static func caps(channels: Int) -> String {
        "audio/x-raw,format=S16LE,rate=48000,channels=\(channels),layout=interleaved"
    }

    /// 9600 stereo S16 frames of a ramp, as bytes.
    static let ramp: [UInt8] = (0..<9600 * 2).flatMap { i -> [UInt8] in
        let v = Int16(truncatingIfNeeded: (i * 7) % 20000 - 10000)
        return [UInt8(truncatingIfNeeded: v), UInt8(truncatingIfNeeded: v >> 8)]
    }

    /// The output bytes for `ramp` pushed in pieces of `piece` bytes (whole when nil).
    func output(piece: Int?) -> [UInt8] {
        let h = Harness("audiotimewarp factor=2 interpolation=cubic")
        h.setCaps(input: Self.caps(channels: 2), output: Self.caps(channels: 2))
        h.pushSegment(start: 0, base: 0)
        let size = piece ?? Self.ramp.count
        var offset = 0
        while offset < Self.ramp.count {
            let chunk = Array(Self.ramp[offset..<min(offset + size, Self.ramp.count)])
            // Each piece is stamped with the time of the frame its first byte belongs to.
            h.push(bytes: chunk, pts: UInt64(offset / 4) * sec / 48000)
            offset += size
        }
        h.pushEOS()
        return h.pullAllWithBytes().flatMap(\.bytes)
    }

    func testFramesSplitAcrossBuffersAreJoined() {
        let whole = output(piece: nil)
        XCTAssertEqual(whole.count, 2 * 9600 * 4)  // factor 2: twice the frames
        for piece in [7, 1, 4097] {
            let pieces = output(piece: piece)
            XCTAssertEqual(pieces.count, whole.count, "pieces of \(piece) bytes")
            XCTAssertTrue(pieces == whole, "pieces of \(piece) bytes give other samples")
        }
    }

    func testTimestampsContinueAcrossACapsChangeWithoutPTS() {
        let h = Harness("audiotimewarp factor=2 interpolation=linear")
        h.setCaps(input: Self.caps(channels: 2), output: "audio/x-raw,format=S16LE,rate=48000,layout=interleaved")
        h.pushSegment(start: 0, base: 0)
        h.push(bytes: [UInt8](repeating: 0, count: 4800 * 4), pts: 0)          // 100 ms
        h.push(bytes: [UInt8](repeating: 0, count: 4800 * 4), pts: ClockTime.none)
        _ = gst_harness_push_event(h.raw, gst_event_new_caps(gst_caps_from_string(Self.caps(channels: 1))))
        h.push(bytes: [UInt8](repeating: 0, count: 4800 * 2), pts: ClockTime.none)
        h.pushEOS()
        let out = h.pullAll()
        // 300 ms of input at factor 2: 600 ms of output, contiguous from 0.
        var expected: UInt64 = 0
        for b in out {
            XCTAssertEqual(Double(b.pts), Double(expected), accuracy: 1, "output went back or jumped")
            expected = b.pts + b.duration
        }
        XCTAssertEqual(Double(expected), Double(600 * ms), accuracy: Double(sec) / 48000)
    }

    func testOverlappingTimestampsAreClippedWithOneWarning() {
        let h = Harness("audiotimewarp factor=2 interpolation=linear")
        h.setCaps(input: Self.caps(channels: 2), output: Self.caps(channels: 2))
        h.pushSegment(start: 0, base: 0)
        h.push(bytes: [UInt8](repeating: 0, count: 4800 * 4), pts: 0)            // 0 ... 100 ms
        h.push(bytes: [UInt8](repeating: 0, count: 4800 * 4), pts: 50 * ms)      // 50 ... 150 ms
        h.push(bytes: [UInt8](repeating: 0, count: 4800 * 4), pts: 100 * ms)     // repeats 100 ms
        h.pushEOS()
        let out = h.pullAll()
        var end: UInt64 = 0
        for b in out {
            XCTAssertGreaterThanOrEqual(b.pts, end, "output overlaps")
            end = b.pts + b.duration
        }
        // Input covers 0 ... 200 ms once (the overlaps 50 ... 100 and 100 ... 150 ms dropped):
        // 400 ms of output.
        XCTAssertEqual(Double(end), Double(400 * ms), accuracy: Double(sec) / 48000)
        XCTAssertEqual(h.messages().filter { $0.text.contains("went backwards") }.count, 1)
    }
}
