import XCTest
import CGStreamer
import CGStreamerCheck
@testable import GstTimeWarp
import TimeWarpAudioCore

/// audiotimewarp `pitch=preserve` through GstHarness and pipelines: lengths from
/// round(T(end) * rate) (T by hand or from VideoVariableRateTests.F's Simpson integration),
/// a 440 Hz tone measured along the output, stamps from the sample index, latency, seeks.
final class AudioPitchElementTests: XCTestCase {
    /// Runs interleaved `bytes` chunks through `audiotimewarp props` with `caps` in and out.
    func run(_ props: String, caps: String, chunks: [[UInt8]], rate: Int = 48000, framesPerChunk: Int)
        -> (bytes: [UInt8], buffers: [PulledBuffer], errors: Int) {
        let h = Harness("audiotimewarp \(props)")
        h.setCaps(input: caps, output: caps)
        for (k, chunk) in chunks.enumerated() {
            h.push(bytes: chunk, pts: UInt64(k * framesPerChunk) * sec / UInt64(rate))
        }
        h.pushEOS()
        let out = h.pullAllWithBytes()
        return (out.flatMap(\.bytes), out.map(\.buffer), h.messages().filter(\.isError).count)
    }

    /// `values` (mono F32) in chunks of 4800 frames.
    func f32Chunks(_ values: [Double]) -> [[UInt8]] {
        stride(from: 0, to: values.count, by: 4800).map { AudioSignals.f32Bytes(Array(values[$0..<min($0 + 4800, values.count)])) }
    }

    func testFollowIsTheDefaultAndUnchanged() {
        let input = f32Chunks(AudioSignals.noise(24000))
        let caps = AudioElementTests.caps()
        let plain = run("factor=1.37", caps: caps, chunks: input, framesPerChunk: 4800)
        let follow = run("factor=1.37 pitch=follow", caps: caps, chunks: input, framesPerChunk: 4800)
        XCTAssertEqual(plain.bytes, follow.bytes)
        XCTAssertEqual(plain.bytes.count / 4, Int((24000 * 1.37).rounded()))
        let preserve = run("factor=1.37 pitch=preserve", caps: caps, chunks: input, framesPerChunk: 4800)
        XCTAssertEqual(preserve.bytes.count, plain.bytes.count)
        XCTAssertNotEqual(preserve.bytes, plain.bytes)
    }

    func testPreserveKeepsThePitchAtEveryFactor() {
        let input = AudioSignals.sine(440, count: 24000)
        for factor in [0.5, 1.37, 2.0] {
            let (bytes, buffers, errors) = run("factor=\(factor) pitch=preserve", caps: AudioElementTests.caps(),
                                               chunks: f32Chunks(input), framesPerChunk: 4800)
            XCTAssertEqual(errors, 0)
            let out = AudioSignals.f32Values(bytes)
            XCTAssertEqual(out.count, Int((24000 * factor).rounded()), "factor \(factor)")
            for from in stride(from: 480, to: out.count - 2880, by: 2400) {
                XCTAssertEqual(AudioSignals.zeroCrossingFrequency(out, from: from, to: from + 2400), 440, accuracy: 4.4,
                               "factor \(factor) at \(from)")
                let db = 20 * log10(AudioSignals.rms(out, from: from, to: from + 2400) / AudioSignals.rms(input))
                XCTAssertEqual(db, 0, accuracy: 1, "factor \(factor) at \(from)")
            }
            // Contiguous stamps from the sample index, one DISCONT at the start.
            for b in buffers { XCTAssertEqual(b.pts, b.offset * sec / 48000) }
            for (a, b) in zip(buffers, buffers.dropFirst()) { XCTAssertEqual(a.pts + a.duration, b.pts) }
            XCTAssertEqual(buffers.filter(\.discont).count, 1)
        }
    }

