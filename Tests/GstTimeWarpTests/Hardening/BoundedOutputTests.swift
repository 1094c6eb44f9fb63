import XCTest
import CGStreamer
import CGStreamerCheck
@testable import GstTimeWarp

/// Output stays bounded whatever the scale: audio in buffers of at most 4096 frames, duplicates
/// limited by max-duplication-time, frames by max-rate, and nothing past the clock range.
final class BoundedOutputTests: XCTestCase {
    static let audio = "audio/x-raw,format=F32LE,rate=8000,channels=2,layout=interleaved"
    static let video25 = "video/x-raw,format=GRAY8,width=4,height=4,framerate=25/1"
    static let videoVFR = "video/x-raw,format=GRAY8,width=4,height=4,framerate=0/1"

    func testHugeAudioScaleComesOutInBoundedBuffers() {
        // 10 frames at factor 1e5: T(10/8000 s) = 125 s, 1,000,000 frames at 8 kHz.
        let h = Harness("audiotimewarp factor=100000 interpolation=linear")
        h.setCaps(input: Self.audio, output: Self.audio)
        h.pushSegment(start: 0, base: 0)
        h.push(bytes: [UInt8](repeating: 0, count: 10 * 8), pts: 0)
        h.pushEOS()
        var frames = 0, largest = 0
        while let b = gst_harness_try_pull(h.raw) {
            let n = Int(gst_buffer_get_size(b)) / 8
            frames += n
            largest = max(largest, n)
            gst_mini_object_unref(UnsafeMutableRawPointer(b).assumingMemoryBound(to: GstMiniObject.self))
        }
        XCTAssertEqual(frames, 1_000_000)
        XCTAssertLessThanOrEqual(largest, 4096)
    }

    func testAMapPastTheClockRangeIsRefused() {
        // D = 10 s, factor 1e9: 1e10 s of output, past 2^63 ns (9.2e9 s).
        let h = Harness("audiotimewarp factor=1e9 duration=10000000000")
        h.setCaps(input: Self.audio, output: Self.audio)
        h.pushSegment(start: 0, base: 0)
        XCTAssertEqual(h.push(bytes: [UInt8](repeating: 0, count: 80), pts: 0), GST_FLOW_ERROR)
        let errors = h.messages().filter(\.isError)
        XCTAssertTrue(errors.contains { $0.text.contains("clock range") }, "\(errors.map(\.text))")
    }

    func testMaxDuplicationTimeTurnsALongGapIntoAGapEvent() {
        let h = Harness("videotimewarp max-duplication-time=1000000000")
        h.setCaps(input: Self.video25, output: Self.video25)
        h.pushSegment(start: 0, base: 0)
        // A 25-hour jump between two frames.
        h.push(pts: 0, duration: 40 * ms, tag: 1)
        h.push(pts: 25 * 3600 * sec, duration: 40 * ms, tag: 2)
        h.pushEOS()
        let out = h.pullAll()
        XCTAssertEqual(out.map(\.pts), [0, 25 * 3600 * sec])
        XCTAssertEqual(out.map(\.tag), [1, 2])
        let gaps = h.pullEvents().filter { $0.type == GST_EVENT_GAP }
        XCTAssertEqual(gaps.count, 1)
    }

    func testMaxRateDropsFramesInVariableRate() {
        // 100 fps input, max-rate 25: every fourth frame (40 ms apart) passes.
        let h = Harness("videotimewarp max-rate=25")
        h.setCaps(input: "video/x-raw,format=GRAY8,width=4,height=4,framerate=100/1", output: Self.videoVFR)
        h.pushSegment(start: 0, base: 0)
        for i in 0..<20 { h.push(pts: UInt64(i) * 10 * ms, duration: 10 * ms, tag: UInt8(i)) }
        let out = h.pullAll()
        XCTAssertEqual(out.map(\.tag), [0, 4, 8, 12, 16])
        XCTAssertEqual(h.uint64Property("drop"), 15)
    }

    func testFramesAtTheEndOfTheClockRangeAreDroppedWithAWarning() {
        let end = UInt64(Int64.max)
        let start = end - 1 * sec
        for caps in [Self.video25, Self.videoVFR] {
            let h = Harness("videotimewarp")
            h.setCaps(input: Self.video25, output: caps)
            h.pushSegment(start: start, base: 0)
            for i in 0..<30 { h.push(pts: start + UInt64(i) * 40 * ms, duration: 40 * ms, tag: UInt8(i)) }
            h.pushEOS()
            let out = h.pullAll()
            // 25 frames lie before the end (the identity map is exact in integers).
            XCTAssertEqual(out.count, 25, caps)
            XCTAssertTrue(out.allSatisfy { $0.pts < end }, caps)
            XCTAssertEqual(out.last?.pts, start + 24 * 40 * ms, caps)
            XCTAssertEqual(h.messages().filter { $0.text.contains("end of the clock range") }.count, 1, caps)
        }
    }

    func testAGapReachingPastTheClockRangeIsClamped() {
        let h = Harness("videotimewarp")
        h.setCaps(input: Self.video25, output: Self.videoVFR)
        h.pushSegment(start: 0, base: 0)
        let end = UInt64(Int64.max)
        _ = gst_harness_push_event(h.raw, gst_event_new_gap(GstClockTime(end - sec), GstClockTime(10 * sec)))
        _ = gst_harness_push_event(h.raw, gst_event_new_gap(GstClockTime(UInt64.max - 1), 10))
        var gaps: [(UInt64, UInt64)] = []
        while let e = gst_harness_try_pull_event(h.raw) {
            if e.pointee.type == GST_EVENT_GAP {
                var ts: GstClockTime = 0, dur: GstClockTime = 0
                gst_event_parse_gap(e, &ts, &dur)
                gaps.append((UInt64(ts), UInt64(dur)))
            }
            gst_mini_object_unref(UnsafeMutableRawPointer(e).assumingMemoryBound(to: GstMiniObject.self))
        }
        XCTAssertEqual(gaps.count, 1)
        XCTAssertEqual(gaps.first?.0, end - sec)
        XCTAssertEqual(gaps.first?.1, sec)
    }

    func testAudioPastTheClockRangeEndsWithEOSNotAnEndlessDrain() {
        // Found by fuzz/run-elements.sh: factor 1e300 without a duration puts the output past
        // 2^63 ns; the run's drain must stop at once (it rendered 2^63 frames, one dropped
        // buffer at a time).
        let caps = "audio/x-raw,format=F32LE,rate=48000,channels=2,layout=interleaved"
        let h = Harness("audiotimewarp factor=1e300")
        h.setCaps(input: caps, output: caps)
        h.pushSegment(start: 0, base: 0)
        let first = h.push(bytes: [UInt8](repeating: 0, count: 48), pts: 324_004_999_999_999, duration: 1_250_000)
        let second = h.push(bytes: [UInt8](repeating: 0, count: 48), pts: 432_004_999_999_999, duration: 1_250_000)
        XCTAssertTrue([first, second].contains(GST_FLOW_EOS), "\(first) \(second)")
        XCTAssertEqual(h.pullAll().count, 0)
        XCTAssertEqual(h.messages().filter { $0.text.contains("end of the clock range") }.count, 1)
    }
}
