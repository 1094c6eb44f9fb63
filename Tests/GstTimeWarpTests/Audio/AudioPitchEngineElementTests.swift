import XCTest
import CGStreamer
import CGStreamerCheck
@testable import GstTimeWarp
import TimeWarpAudioCore

/// audiotimewarp `pitch=preserve pitch-engine=spectral` through GstHarness: every format and
/// channel count keeps the length round(T(end) · rate), a 440 Hz tone keeps its pitch and level,
/// and the latency is the longest grain plus one onset block (4096 + 128 frames at 48 kHz).
final class AudioPitchEngineElementTests: XCTestCase {
    /// The harness run of `AudioPitchElementTests` (interleaved chunks through `audiotimewarp props`).
    enum runner {
        static func run(_ props: String, caps: String, chunks: [[UInt8]], framesPerChunk: Int)
            -> (bytes: [UInt8], buffers: [PulledBuffer], errors: Int) {
            let h = Harness("audiotimewarp \(props)")
            h.setCaps(input: caps, output: caps)
            for (k, chunk) in chunks.enumerated() { h.push(bytes: chunk, pts: UInt64(k * framesPerChunk) * sec / 48000) }
            h.pushEOS()
            let out = h.pullAllWithBytes()
            return (out.flatMap(\.bytes), out.map(\.buffer), h.messages().filter(\.isError).count)
        }

        static func f32Chunks(_ values: [Double]) -> [[UInt8]] {
            stride(from: 0, to: values.count, by: 4800).map { AudioSignals.f32Bytes(Array(values[$0..<min($0 + 4800, values.count)])) }
        }
    }

    func testSpectralKeepsThePitchAndTheLength() {
        let input = AudioSignals.sine(440, count: 24000)
        for factor in [0.5, 1.37, 2.0] {
            let (bytes, _, errors) = runner.run("factor=\(factor) pitch=preserve pitch-engine=spectral",
                                                caps: AudioElementTests.caps(), chunks: runner.f32Chunks(input), framesPerChunk: 4800)
            XCTAssertEqual(errors, 0)
            let out = AudioSignals.f32Values(bytes)
            XCTAssertEqual(out.count, Int((24000 * factor).rounded()), "factor \(factor)")
            for from in stride(from: 2400, to: out.count - 4800, by: 2400) {
                XCTAssertEqual(AudioSignals.zeroCrossingFrequency(out, from: from, to: from + 2400), 440, accuracy: 0.5,
                               "factor \(factor) at \(from)")
                let db = 20 * log10(AudioSignals.rms(out, from: from, to: from + 2400) / AudioSignals.rms(input))
                XCTAssertEqual(db, 0, accuracy: 0.2, "factor \(factor) at \(from)")
            }
        }
    }

    func testEveryFormatAndChannelCountKeepsTheLength() {
        for (format, size) in [("S16LE", 2), ("S32LE", 4), ("F32LE", 4), ("F64LE", 8)] {
            for channels in [1, 2, 3] {
                let frames = 4800
                let bytes: [UInt8] = (0..<(frames * channels * size)).map { UInt8(truncatingIfNeeded: $0 / 7) }
                let (out, _, errors) = runner.run("factor=1.5 pitch=preserve pitch-engine=spectral",
                                                  caps: AudioElementTests.caps(format, channels: channels),
                                                  chunks: [bytes, bytes], framesPerChunk: frames)
                XCTAssertEqual(errors, 0)
                XCTAssertEqual(out.count, 2 * frames * 3 / 2 * channels * size, "\(format) x\(channels)")
            }
        }
    }

    func testLatencyIsTheLongestGrainPlusAnOnsetBlock() {
        let h = Harness("audiotimewarp factor=2 pitch=preserve pitch-engine=spectral")
        h.setCaps(input: AudioElementTests.caps(), output: AudioElementTests.caps())
        gst_harness_set_upstream_latency(h.raw, 0)
        let src = gst_element_get_static_pad(h.inner("audiotimewarp")!, "src")!
        defer { gst_object_unref(src) }
        let q = gst_query_new_latency()!
        XCTAssertNotEqual(gst_pad_query(src, q), 0)
        var mn: GstClockTime = 0
        gst_query_parse_latency(q, nil, &mn, nil)
        // The long grain (4 × 2048 frames at 48 kHz) plus an onset block (2048 / 16 frames).
        XCTAssertEqual(UInt64(mn), (4 * 2048 + 2048 / 16) * 1_000_000_000 / 48000)
        gst_mini_object_unref(UnsafeMutableRawPointer(q).assumingMemoryBound(to: GstMiniObject.self))
    }
}