    func testVariableCurveS16StereoLengthAndIdenticalChannels() {
        // Identical channels, S16: the shared offset search keeps them bit-identical.
        let mono = zip(AudioSignals.sine(440, count: 48000), AudioSignals.noise(48000)).map { $0 + 0.1 * $1 }
        var stereo: [Int16] = []
        for v in mono {
            let s = Int16((v * 30000).rounded())
            stereo.append(s)
            stereo.append(s)
        }
        let chunks: [[UInt8]] = stride(from: 0, to: stereo.count, by: 9600).map { start in
            stereo[start..<start + 9600].withUnsafeBytes { Array($0) }
        }
        let (bytes, _, errors) = run("function=cosine factor=0.8 modifier=0.3 duration=1000000000 pitch=preserve",
                                     caps: AudioElementTests.caps("S16LE", channels: 2), chunks: chunks, framesPerChunk: 4800)
        XCTAssertEqual(errors, 0)
        let frames = bytes.count / 4
        let expected = (48000 * VideoVariableRateTests.F("cosine", 1, factor: 0.8, modifier: 0.3)).rounded()
        XCTAssertEqual(Double(frames), expected, accuracy: 1)
        var differing = 0
        for k in stride(from: 0, to: bytes.count - 3, by: 4) where bytes[k] != bytes[k + 2] || bytes[k + 1] != bytes[k + 3] {
            differing += 1
        }
        XCTAssertEqual(differing, 0)
    }

    func testEveryFormatAndChannelCountKeepsTheLength() {
        for (format, size) in [("S16LE", 2), ("S32LE", 4), ("F32LE", 4), ("F64LE", 8)] {
            for channels in [1, 3] {
                let frames = 4800
                let bytes: [UInt8] = (0..<(frames * channels * size)).map { UInt8(truncatingIfNeeded: $0 / 7) }
                let (out, _, errors) = run("factor=1.5 pitch=preserve", caps: AudioElementTests.caps(format, channels: channels),
                                           chunks: [bytes, bytes], framesPerChunk: frames)
                XCTAssertEqual(errors, 0)
                XCTAssertEqual(out.count, 2 * frames * 3 / 2 * channels * size, "\(format) x\(channels)")
            }
        }
    }

    func testLatencyIsOneWindowPlusTheSearchRange() {
        // 30 ms windows and an 8 ms search range: 38 ms.
        let h = Harness("audiotimewarp factor=2 pitch=preserve")
        h.setCaps(input: AudioElementTests.caps(), output: AudioElementTests.caps())
        gst_harness_set_upstream_latency(h.raw, 0)
        let src = gst_element_get_static_pad(h.inner("audiotimewarp")!, "src")!
        defer { gst_object_unref(src) }
        let q = gst_query_new_latency()!
        XCTAssertNotEqual(gst_pad_query(src, q), 0)
        var mn: GstClockTime = 0
        gst_query_parse_latency(q, nil, &mn, nil)
        XCTAssertEqual(UInt64(mn), 38_000_000)
        gst_mini_object_unref(UnsafeMutableRawPointer(q).assumingMemoryBound(to: GstMiniObject.self))
    }

    static let clip = "/tmp/gst-timewarp-pitch-clip-\(getpid()).mkv"
    static let made: Bool = (try? makeAudioVideoClip(seconds: 2, path: clip)) != nil

    func testSeekInOutputTime() throws {
        // 2 s of audio at factor 2: output 4 s; a flushing seek to output 3 s (input 1.5 s)
        // starts there and still ends at T(2 s) = 4 s.
        XCTAssertTrue(Self.made)
        let p = try TestPipeline("filesrc location=\(Self.clip) ! matroskademux ! audio/x-raw ! queue "
                                 + "! audiotimewarp factor=2 pitch=preserve ! appsink name=out sync=false")
        XCTAssertTrue(p.setState(GST_STATE_PAUSED))
        XCTAssertTrue(p.seek(to: 3 * sec))
        XCTAssertTrue(p.setState(GST_STATE_PLAYING))
        let buffers = p.pullBuffers(from: "out")
        XCTAssertEqual(Double(buffers.first?.pts ?? 0), 3e9, accuracy: 1e6)
        XCTAssertEqual(Double(buffers.last.map { $0.pts + $0.duration } ?? 0), 4e9, accuracy: 1e6)
        for (a, b) in zip(buffers, buffers.dropFirst()) { XCTAssertEqual(a.pts + a.duration, b.pts) }
    }
}
