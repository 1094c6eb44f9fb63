import XCTest
import CGStreamer
import CGStreamerCheck
@testable import GstTimeWarp

/// videotimewarp along remap curves that stop and go backwards. Expected frames are worked out by
/// hand: slot k at τ = k/30 s shows the frame covering p(τ), i.e. index floor(30·p(τ)) of a 30 fps
/// input whose frames carry their index.
final class VideoRemapTests: XCTestCase {
    static let caps30 = "video/x-raw,format=GRAY8,width=4,height=4,framerate=30/1"
    static let example = "0s:0s, 2s:2s, 3s:2s, 5s:0s, 10s:5s"

    /// Frame i of a 30 fps input starts at i/30 s (ns, rounded down as GStreamer's scale does).
    static func pts(_ i: Int) -> UInt64 { ClockTime.scale(UInt64(i), ClockTime.second, 30)! }

    func pushFrames(_ h: Harness, _ range: Range<Int>) {
        for i in range { h.push(pts: Self.pts(i), duration: Self.pts(i + 1) - Self.pts(i), tag: UInt8(i)) }
    }

    func remapHarness(_ remap: String, extra: String = "") -> Harness {
        let h = Harness("videotimewarp function=remap remap=\"\(remap)\" \(extra)")
        h.setCaps(input: Self.caps30, output: Self.caps30)
        return h
    }

    func testPlayHoldRewindPlayShowsTheFramesTheCurveNames() {
        let h = remapHarness(Self.example)
        pushFrames(h, 0..<150)
        h.pushEOS()
        let out = h.pullAll()
        // 10 s at 30 fps.
        XCTAssertEqual(out.count, 300)
        XCTAssertEqual(out.map(\.pts), (0..<300).map(Self.pts))
        // p(τ): τ on [0, 2]; 2 on [2, 3]; 5 - τ on [3, 5]; τ - 5 on [5, 10]. Index 30·p(τ_k):
        // k; 60; 150 - k; k - 150.
        func expected(_ k: Int) -> Int {
            switch k {
            case 0..<60: return k
            case 60..<90: return 60
            case 90..<150: return 150 - k
            default: return k - 150
            }
        }
        for (k, buffer) in out.enumerated() {
            XCTAssertLessThanOrEqual(abs(Int(buffer.tag) - expected(k)), 1, "slot \(k)")
        }
        // The hold: 30 copies of index 60.
        XCTAssertEqual(out[60..<90].map(\.tag), Array(repeating: 60, count: 30))
        // The rewind: a descending run.
        let rewind = out[90..<150].map(\.tag)
        XCTAssertTrue(zip(rewind, rewind.dropFirst()).allSatisfy { $0 > $1 }, "\(rewind)")
        // Duplicates share memory.
        XCTAssertEqual(out[61].dataAddress, out[62].dataAddress)
        XCTAssertEqual(h.uint64Property("out"), 300)
    }

    func testASeekToOutputFourSecondsShowsIndexThirtyFirst() {
        let h = remapHarness(Self.example)
        pushFrames(h, 0..<10)
        _ = h.pullAll()
        let seek = gst_event_new_seek(1.0, GST_FORMAT_TIME,
                                      GstSeekFlags(rawValue: GST_SEEK_FLAG_FLUSH.rawValue | GST_SEEK_FLAG_ACCURATE.rawValue),
                                      GST_SEEK_TYPE_SET, gint64(4 * sec), GST_SEEK_TYPE_NONE, -1)!
        let seqnum = gst_event_get_seqnum(seek)
        XCTAssertTrue(h.pushUpstream(seek))
        // From τ = 4 s on the curve shows input down to 0 s (the rewind's end): read from 0.
        let upstream = h.pullUpstreamEvents().compactMap(\.seekStart)
        XCTAssertEqual(upstream, [0])
        h.flush()
        h.pushSegment(start: 0, base: 0, seqnum: seqnum)
        pushFrames(h, 0..<150)
        h.pushEOS()
        let out = h.pullAll()
        // p(4) = 1 s: index 30 first; then 6 s of output (τ 4 to 10): 180 slots.
        XCTAssertEqual(out.first?.tag, 30)
        XCTAssertEqual(out.count, 180)
        let segment = h.pullEvents().compactMap(\.segment).last
        XCTAssertEqual(segment.map { UInt64($0.time) }, 4 * sec)
    }

