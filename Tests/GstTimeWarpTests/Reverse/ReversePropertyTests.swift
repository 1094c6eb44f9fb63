import XCTest
import Glibc
import CGStreamer
import CGStreamerCheck
@testable import GstTimeWarp

/// `reverse=true` (issue 13): a reverse stream (negative rate) goes out as a forward one, output
/// time `T(end) - T(t)`. Expected values by hand from `T(t) = factor · t`.
final class ReversePropertyTests: XCTestCase {
    static let video = "video/x-raw,format=GRAY8,width=4,height=4,framerate=30/1"
    static let videoVFR = "video/x-raw,format=GRAY8,width=4,height=4,framerate=0/1"
    static let audio = "audio/x-raw,format=F32LE,rate=48000,channels=1,layout=interleaved"

    static func framePTS(_ n: Int) -> UInt64 { UInt64(n) * sec / 30 }

    /// A reverse segment over [0, 1 s] and frames 29 ... 0, then EOS.
    static func playBackwards(_ h: Harness) {
        h.pushSegment(start: 0, stop: sec, base: 0, rate: -1)
        for n in (0..<30).reversed() { h.push(pts: framePTS(n), duration: framePTS(n + 1) - framePTS(n), tag: UInt8(n)) }
        h.pushEOS()
    }

    func testVariableRateFramesGoOutAscendingInDescendingSourceOrder() {
        let h = Harness("videotimewarp reverse=true factor=2")
        h.setCaps(input: Self.video, output: Self.videoVFR)
        Self.playBackwards(h)
        let segment = try! XCTUnwrap(h.pullEvents().compactMap(\.segment).last)
        // A forward segment from 0 to T(1 s) = 2 s.
        XCTAssertEqual(segment.rate, 1)
        XCTAssertEqual(UInt64(segment.start), 0)
        XCTAssertEqual(UInt64(segment.stop), 2 * sec)
        let out = h.pullAll()
        XCTAssertEqual(out.map { Int($0.tag) }, Array((0..<30).reversed()))
        // Frame n ends the reversed timeline's piece that starts at T(1) - T(t_n+1) = 2 - 2 (n+1)/30.
        for (b, n) in zip(out, (0..<30).reversed()) {
            XCTAssertEqual(Double(b.pts) / 1e9, 2 - 2 * Double(Self.framePTS(n + 1)) / 1e9, accuracy: 2e-9, "frame \(n)")
        }
        XCTAssertEqual(out.first?.pts, 0)
    }

    func testFixedRateSlotsAscendFromZero() {
        let h = Harness("videotimewarp reverse=true factor=2")
        h.setCaps(input: Self.video, output: Self.video)
        Self.playBackwards(h)
        let out = h.pullAll()
        // 60 slots at k/30 over [0, 2 s). Frame n starts at (58 - 2n)/30 in the reversed timeline:
        // slot k shows frame 29 - k/2, an odd slot ties and goes to the later one, 29 - (k+1)/2.
        XCTAssertEqual(out.map(\.pts), (0..<60).map { Self.framePTS($0) })
        // (Slot 59 has only frame 0 after it.)
        XCTAssertEqual(out.map { Int($0.tag) }, (0..<60).map { max(29 - ($0 + 1) / 2, 0) })
    }

    func testAudioIsTheInputPlayedBackwards() {
        // Linear interpolation: at factor 1 every output sample sits exactly on an input sample,
        // so the output must be the input reversed, whatever a kernel's pass band does.
        let h = Harness("audiotimewarp reverse=true interpolation=linear")
        h.setCaps(input: Self.audio, output: Self.audio)
        let rate = 48000, chunk = 4800
        // A linear chirp from 200 Hz to 2 kHz over 1 s.
        let chirp = (0..<rate).map { i -> Double in
            let t = Double(i) / Double(rate)
            return 0.5 * sin(2 * Double.pi * (200 * t + 900 * t * t))
        }
        h.pushSegment(start: 0, stop: sec, base: 0, rate: -1)
        for k in (0..<(rate / chunk)).reversed() {
            h.push(bytes: AudioSignals.f32Bytes(Array(chirp[(k * chunk)..<((k + 1) * chunk)])),
                   pts: UInt64(k * chunk) * sec / UInt64(rate), duration: UInt64(chunk) * sec / UInt64(rate), discont: true)
        }
        h.pushEOS()
        let out = h.pullAllWithBytes()
        for (a, b) in zip(out, out.dropFirst()) { XCTAssertEqual(b.buffer.pts, a.buffer.pts + a.buffer.duration) }
        XCTAssertEqual(out.first?.buffer.pts, 0)
        let samples = out.flatMap { AudioSignals.f32Values($0.bytes) }
        XCTAssertEqual(samples.count, rate)
        // The chirp reversed, sample for sample.
        let reversed = Array(chirp.reversed())
        let worst = (0..<rate).map { abs(samples[$0] - reversed[$0]) }.max() ?? 1
        XCTAssertLessThan(worst, 1e-6)
        // And it sweeps down: more zero crossings in the first half than in the second.
        let half = rate / 2
        let early = AudioSignals.zeroCrossingFrequency(samples, rate: Double(rate), from: 0, to: half)
        let late = AudioSignals.zeroCrossingFrequency(samples, rate: Double(rate), from: half, to: rate)
        XCTAssertGreaterThan(early, 2 * late)
    }

    func testForwardStreamAsksUpstreamForReversePlayback() {
        let h = Harness("videotimewarp reverse=true duration=1000000000")
        h.setCaps(input: Self.video, output: Self.videoVFR)
        h.pushSegment(start: 0, base: 0)
        h.push(pts: 0, duration: Self.framePTS(1))
        XCTAssertTrue(h.pullAll().isEmpty, "forward frames are not output while reverse playback is asked for")
        // The seek goes out from another thread.
        var seeks: [PulledEvent] = []
        for _ in 0..<200 where seeks.isEmpty {
            seeks = h.pullUpstreamEvents().filter { $0.seekStart != nil }
            if seeks.isEmpty { usleep(5_000) }
        }
        XCTAssertEqual(seeks.count, 1)
        XCTAssertEqual(seeks.first?.seekRate, -1)
        XCTAssertEqual(seeks.first?.seekStart, 0)
        XCTAssertEqual(seeks.first?.seekStop, Int64(sec))
    }
}
