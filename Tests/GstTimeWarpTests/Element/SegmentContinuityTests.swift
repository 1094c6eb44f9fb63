import XCTest
import Glibc
import CGStreamer
import CGStreamerCheck
@testable import GstTimeWarp

/// New segments without a flush (concat, segment-seek loops, non-flushing seeks): the output
/// running time continues exactly where the previous segment ended, through a non-linear map.
final class SegmentContinuityTests: XCTestCase {
    static let videoIn = "video/x-raw,format=GRAY8,width=4,height=4,framerate=25/1"
    static let videoVFR = "video/x-raw,format=GRAY8,width=4,height=4,framerate=0/1"
    static let audio = "audio/x-raw,format=F32LE,rate=8000,channels=1,layout=interleaved"

    /// The cosine map with factor 1, modifier 0.5 over D = 10 s, by hand from docs/mathematics.md#built-in-scale-functions:
    /// s(u) = cos(6πu) + 1.5, so F(u) = sin(6πu)/(6π) + 1.5u and T(t) = D·F(t/D) (seconds).
    static func cosineT(_ t: Double) -> Double {
        let d = 10.0, u = t / d
        return d * (sin(6 * Double.pi * u) / (6 * Double.pi) + 1.5 * u)
    }

    func testSegmentLoopKeepsRunningTimeThroughACosineMap() {
        // start-time=0: segments within a medium that starts at 0 (without it, the first segment's start
        // would be the medium's start, u = 0: issue 20).
        let h = Harness("videotimewarp function=cosine duration=10000000000 start-time=0")
        h.setCaps(input: Self.videoIn, output: Self.videoVFR)
        // Three loops over input [2 s, 4 s]; each new segment's base is the input running time
        // so far (0, 2, 4 s), as a demuxer sets it on SEGMENT_DONE loops.
        for loop in 0..<3 {
            h.pushSegment(start: 2 * sec, stop: 4 * sec, base: UInt64(loop) * 2 * sec)
            h.push(pts: 2 * sec, duration: 40 * ms)
        }
        let segments = h.pullEvents().compactMap(\.segment)
        XCTAssertEqual(segments.count, 3)
        let span = Self.cosineT(4) - Self.cosineT(2)  // output length of one loop (3.8164 s)
        for (loop, seg) in segments.enumerated() {
            XCTAssertEqual(Double(seg.base) / 1e9, Double(loop) * span, accuracy: 2e-9, "loop \(loop)")
            XCTAssertEqual(Double(seg.start) / 1e9, Self.cosineT(2), accuracy: 2e-9)
        }
    }

    func testNonFlushingSeekContinuesFromThePlayedPosition() {
        // start-time=0: segments within a medium that starts at 0 (without it, the first segment's start
        // would be the medium's start, u = 0: issue 20).
        let h = Harness("videotimewarp function=cosine duration=10000000000 start-time=0")
        h.setCaps(input: Self.videoIn, output: Self.videoVFR)
        h.pushSegment(start: 1 * sec, base: 0)
        h.push(pts: 1 * sec, duration: 40 * ms)
        // A non-flushing seek to 6 s after playing from 1 s to 3 s: base = running time of 3 s,
        // 2 s. In output, that point is T(3) - T(1) into the first output segment.
        h.pushSegment(start: 6 * sec, base: 2 * sec)
        h.push(pts: 6 * sec, duration: 40 * ms)
        let segments = h.pullEvents().compactMap(\.segment)
        XCTAssertEqual(segments.count, 2)
        XCTAssertEqual(Double(segments[1].base) / 1e9, Self.cosineT(3) - Self.cosineT(1), accuracy: 2e-9)
    }

    func testAudioSegmentLoopIsContiguousInRunningTime() {
        // start-time=0: segments within a medium that starts at 0 (without it, the first segment's start
        // would be the medium's start, u = 0: issue 20).
        let h = Harness("audiotimewarp function=cosine duration=10000000000 start-time=0")
        h.setCaps(input: Self.audio, output: Self.audio)
        var loops: [(segment: GstSegment, buffers: [PulledBuffer])] = []
        for loop in 0..<3 {
            h.pushSegment(start: 2 * sec, stop: 4 * sec, base: UInt64(loop) * 2 * sec)
            if !loops.isEmpty { loops[loops.count - 1].buffers += h.pullAll() }  // the drained tail
            for k in 0..<20 { h.pushAudio(frames: 800, pts: 2 * sec + UInt64(k) * 100 * ms, rate: 8000) }
            let seg = try! XCTUnwrap(h.pullEvents().compactMap(\.segment).last)
            loops.append((seg, h.pullAll()))
        }
        h.pushEOS()
        loops[2].buffers += h.pullAll()
        // Running time of a buffer = base + (pts - start) at rate 1.
        func running(_ seg: GstSegment, _ t: UInt64) -> Double { Double(UInt64(seg.base) + t - UInt64(seg.start)) / 1e9 }
        let starts = loops.map { running($0.segment, $0.buffers.first?.pts ?? 0) }
        let ends = loops.map { l in running(l.segment, (l.buffers.last.map { $0.pts + $0.duration }) ?? 0) }
        let oneSample = 1.0 / 8000
        let span = Self.cosineT(4) - Self.cosineT(2)
        for loop in 0..<3 {
            XCTAssertEqual(ends[loop] - starts[loop], span, accuracy: oneSample, "loop \(loop) length")
            if loop > 0 { XCTAssertEqual(starts[loop], ends[loop - 1], accuracy: oneSample, "loop \(loop) start") }
        }
    }
}