    func testAForwardRemapGivesTheTimestampsOfTheConstantCurve() {
        // "0s:0s, 10s:5s" on a 5 s medium is function=constant factor=2, frame for frame.
        let remapped = remapHarness("0s:0s, 10s:5s")
        let constant = Harness("videotimewarp factor=2")
        constant.setCaps(input: Self.caps30, output: Self.caps30)
        for h in [remapped, constant] { pushFrames(h, 0..<150); h.pushEOS() }
        let a = remapped.pullAll(), b = constant.pullAll()
        XCTAssertEqual(a.count, 300)
        XCTAssertEqual(a.map(\.pts), b.map(\.pts))
        XCTAssertEqual(a.map(\.tag), b.map(\.tag))
    }

    func testDurationAndPositionAreInOutputTime() {
        let h = remapHarness(Self.example)
        XCTAssertEqual(h.uint64Property("output-duration"), 10 * sec)
        pushFrames(h, 0..<30)
        _ = h.pullAll()
        var duration: gint64 = 0
        XCTAssertTrue(gst_element_query_duration(h.inner("videotimewarp"), GST_FORMAT_TIME, &duration).isTrue)
        XCTAssertEqual(duration, gint64(10 * sec))
    }

    func testRefusals() {
        // Keys out of order: the property warns with the key's number.
        let bad = remapHarness("0s:0s, 3s:1s, 2s:2s")
        bad.pushFrames(0..<2)
        XCTAssertTrue(bad.messages().contains { $0.text.contains("keyframe 3") }, "\(bad.messages().map(\.text))")
        // A rewind longer than max-history is refused, saying how much it needs.
        let long = remapHarness("0s:0s, 4s:4s, 8s:0s", extra: "max-history=1000000000")
        long.pushFrames(0..<2)
        XCTAssertTrue(long.messages().contains { $0.isError && $0.text.contains("4 s of history") },
                      "\(long.messages().map(\.text))")
    }
}

private extension Harness {
    func pushFrames(_ range: Range<Int>) {
        for i in range {
            push(pts: VideoRemapTests.pts(i), duration: VideoRemapTests.pts(i + 1) - VideoRemapTests.pts(i), tag: UInt8(i))
        }
    }
}

private extension gboolean {
    var isTrue: Bool { self != 0 }
}

/// The history past its memory bound: frames go to the temporary file and come back, unchanged.
final class VideoRemapHistoryTests: XCTestCase {
    func testFramesSpilledToTheFileComeBackUnchanged() {
        // 64 bytes of memory: four 4x4 GRAY8 frames; the rest of the 2 s rewind is in the file.
        setenv("GST_TIMEWARP_HISTORY_MEMORY", "64", 1)
        defer { unsetenv("GST_TIMEWARP_HISTORY_MEMORY") }
        let h = Harness("videotimewarp function=remap remap=\"\(VideoRemapTests.example)\"")
        h.setCaps(input: VideoRemapTests.caps30, output: VideoRemapTests.caps30)
        for i in 0..<150 {
            let bytes = [UInt8](repeating: UInt8(i), count: 16)
            XCTAssertEqual(h.push(bytes: bytes, pts: VideoRemapTests.pts(i), duration: VideoRemapTests.pts(i + 1) - VideoRemapTests.pts(i)),
                           GST_FLOW_OK)
        }
        h.pushEOS()
        let out = h.pullAllWithBytes()
        XCTAssertEqual(out.count, 300)
        // The same frames as in memory (VideoRemapTests): index k, 60, 150 - k, k - 150, ±1; and
        // every byte of a frame is its index (nothing lost on the way through the file).
        for (k, frame) in out.enumerated() {
            let expected = k < 60 ? k : k < 90 ? 60 : k < 150 ? 150 - k : k - 150
            XCTAssertLessThanOrEqual(abs(Int(frame.buffer.tag) - expected), 1, "slot \(k)")
            XCTAssertEqual(Set(frame.bytes), [frame.buffer.tag], "slot \(k)")
        }
        XCTAssertEqual(out[60..<90].map(\.buffer.tag), Array(repeating: 60, count: 30))
        XCTAssertEqual(h.messages().filter(\.isError).map(\.text), [])
    }
}

