import XCTest
import Glibc
import CGStreamer
import CGStreamerCheck
@testable import GstTimeWarp

/// Seeks, flushes, QoS, SEGMENT_DONE and position queries of both elements.
final class SeekAndFlushTests: XCTestCase {
    static let videoIn = "video/x-raw,format=GRAY8,width=4,height=4,framerate=25/1"
    static let videoVFR = "video/x-raw,format=GRAY8,width=4,height=4,framerate=0/1"

    /// Sends a flushing accurate seek to output position `x`, answers it from upstream with a
    /// segment at the mapped position (its start shifted by `shift`, as an edit list does) and
    /// returns the output segment.
    func seekAndAnswer(_ h: Harness, to x: UInt64, shift: UInt64 = 0) -> GstSegment? {
        let (seqnum, mapped) = h.sendSeek(to: x)
        XCTAssertGreaterThan(mapped, 0, "the seek did not reach upstream")
        h.flush()
        h.pushSegment(start: mapped + shift, time: mapped, base: 0, seqnum: seqnum)
        h.push(pts: mapped + shift, duration: 40 * ms)
        _ = h.pullAll()
        return h.pullEvents().compactMap(\.segment).last
    }

    func testAccurateSeeksLandExactlyOnTheRequestedPosition() {
        let h = Harness("videotimewarp function=cosine duration=10000000000")
        h.setCaps(input: Self.videoIn, output: Self.videoIn)
        h.pushSegment(start: 0, base: 0)
        h.push(pts: 0, duration: 40 * ms)
        // Many requested positions, so that T(round(T⁻¹(x))) ≠ x for some of them.
        for k in 1...60 {
            let x = UInt64(k) * 197_531_237 % (14 * sec) + 1
            let seg = seekAndAnswer(h, to: x)
            XCTAssertEqual(seg.map { UInt64($0.start) }, x, "seek to \(x)")
            XCTAssertEqual(seg.map { UInt64($0.time) }, x, "seek to \(x)")
        }
    }

    func testAccurateSeeksLandExactlyWithAnEditListOffset() {
        // qtdemux answers a seek with `time` at the position and `start` shifted by the edit
        // list (here 66.666666 ms): the output stream time must be exactly the request.
        let h = Harness("videotimewarp function=cosine duration=10000000000")
        h.setCaps(input: Self.videoIn, output: Self.videoIn)
        h.pushSegment(start: 0, base: 0)
        h.push(pts: 0, duration: 40 * ms)
        let shift: UInt64 = 66_666_666
        for k in 1...30 {
            let x = UInt64(k) * 397_531_211 % (14 * sec) + 1
            let seg = seekAndAnswer(h, to: x, shift: shift)
            XCTAssertEqual(seg.map { UInt64($0.time) }, x, "seek to \(x)")
            XCTAssertEqual(seg.map { UInt64($0.start) }, x + shift, "seek to \(x)")
        }
    }

    func testASegmentAnsweringAnOlderSeekStillLandsExactly() {
        // Scrubbing: seeks to x1 and x2 are sent before the segment answering x1 arrives.
        let h = Harness("videotimewarp function=cosine duration=10000000000")
        h.setCaps(input: Self.videoIn, output: Self.videoIn)
        h.pushSegment(start: 0, base: 0)
        h.push(pts: 0, duration: 40 * ms)
        var sent: [(x: UInt64, seqnum: UInt32, mapped: UInt64)] = []
        for x: UInt64 in [500_000_000, 1_000_000_001, 6_600_000_000] {
            let (seqnum, mapped) = h.sendSeek(to: x)
            sent.append((x, seqnum, mapped))
        }
        for s in sent {
            h.flush()
            h.pushSegment(start: s.mapped, base: 0, seqnum: s.seqnum)
            h.push(pts: s.mapped, duration: 40 * ms)
            _ = h.pullAll()
            XCTAssertEqual(h.pullEvents().compactMap(\.segment).last.map { UInt64($0.start) }, s.x)
        }
    }

    func testASegmentCausedByTheOtherBranchesSeekLandsExactly() {
        // A/V pipeline: the seek reaches the demuxer through the audio branch first, and the
        // demuxer pushes the new video segment before the video element has seen the seek.
        let audioCaps = "audio/x-raw,format=F32LE,rate=8000,channels=1,layout=interleaved"
        let audio = Harness("audiotimewarp function=cosine duration=10000000000")
        audio.setCaps(input: audioCaps, output: audioCaps)
        let video = Harness("videotimewarp function=cosine duration=10000000000")
        video.setCaps(input: Self.videoIn, output: Self.videoIn)
        video.pushSegment(start: 0, base: 0)
        video.push(pts: 0, duration: 40 * ms)
        _ = video.pullEvents()
        for x: UInt64 in [500_000_000, 4_500_000_000, 9_375_000_000, 11_300_000_000] {
            let (seqnum, mapped) = audio.sendSeek(to: x)
            video.flush()
            video.pushSegment(start: mapped, base: 0, seqnum: seqnum)
            video.push(pts: mapped, duration: 40 * ms)
            _ = video.pullAll()
            XCTAssertEqual(video.pullEvents().compactMap(\.segment).last.map { UInt64($0.start) }, x)
        }
    }

