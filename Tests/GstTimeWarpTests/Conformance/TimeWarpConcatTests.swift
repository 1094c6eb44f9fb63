import XCTest
import CGStreamer
import CGStreamerCheck
@testable import GstTimeWarp

/// Two streams joined by `concat` (the second arrives with a new segment whose base is the
/// first stream's running-time end, without a flush) through the warp elements at factor 2.
/// The output must be one continuous stream twice as long. Expected values by hand:
///
/// - Video: videotestsrc num-buffers=10 at 30/1 is 10 frames of 1/30 s, so each stream is
///   333.33 ms; concat gives the second stream base 333.33 ms. With T(t) = 2t the output is
///   1333.33 ms long. Variable rate (framerate=0/1): 20 frames, frame k (over both streams) at
///   running time k * 2/30 s = k * 66.67 ms. Fixed 30/1: 1333.33 ms * 30 = 40 frames, slot k at
///   running time k * 33.33 ms (each stream's 666.67 ms is exactly 20 slots, so the grid of the
///   second stream continues the first's).
/// - Audio: audiotestsrc num-buffers=10 samplesperbuffer=960 at 48 kHz is 9600 samples
///   (200 ms) per stream, 19200 in all; factor 2 gives 38400 samples (800 ms), contiguous in
///   running time from 0.
final class TimeWarpConcatConformanceTests: XCTestCase {
    static let videoSource = "videotestsrc num-buffers=10 ! video/x-raw,width=64,height=48,framerate=30/1"
    static let audioSource = "audiotestsrc num-buffers=10 samplesperbuffer=960 ! audio/x-raw,format=F32LE,rate=48000,channels=1"

    func videoPipeline(_ outputCaps: String) throws -> TestPipeline {
        try TestPipeline("concat name=c ! videotimewarp factor=2 ! \(outputCaps) ! appsink name=sink sync=false "
                         + "\(Self.videoSource) ! c. \(Self.videoSource) ! c.")
    }

    func testVideoConcatVariableRate() throws {
        let p = try videoPipeline("video/x-raw,framerate=0/1")
        let (samples, error) = p.collect(from: "sink")
        XCTAssertNil(error)
        XCTAssertEqual(samples.count, 20)
        let rt = samples.map(\.runningTime)
        XCTAssertTrue(zip(rt, rt.dropFirst()).allSatisfy { $0 < $1 }, "running time must increase: \(rt)")
        for (k, t) in rt.enumerated() {
            XCTAssertEqual(Double(t), Double(k) * 2e9 / 30, accuracy: 1e6, "frame \(k) running time")
        }
    }

    func testVideoConcatFixedRate() throws {
        let p = try videoPipeline("video/x-raw,framerate=30/1")
        let (samples, error) = p.collect(from: "sink")
        XCTAssertNil(error)
        XCTAssertTrue((39...41).contains(samples.count), "expected about 40 frames, got \(samples.count)")
        let rt = samples.map(\.runningTime)
        XCTAssertTrue(zip(rt, rt.dropFirst()).allSatisfy { $0 < $1 }, "running time must increase: \(rt)")
        for (k, t) in rt.prefix(40).enumerated() {
            XCTAssertEqual(Double(t), Double(k) * 1e9 / 30, accuracy: 1e6, "slot \(k) running time")
        }
    }

    func testAudioConcat() throws {
        let p = try TestPipeline("concat name=c ! audiotimewarp factor=2 ! appsink name=sink sync=false "
                                 + "\(Self.audioSource) ! c. \(Self.audioSource) ! c.")
        let (samples, error) = p.collect(from: "sink")
        XCTAssertNil(error)
        let counts = samples.map { $0.size / 4 }
        let total = counts.reduce(0, +)
        XCTAssertEqual(Double(total), 38400, accuracy: 4, "output samples (input 19200, factor 2)")
        let samplePeriod = 1e9 / 48000
        XCTAssertEqual(Double(samples.first?.runningTime ?? .max), 0, accuracy: samplePeriod)
        var expectedStart = 0.0, broken: [String] = []
        for (i, s) in samples.enumerated() {
            // Contiguous: each buffer starts where the samples before it end (within a sample).
            if abs(Double(s.runningTime) - expectedStart) > samplePeriod {
                broken.append("buffer \(i): running time \(s.runningTime), expected \(UInt64(expectedStart))")
            }
            expectedStart += Double(counts[i]) * samplePeriod
        }
        XCTAssertTrue(broken.isEmpty, "running time not contiguous: \(broken.prefix(5)) (\(broken.count) buffers)")
        let rt = samples.map(\.runningTime)
        XCTAssertTrue(zip(rt, rt.dropFirst()).allSatisfy { $0 < $1 }, "running time must increase")
    }
}