/// Blending along a remap curve.
final class VideoRemapBlendTests: XCTestCase {
    func testSlowPartsMixTheTwoFramesAroundTheInputAndRewindsToo() {
        // "0s:0s, 2s:1s, 3s:0.5s": half speed forwards, then backwards at speed -0.5. Frame i is
        // all bytes 8·i. Slot k at τ = k/30 shows p = k/60 (forwards): odd k between frames
        // (k-1)/2 and (k+1)/2 halfway, a mix of 8·(k-1)/2 and 8·(k+1)/2, i.e. 4·k; even k frame
        // k/2 itself (8·k/2 = 4·k). So every slot's bytes are 4·k while going forwards. Backwards,
        // slot k (τ from 2 to 3) shows p = 1 - (τ - 2)/2 = 2 - k/60: bytes 8·30·p = 480 - 4k,
        // mod 256 not needed: k in 60..<90 gives 240 down to 124.
        let h = Harness("videotimewarp frame-mode=blend function=remap remap=\"0s:0s, 2s:1s, 3s:0.5s\"")
        h.setCaps(input: VideoRemapTests.caps30, output: VideoRemapTests.caps30)
        for i in 0..<31 {
            _ = h.push(bytes: [UInt8](repeating: UInt8(8 * i), count: 16), pts: VideoRemapTests.pts(i),
                       duration: VideoRemapTests.pts(i + 1) - VideoRemapTests.pts(i))
        }
        h.pushEOS()
        let out = h.pullAllWithBytes()
        XCTAssertEqual(out.count, 90)
        for (k, frame) in out.enumerated() {
            let expected = k < 60 ? 4 * k : 480 - 4 * k
            XCTAssertLessThanOrEqual(abs(Int(frame.bytes[0]) - expected), 1, "slot \(k): \(frame.bytes[0])")
        }
    }
}

/// Remap curves with a live source: an instant replay works, running ahead of the input does not.
final class VideoRemapLiveTests: XCTestCase {
    func testALiveSourceReplaysFromTheHistory() {
        // Play 0–1 s, rewind to 0.5 s, play 0.5–1.5 s: p(τ) <= τ everywhere, 75 slots.
        let h = Harness("videotimewarp function=remap remap=\"0s:0s, 1s:1s, 1.5s:0.5s, 2.5s:1.5s\"")
        h.setLive(true)
        h.setCaps(input: VideoRemapTests.caps30, output: VideoRemapTests.caps30)
        for i in 0..<45 {
            h.push(pts: VideoRemapTests.pts(i), duration: VideoRemapTests.pts(i + 1) - VideoRemapTests.pts(i), tag: UInt8(i))
        }
        h.pushEOS()
        let out = h.pullAll()
        XCTAssertEqual(out.count, 75)
        // Slot k: k (k < 30), 60 - k (30 ≤ k < 45: p = 2 - τ), k - 30 (k ≥ 45: p = τ - 1), ±1.
        for (k, frame) in out.enumerated() {
            let expected = k < 30 ? k : k < 45 ? 60 - k : k - 30
            XCTAssertLessThanOrEqual(abs(Int(frame.tag) - expected), 1, "slot \(k)")
        }
        XCTAssertEqual(h.messages().filter(\.isError).map(\.text), [])
    }

    func testACurveAheadOfALiveSourceIsRefusedSayingWhere() {
        // "0s:0s, 1s:2s, 2s:1s" shows input 2 s at output 1 s: not sent yet by a live source.
        let h = Harness("videotimewarp function=remap remap=\"0s:0s, 1s:2s, 2s:1s\"")
        h.setLive(true)
        h.setCaps(input: VideoRemapTests.caps30, output: VideoRemapTests.caps30)
        h.push(pts: 0, duration: VideoRemapTests.pts(1), tag: 0)
        let errors = h.messages().filter(\.isError).map(\.text)
        XCTAssertTrue(errors.contains { $0.contains("live source has not sent yet") && $0.contains("at output") }, "\(errors)")
    }
}