    /// Seeks with positions no player sends, as a fuzzer found them, go upstream instead of
    /// trapping (a trap on the thread that seeks kills the application). The first frame is at
    /// stream time Int64.max - 1 s, the map's origin; at factor 2, T⁻¹(x) = x / 2, and the input
    /// position is the origin plus that: for x = 4 s it passes Int64.max and is saturated there;
    /// a stop of -1 counted from the end and a negative stop are passed on as they are.
    func testSeeksWithOutlandishPositionsArePassedOnNotTrapped() {
        let h = Harness("videotimewarp factor=2 duration=10000000000")
        h.setCaps(input: Self.videoIn, output: Self.videoIn)
        let origin = Int64.max - Int64(sec)
        h.pushSegment(start: 0, time: UInt64(origin))
        h.push(pts: 0, duration: 40 * ms)
        _ = h.pullAll()
        let cases: [(start: gint64, stopType: GstSeekType, stop: gint64, mapped: Int64)] = [
            (4 * gint64(sec), GST_SEEK_TYPE_END, -1, Int64.max),
            (0, GST_SEEK_TYPE_SET, -7, origin),
        ]
        for c in cases {
            let seek = gst_event_new_seek(1.0, GST_FORMAT_TIME, GST_SEEK_FLAG_FLUSH, GST_SEEK_TYPE_SET, c.start,
                                          c.stopType, c.stop)!
            XCTAssertTrue(h.pushUpstream(seek), "seek \(c)")
            let sent = h.pullUpstreamEvents().filter { $0.seekStart != nil }
            XCTAssertEqual(sent.count, 1, "seek \(c)")
            XCTAssertEqual(sent.first?.seekStart, c.mapped, "seek \(c)")
            XCTAssertEqual(sent.first?.seekStop, Int64(c.stop), "seek \(c)")
            h.flush()
        }
    }

    func testEOSAfterAFlushDoesNotResendTheOldSegment() {
        let h = Harness("videotimewarp factor=2")
        h.setCaps(input: Self.videoIn, output: Self.videoIn)
        h.pushSegment(start: 0, base: 0, seqnum: 77)
        h.push(pts: 0, duration: 40 * ms)
        _ = h.pullEvents()
        h.flush()
        h.pushEOS()
        let after = h.pullEvents().map(\.type)
        XCTAssertFalse(after.contains(GST_EVENT_SEGMENT), "a stale segment went out after the flush")
        XCTAssertTrue(after.contains(GST_EVENT_EOS))
    }

    func testQoSIsMappedBackToInputRunningTime() {
        let h = Harness("videotimewarp factor=2")
        h.setCaps(input: Self.videoIn, output: Self.videoVFR)
        h.pushSegment(start: 0, base: 0)
        h.push(pts: 0, duration: 40 * ms)
        // T(t) = 2t: output running time 2 s is input 1 s; 10 ms late in output is 5 ms in input.
        XCTAssertTrue(h.pushUpstream(gst_event_new_qos(GST_QOS_TYPE_UNDERFLOW, 0.9, GstClockTimeDiff(10 * ms), GstClockTime(2 * sec))))
        let qos = h.pullUpstreamEvents().compactMap(\.qos)
        XCTAssertEqual(qos.count, 1)
        XCTAssertEqual(qos.first?.timestamp, 1 * sec)
        XCTAssertEqual(qos.first?.jitter, 5 * Int64(ms))
    }

    func testSegmentDoneIsInOutputTime() {
        let h = Harness("videotimewarp factor=2")
        h.setCaps(input: Self.videoIn, output: Self.videoVFR)
        h.pushSegment(start: 0, stop: 3 * sec, base: 0)
        h.push(pts: 0, duration: 40 * ms)
        _ = gst_harness_push_event(h.raw, gst_event_new_segment_done(GST_FORMAT_TIME, gint64(3 * sec)))
        let done = h.pullEvents().compactMap(\.donePosition)
        XCTAssertEqual(done, [Int64(6 * sec)])  // T(3 s) = 6 s
    }

