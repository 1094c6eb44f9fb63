import XCTest
import CGStreamer
import CGStreamerCheck
@testable import GstTimeWarp

/// Reverse playback through audiotimewarp (issue 13): buffers in descending order, each forward
/// inside, contiguous, one DISCONT, and the forward output's length and content.
final class AudioReverseTests: XCTestCase {
    static let audio = "audio/x-raw,format=F32LE,rate=48000,channels=1,layout=interleaved"
    static let rate = 48000, chunk = 4800

    /// A linear chirp from 200 Hz to 2 kHz over 1 s (amplitude 0.5).
    static let chirp: [Double] = (0..<rate).map { i in
        let t = Double(i) / Double(rate)
        return 0.5 * sin(2 * Double.pi * (200 * t + 900 * t * t))
    }

    /// Runs the chirp through `audiotimewarp <props>`, forwards or as a reverse segment (chunks
    /// last first, as a demuxer and decoder deliver them), and returns the output buffers.
    static func run(_ props: String, reverse: Bool) -> [(buffer: PulledBuffer, bytes: [UInt8])] {
        let h = Harness("audiotimewarp \(props)")
        h.setCaps(input: audio, output: audio)
        h.pushSegment(start: 0, stop: sec, base: 0, rate: reverse ? -1 : 1)
        let chunks = Array(0..<(rate / chunk))
        for k in reverse ? chunks.reversed() : chunks {
            let bytes = AudioSignals.f32Bytes(Array(chirp[(k * chunk)..<((k + 1) * chunk)]))
            h.push(bytes: bytes, pts: UInt64(k * chunk) * sec / UInt64(rate), duration: UInt64(chunk) * sec / UInt64(rate),
                   discont: reverse)  // a decoder marks each reverse chunk DISCONT
        }
        h.pushEOS()
        return h.pullAllWithBytes()
    }

    func testReverseOutputIsDescendingContiguousAndAsLongAsForward() {
        let out = Self.run("factor=2", reverse: true)
        XCTAssertFalse(out.isEmpty)
        // Descending and contiguous: each buffer ends where the one before it (in time) began.
        for (later, earlier) in zip(out, out.dropFirst()) {
            XCTAssertEqual(earlier.buffer.pts + earlier.buffer.duration, later.buffer.pts)
        }
        // T(1 s) = 2 s: the first buffer ends there, the last starts at 0.
        XCTAssertEqual(out.first.map { $0.buffer.pts + $0.buffer.duration }, 2 * sec)
        XCTAssertEqual(out.last?.buffer.pts, 0)
        let samples = out.reduce(0) { $0 + $1.bytes.count / 4 }
        XCTAssertEqual(samples, 2 * Self.rate)
        // One run: DISCONT on the first buffer only (the input chunks are contiguous).
        XCTAssertEqual(out.filter(\.buffer.discont).count, 1)
    }

    func testReverseContentIsTheForwardOutputPlayedBackwards() {
        for (props, factor) in [("factor=2", 2), ("factor=3", 3)] {
            let forward = Self.run(props, reverse: false).flatMap { AudioSignals.f32Values($0.bytes) }
            // Put the reverse output back on the timeline (ascending).
            let backward = Self.run(props, reverse: true).reversed().flatMap { AudioSignals.f32Values($0.bytes) }
            XCTAssertEqual(backward.count, forward.count, props)
            // The same samples, s - 1 output samples later. A resampler run renders the output
            // instants of [X(0), X(N)); reflected, that is (T(t_0), T(t_end)], while the output
            // keeps the forward span [T(t_0), T(t_end)). By hand, the sample placed at p reads the
            // warped input at p + 1/rate, shifted back by one input sample (s output samples) by
            // the reflection of the sample points: p - (s - 1)/rate.
            let shift = factor - 1
            let n = min(backward.count, forward.count)
            let worst = (200..<(n - 200)).map { abs(backward[$0] - forward[$0 - shift]) }.max() ?? 1
            XCTAssertLessThan(worst, 1e-5, props)
        }
    }

    func testReverseRunUsesTheQualityProperty() {
        // A reverse run renders with the segment's `quality`, as a forward run does: played
        // backwards at quality 0 (the shortest kernel) and at quality 10, each is the forward output
        // of the same quality, s - 1 output samples later (as above). Quality 0 and the default
        // differ by far more than the tolerance on this chirp, so a reverse run that ignored the
        // property would fail.
        for quality in [0, 10] {
            let props = "factor=2 quality=\(quality)"
            let forward = Self.run(props, reverse: false).flatMap { AudioSignals.f32Values($0.bytes) }
            let backward = Self.run(props, reverse: true).reversed().flatMap { AudioSignals.f32Values($0.bytes) }
            XCTAssertEqual(backward.count, forward.count, props)
            let n = min(backward.count, forward.count)
            let worst = (200..<(n - 200)).map { abs(backward[$0] - forward[$0 - 1]) }.max() ?? 1
            XCTAssertLessThan(worst, 1e-5, props)
        }
    }

    func testReverseIdentityPassesThrough() {
        let out = Self.run("", reverse: true)
        XCTAssertEqual(out.map(\.buffer.pts), (0..<10).reversed().map { UInt64($0 * Self.chunk) * sec / UInt64(Self.rate) })
    }

    func testOverlappingReverseChunksAreNotPlayedTwice() {
        // A demuxer's reverse chunks may overlap: [0.5, 1) then [0.3, 0.8) then [0, 0.4).
        let h = Harness("audiotimewarp factor=2")
        h.setCaps(input: Self.audio, output: Self.audio)
        h.pushSegment(start: 0, stop: sec, base: 0, rate: -1)
        for (from, to) in [(0.5, 1.0), (0.3, 0.8), (0.0, 0.4)] {  // overlaps of 300 and 100 ms
            let a = Int(from * Double(Self.rate)), b = Int(to * Double(Self.rate))
            h.push(bytes: AudioSignals.f32Bytes(Array(Self.chirp[a..<b])), pts: UInt64(a) * sec / UInt64(Self.rate),
                   duration: UInt64(b - a) * sec / UInt64(Self.rate), discont: true)
        }
        h.pushEOS()
        let out = h.pullAllWithBytes()
        // Each input instant once: 1 s of input, 2 s of output, contiguous, one run.
        XCTAssertEqual(out.reduce(0) { $0 + $1.bytes.count / 4 }, 2 * Self.rate)
        for (later, earlier) in zip(out, out.dropFirst()) {
            XCTAssertEqual(earlier.buffer.pts + earlier.buffer.duration, later.buffer.pts)
        }
        XCTAssertEqual(out.filter(\.buffer.discont).count, 1)
    }
}