/// Past the input a remap curve shows, the elements ask upstream to stop (GST_FLOW_EOS), as
/// decoders do past a segment's stop.
final class RemapEndTests: XCTestCase {
    func testVideoStopsUpstreamOnceEverySlotWentOut() {
        // "0s:0s, 1s:1s, 2s:0s" shows input up to 1 s: slot 30 (τ = 1) shows frame 30, known when
        // frame 31 arrives; then all 60 slots are out.
        let h = Harness("videotimewarp function=remap remap=\"0s:0s, 1s:1s, 2s:0s\"")
        h.setCaps(input: VideoRemapTests.caps30, output: VideoRemapTests.caps30)
        var returns: [GstFlowReturn] = []
        for i in 0..<40 {
            returns.append(h.push(bytes: [UInt8](repeating: UInt8(i), count: 16), pts: VideoRemapTests.pts(i),
                                  duration: VideoRemapTests.pts(i + 1) - VideoRemapTests.pts(i)))
            if returns.last != GST_FLOW_OK { break }
        }
        XCTAssertEqual(returns.count, 32)
        XCTAssertEqual(returns.last, GST_FLOW_EOS)
        XCTAssertEqual(h.pullAll().count, 60)
    }

    func testAudioStopsUpstreamOnceEverySampleWentOut() {
        // "0s:0s, 0.5s:0.5s, 1s:0s" hears input up to 0.5 s (plus the kernel's 24 samples): the
        // 100 ms buffer starting at 0.5 s completes it; 1 s of output, 48000 samples.
        let h = Harness("audiotimewarp function=remap remap=\"0s:0s, 0.5s:0.5s, 1s:0s\"")
        let caps = AudioElementTests.caps()
        h.setCaps(input: caps, output: caps)
        var returns: [GstFlowReturn] = []
        for i in 0..<10 {
            returns.append(h.push(bytes: AudioSignals.f32Bytes(AudioSignals.sine(440, count: 4800)), pts: UInt64(i) * 100 * ms))
            if returns.last != GST_FLOW_OK { break }
        }
        XCTAssertEqual(returns.count, 6)
        XCTAssertEqual(returns.last, GST_FLOW_EOS)
        let samples = h.pullAllWithBytes().reduce(0) { $0 + $1.bytes.count / 4 }
        XCTAssertEqual(samples, 48000)
    }
}

/// A new segment without a flush (concat) along a remap curve.
final class VideoRemapConcatTests: XCTestCase {
    func testEachPartPlaysTheCurveAndRunningTimeContinues() {
        // Two parts of 1 s (30 frames each, stream time 0–1 s each, the second with base 1 s, as
        // concat sends them) through "0s:0s, 0.5s:0.5s, 1.5s:0s" (1.5 s of output each): the second
        // output segment's running time starts at 1.5 s, where the first output ended.
        let h = Harness("videotimewarp function=remap remap=\"0s:0s, 0.5s:0.5s, 1.5s:0s\"")
        h.setCaps(input: VideoRemapTests.caps30, output: VideoRemapTests.caps30)
        h.pushSegment(start: 0, stop: sec, base: 0)
        for i in 0..<30 { h.push(pts: VideoRemapTests.pts(i), duration: VideoRemapTests.pts(i + 1) - VideoRemapTests.pts(i), tag: UInt8(i)) }
        h.pushSegment(start: 0, stop: sec, base: sec)
        for i in 0..<30 { h.push(pts: VideoRemapTests.pts(i), duration: VideoRemapTests.pts(i + 1) - VideoRemapTests.pts(i), tag: UInt8(i)) }
        h.pushEOS()
        let out = h.pullAll()
        XCTAssertEqual(out.count, 90)
        let segments = h.pullEvents().compactMap(\.segment)
        XCTAssertEqual(segments.count, 2)
        XCTAssertEqual(segments.map { UInt64($0.base) }, [0, 1500 * ms])
        XCTAssertEqual(segments.map { UInt64($0.stop) }, [1500 * ms, 1500 * ms])
    }
}