    func testPositionQueryAnswersFromTheLastOutputWhenUpstreamCannot() {
        let h = Harness("videotimewarp factor=2")
        h.setCaps(input: Self.videoIn, output: Self.videoVFR)
        h.pushSegment(start: 0, base: 0)
        for i in 0..<10 { h.push(pts: UInt64(i) * 40 * ms, duration: 40 * ms) }
        _ = h.pullAll()
        var position: gint64 = -1
        XCTAssertTrue(gst_element_query_position(h.element, GST_FORMAT_TIME, &position) != 0)
        XCTAssertEqual(position, gint64(720 * ms))  // the newest frame, 360 ms, is at T(360 ms) = 720 ms
    }

    func testAudioPassThroughMarksAGapDiscont() {
        let caps = "audio/x-raw,format=F32LE,rate=8000,channels=1,layout=interleaved"
        let h = Harness("audiotimewarp")
        h.setCaps(input: caps, output: caps)
        h.pushSegment(start: 0, base: 0)
        h.pushAudio(frames: 800, pts: 0, rate: 8000)
        h.pushAudio(frames: 800, pts: 100 * ms, rate: 8000)
        h.pushAudio(frames: 800, pts: 500 * ms, rate: 8000)  // a 300 ms gap
        let out = h.pullAll()
        XCTAssertEqual(out.map(\.pts), [0, 100 * ms, 500 * ms])
        XCTAssertEqual(out.map(\.discont), [true, false, true])
    }

    func testTiesWithinAMicrosecondGoToTheLaterFrame() {
        // 30 fps input with timestamps rounded to µs (as MP4 files have them), factor 2, output
        // 30/1: frame k lands at 2k/30 s, so odd slots are ties between frames (k-1)/2 and
        // (k+1)/2 and must all show the later one: 0, 1, 1, 2, 2, 3, ...
        let caps30 = "video/x-raw,format=GRAY8,width=4,height=4,framerate=30/1"
        let h = Harness("videotimewarp factor=2")
        h.setCaps(input: caps30, output: caps30)
        h.pushSegment(start: 0, base: 0)
        for k in 0..<60 {
            let pts = (UInt64(k) * sec / 30 + 500) / 1000 * 1000
            h.push(pts: pts, duration: 33_333 * 1000, tag: UInt8(k))
        }
        h.pushEOS()
        let tags = h.pullAll().map(\.tag).prefix(118)
        let expected = (0..<118).map { UInt8(($0 + 1) / 2) }
        XCTAssertEqual(Array(tags), expected)
    }
}


/// The map is built once per stream: a duration that upstream reports differently later (as
/// matroskademux does after a seek) does not change it.
final class MapLifetimeTests: XCTestCase {
    func testUpstreamDurationChangeDoesNotRebuildTheMap() {
        let caps = "video/x-raw,format=GRAY8,width=4,height=4,framerate=25/1"
        let h = Harness("videotimewarp function=cosine")
        h.setCaps(input: caps, output: caps)
        var remove = h.answerUpstreamDuration(Int64(10 * sec))
        h.pushSegment(start: 0, base: 0)
        h.push(pts: 0, duration: 40 * ms)
        // Cosine with factor 1: F(1) = sin(6π)/(6π) + 1.5 = 1.5, so D = 10 s gives 15 s.
        XCTAssertEqual(h.uint64Property("output-duration"), 15 * sec)
        remove()
        remove = h.answerUpstreamDuration(10_000_333_000)
        defer { remove() }
        // A flushing seek and the segment it produces.
        let seek = gst_event_new_seek(1.0, GST_FORMAT_TIME, GST_SEEK_FLAG_FLUSH, GST_SEEK_TYPE_SET,
                                      gint64(6 * sec), GST_SEEK_TYPE_NONE, -1)!
        let seqnum = gst_event_get_seqnum(seek)
        XCTAssertTrue(h.pushUpstream(seek))
        let mapped = UInt64(h.pullUpstreamEvents().compactMap(\.seekStart).first ?? 0)
        h.flush()
        h.pushSegment(start: mapped, base: 0, seqnum: seqnum)
        h.push(pts: mapped, duration: 40 * ms)
        XCTAssertEqual(h.uint64Property("output-duration"), 15 * sec, "the map changed under the stream")
        // T⁻¹(6 s) with D = 10 s, by bisection on the closed form.
        var lo = 0.0, hi = 10.0
        for _ in 0..<100 {
            let mid = (lo + hi) / 2
            if SegmentContinuityTests.cosineT(mid) < 6 { lo = mid } else { hi = mid }
        }
        XCTAssertEqual(Double(mapped) / 1e9, lo, accuracy: 2e-9)
    }
}
