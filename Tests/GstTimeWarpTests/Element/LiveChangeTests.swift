import XCTest
import CGStreamer
import CGStreamerCheck
@testable import GstTimeWarp

/// Time-map properties set while playing (issue 12): the map applied so far is kept and the new
/// one continues it from the first buffer after the change, `T(t) = T_old(t_c) + T_new(t) - T_new(t_c)`.
/// Expected values are derived by hand from that formula for constant maps (`T(t) = factor * t`).
final class LiveChangeTests: XCTestCase {
    static let video = "video/x-raw,format=GRAY8,width=4,height=4,framerate=30/1"
    static let videoVFR = "video/x-raw,format=GRAY8,width=4,height=4,framerate=0/1"
    static let audio = "audio/x-raw,format=F32LE,rate=48000,channels=1,layout=interleaved"

    /// PTS of frame `n` at 30 fps (ns).
    static func framePTS(_ n: Int) -> UInt64 { UInt64(n) * sec / 30 }

    /// A videotimewarp with `props`, 30 fps in and variable-rate out, after a segment from 0.
    static func playingVFR(_ props: String) -> Harness {
        let h = Harness("videotimewarp \(props)")
        h.setCaps(input: video, output: videoVFR)
        h.pushSegment()
        return h
    }

    /// Pushes frames `range` at 30 fps, each tagged with its index.
    static func pushFrames(_ h: Harness, _ range: Range<Int>) {
        for n in range { h.push(pts: framePTS(n), duration: framePTS(n + 1) - framePTS(n), tag: UInt8(n % 256)) }
    }

    func testVideoFactorChangeAtOneSecondContinuesTheTimeline() {
        let h = Self.playingVFR("")
        Self.pushFrames(h, 0..<30)
        h.set("factor", double: 2)  // the frame at 1 s is the first after the change
        Self.pushFrames(h, 30..<60)
        let out = h.pullAll()
        XCTAssertEqual(out.count, 60)
        for (n, b) in out.enumerated() {
            let t = Double(Self.framePTS(n)) / 1e9
            // Before the change T(t) = t; from t_c = 1 s on, T(t) = 1 + 2 (t - 1).
            let expected = n < 30 ? t : 1 + 2 * (t - 1)
            XCTAssertEqual(Double(b.pts) / 1e9, expected, accuracy: 2e-9, "frame \(n)")
        }
        XCTAssertTrue(h.messages().isEmpty)
    }

    /// 2 s of a 440 Hz sine through `audiotimewarp <props>` with `factor=2` set at 1 s; the
    /// output buffers and samples.
    static func sineWithChange(_ props: String) -> (out: [(buffer: PulledBuffer, bytes: [UInt8])], samples: [Double]) {
        let h = Harness("audiotimewarp \(props)")
        h.setCaps(input: audio, output: audio)
        h.pushSegment()
        let rate = 48000, chunk = 4800
        let signal = AudioSignals.sine(440, rate: Double(rate), count: 2 * rate)
        for k in 0..<(2 * rate / chunk) {
            if k == rate / chunk { h.set("factor", double: 2) }  // at 1 s
            let bytes = AudioSignals.f32Bytes(Array(signal[(k * chunk)..<((k + 1) * chunk)]))
            h.push(bytes: bytes, pts: UInt64(k * chunk) * sec / UInt64(rate), duration: UInt64(chunk) * sec / UInt64(rate))
        }
        h.pushEOS()
        let out = h.pullAllWithBytes()
        return (out, out.flatMap { AudioSignals.f32Values($0.bytes) })
    }

    /// The checks both audio tests make: 1 s + 2 × 1 s of output to the sample, contiguous
    /// timestamps from 0, no step above the input sine's largest (2π f A / rate; the output at
    /// half speed is slower still), and the phase at output 2 s (input 1.5 s).
    static func checkSineWithChange(_ run: (out: [(buffer: PulledBuffer, bytes: [UInt8])], samples: [Double]),
                                    file: StaticString = #filePath, line: UInt = #line) {
        let rate = 48000
        XCTAssertEqual(run.samples.count, 3 * rate, file: file, line: line)
        for (a, b) in zip(run.out, run.out.dropFirst()) {
            XCTAssertEqual(b.buffer.pts, a.buffer.pts + a.buffer.duration, file: file, line: line)
        }
        XCTAssertEqual(run.out.first?.buffer.pts, 0, file: file, line: line)
        // (5 % over: the guard-band sinc kernel does not return the input samples at integer
        // positions exactly, and a new run reads copies of its first frame before it.)
        let largestInputStep = 2 * Double.pi * 440 * 0.5 / Double(rate)
        let largestStep = zip(run.samples, run.samples.dropFirst()).map { abs($1 - $0) }.max() ?? 0
        XCTAssertLessThanOrEqual(largestStep, largestInputStep * 1.05, file: file, line: line)
        guard run.samples.count > 2 * rate else { return }
        XCTAssertEqual(run.samples[2 * rate], 0.5 * sin(2 * Double.pi * 440 * 1.5), accuracy: 1e-3, file: file, line: line)
    }

    func testAudioFactorChangeLosesNothingAndDoesNotClick() {
        // A scale a hair above 1 is not the identity: the resampler runs from the start and
        // carries its phase and history across the change (1e-9 s more per second: below a
        // sample over 3 s).
        Self.checkSineWithChange(Self.sineWithChange("factor=1.000000001"))
    }

    func testSeekAndDurationAfterALiveChangeFollowTheAppliedMap() {
        let h = Self.playingVFR("duration=3000000000")
        Self.pushFrames(h, 0..<30)
        h.set("factor", double: 2)
        Self.pushFrames(h, 30..<31)
        // Applied: T(t) = t up to 1 s, then 1 + 2 (t - 1); over D = 3 s, T(3) = 5 s.
        XCTAssertEqual(Double(h.uint64Property("output-duration")) / 1e9, 5, accuracy: 1e-6)
        // A seek to output 2 s lands at T⁻¹(2) = 1.5 s of input (with the new map alone it
        // would be 1 s, with the old one 2 s).
        let (_, mapped) = h.sendSeek(to: 2 * sec)
        XCTAssertEqual(Double(mapped) / 1e9, 1.5, accuracy: 1e-6)
    }

    func testInvalidLiveChangeKeepsTheMapInUseAndWarns() {
        let h = Self.playingVFR("factor=2")
        Self.pushFrames(h, 0..<30)
        h.set("factor", double: -1)  // a decreasing map
        Self.pushFrames(h, 30..<60)
        let out = h.pullAll()
        XCTAssertEqual(out.count, 60)
        for (n, b) in out.enumerated() {
            XCTAssertEqual(Double(b.pts) / 1e9, 2 * Double(Self.framePTS(n)) / 1e9, accuracy: 2e-9, "frame \(n)")
        }
        let messages = h.messages()
        XCTAssertEqual(messages.filter(\.isError).count, 0)
        XCTAssertTrue(messages.contains { !$0.isError && $0.text.contains("refused") }, "\(messages.map(\.text))")
    }

    func testSecondChangeSplicesOntoTheFirst() {
        let h = Self.playingVFR("")
        Self.pushFrames(h, 0..<30)
        h.set("factor", double: 2)
        Self.pushFrames(h, 30..<60)
        h.set("factor", double: 0.5)
        Self.pushFrames(h, 60..<90)
        let out = h.pullAll()
        XCTAssertEqual(out.count, 90)
        // T = t to 1 s; 1 + 2 (t - 1) to 2 s (T(2) = 3); then 3 + 0.5 (t - 2).
        for (n, b) in out.enumerated() {
            let t = Double(Self.framePTS(n)) / 1e9
            let expected = t < 1 ? t : t < 2 ? 1 + 2 * (t - 1) : 3 + 0.5 * (t - 2)
            XCTAssertEqual(Double(b.pts) / 1e9, expected, accuracy: 2e-9, "frame \(n)")
        }
    }

    func testChangeBeforeTheFirstBufferReplacesTheMap() {
        let h = Self.playingVFR("")
        h.set("factor", double: 2)
        Self.pushFrames(h, 0..<3)
        let out = h.pullAll()
        XCTAssertEqual(out.map(\.pts), [0, 2 * Self.framePTS(1), 2 * Self.framePTS(2)])
    }

    func testFixedRateOutputFillsTheSplicedTimeline() {
        let h = Harness("videotimewarp")
        h.setCaps(input: Self.video, output: Self.video)
        h.pushSegment()
        Self.pushFrames(h, 0..<30)
        h.set("factor", double: 2)
        Self.pushFrames(h, 30..<60)
        h.pushEOS()
        let out = h.pullAll()
        // T(2 s) = 1 + 2 · 1 = 3 s of output at 30/1: 90 slots, slot k at k/30 s.
        XCTAssertEqual(out.count, 90)
        for (k, b) in out.enumerated() { XCTAssertEqual(b.pts, Self.framePTS(k), "slot \(k)") }
        // Slot k shows the frame whose warped time is nearest: before 1 s frame k itself; from
        // 1 s on, T(t_n) = 1 + 2 (n/30 - 1) = k/30 holds for n = 15 + k/2 (ties to the later frame).
        for k in stride(from: 30, to: 90, by: 2) { XCTAssertEqual(Int(out[k].tag), 15 + k / 2, "slot \(k)") }
    }

    func testSegmentStopMovesWithTheChange() {
        let h = Harness("videotimewarp")
        h.setCaps(input: Self.video, output: Self.videoVFR)
        h.pushSegment(start: 0, stop: 2 * sec)
        Self.pushFrames(h, 0..<30)
        h.set("factor", double: 2)
        Self.pushFrames(h, 30..<31)
        let segments = h.pullEvents().compactMap(\.segment)
        // First the identity's [0, 2 s], then the same start with the stop through the applied
        // map: T(2) = 1 + 2 (2 - 1) = 3 s.
        XCTAssertEqual(segments.map { UInt64($0.stop) }, [2 * sec, 3 * sec])
        XCTAssertEqual(segments.map { UInt64($0.start) }, [0, 0])
        XCTAssertEqual(segments.map { UInt64($0.base) }, [0, 0])
    }

    func testAudioLeavesThePassThroughWithoutAGap() {
        Self.checkSineWithChange(Self.sineWithChange(""))
    }
}
