import XCTest
import CGStreamer
import CGStreamerCheck
@testable import GstTimeWarp
import TimeWarpAudioCore

/// audiotimewarp through GstHarness. Expected counts come from round(T(end) * rate) with T
/// from an independent Simpson integration (VideoVariableRateTests.F) or by hand.
final class AudioElementTests: XCTestCase {
    static func caps(_ format: String = "F32LE", channels: Int = 1, rate: Int = 48000) -> String {
        // More than two channels need a channel-mask in GStreamer caps (0: unpositioned).
        "audio/x-raw,format=\(format),rate=\(rate),channels=\(channels),layout=interleaved"
            + (channels > 2 ? ",channel-mask=(bitmask)0" : "")
    }

    /// Runs `samples` (mono F32) through the element in buffers of `chunk` frames.
    func run(_ props: String, _ samples: [Double], chunk: Int = 4800) -> (values: [Double], buffers: [PulledBuffer]) {
        let h = Harness("audiotimewarp \(props)")
        h.setCaps(input: Self.caps(), output: Self.caps())
        var i = 0
        while i < samples.count {
            let n = min(chunk, samples.count - i)
            h.push(bytes: AudioSignals.f32Bytes(Array(samples[i..<i + n])), pts: UInt64(i) * sec / 48000)
            i += n
        }
        h.pushEOS()
        let out = h.pullAllWithBytes()
        XCTAssertEqual(h.messages().filter(\.isError).count, 0)
        return (out.flatMap { AudioSignals.f32Values($0.bytes) }, out.map(\.buffer))
    }

    func testDefaultsAreBitExactForEveryInterpolation() {
        for mode in ["linear", "cubic", "sinc"] {
            let h = Harness("audiotimewarp interpolation=\(mode)")
            h.setCaps(input: Self.caps("S16LE", channels: 2), output: Self.caps("S16LE", channels: 2))
            let input = (0..<3).map { k in AudioSignals.noise(1000, seed: UInt64(k + 1)).flatMap { v -> [UInt8] in
                withUnsafeBytes(of: Int16(v * 30000).littleEndian) { Array($0) } } }
            for (k, bytes) in input.enumerated() { h.push(bytes: bytes, pts: UInt64(k) * 500 * sec / 48000) }
            h.pushEOS()
            let out = h.pullAllWithBytes()
            XCTAssertEqual(out.map(\.bytes), input, mode)
            XCTAssertEqual(out.map(\.buffer.pts), [0, 500 * sec / 48000, 1000 * sec / 48000], mode)
        }
    }

    func testFactorTwoDoublesTheLengthAndHalvesTheFrequency() {
        let (out, buffers) = run("factor=2", AudioSignals.sine(1000, count: 48000))
        XCTAssertEqual(out.count, 96000)  // round(2 * 1 s * 48000)
        let f = AudioSignals.zeroCrossingFrequency(out, from: 10000, to: 86000)
        XCTAssertEqual(f, 500, accuracy: 1)
        // Contiguous timestamps derived from the sample index.
        for b in buffers { XCTAssertEqual(b.pts, b.offset * sec / 48000) }
        for (a, b) in zip(buffers, buffers.dropFirst()) { XCTAssertEqual(a.pts + a.duration, b.pts) }
        XCTAssertEqual(buffers.filter(\.discont).count, 1)
    }

    func testSampleCountsFollowTForEveryBuiltin() {
        let cases: [(String, Double, Double)] = [
            ("constant", 0.7, 0.5), ("triangle", 2, 0.5), ("cosine", 0.8, 0.3),
            ("tapered-cosine", 1.2, 0.5), ("power", 2, 0.7), ("double-smoothstep", 1.5, 1),
        ]
        for (name, factor, modifier) in cases {
            let (out, _) = run("function=\(name) factor=\(factor) modifier=\(modifier) duration=1000000000 interpolation=linear",
                               AudioSignals.noise(48000))
            let expected = (48000 * VideoVariableRateTests.F(name, 1, factor: factor, modifier: modifier)).rounded()
            XCTAssertEqual(Double(out.count), expected, accuracy: 1, name)
        }
    }

    func testLocalFrequencyFollowsTheScale() {
        // Triangle factor 2, modifier 0.5, D = 2 s: s = 1 for u < 0.25, s = 2 at u = 0.5.
        // u = 0.1 (t = 0.2 s) is at T = 0.2 s, and u = 0.5 (t = 1 s) at T = 2 * 0.625 = 1.25 s.
        let (out, _) = run("function=triangle factor=2 modifier=0.5 duration=2000000000", AudioSignals.sine(1000, count: 96000))
        let early = AudioSignals.zeroCrossingFrequency(out, from: 9600 - 480, to: 9600 + 480)
        XCTAssertEqual(early, 1000, accuracy: 10)
        // Around the peak s stays within 2 +- 0.02 over +-5 ms of output, so f = 1000 / s ≈ 500.
        let peak = AudioSignals.zeroCrossingFrequency(out, from: 60000 - 240, to: 60000 + 240)
        XCTAssertEqual(peak, 500, accuracy: 10)
    }

    func testEveryFormatAndChannelCount() {
        // A DC level per channel survives any warp (unit DC gain); the count is round(1.5 N).
        let formats: [(String, Int, (Double) -> [UInt8])] = [
            ("S16LE", 2, { v in withUnsafeBytes(of: Int16(v * 16000).littleEndian) { Array($0) } }),
            ("S32LE", 4, { v in withUnsafeBytes(of: Int32(v * 1e9).littleEndian) { Array($0) } }),
            ("F32LE", 4, { v in withUnsafeBytes(of: Float(v).bitPattern.littleEndian) { Array($0) } }),
            ("F64LE", 8, { v in withUnsafeBytes(of: v.bitPattern.littleEndian) { Array($0) } }),
        ]
        for (format, width, encode) in formats {
            for channels in [1, 2, 6, 64] {
                let h = Harness("audiotimewarp factor=1.5 interpolation=sinc")
                h.setCaps(input: Self.caps(format, channels: channels), output: Self.caps(format, channels: channels))
                let level = { (c: Int) in Double(c + 1) / Double(channels + 1) - 0.5 }
                let frame = (0..<channels).flatMap { encode(level($0)) }
                let frames = 2000
                h.push(bytes: Array((0..<frames).map { _ in frame }.joined()), pts: 0)
                h.pushEOS()
                let out = h.pullAllWithBytes().flatMap(\.bytes)
                XCTAssertEqual(out.count, 3000 * channels * width, "\(format) x\(channels)")
                // Every output frame equals the input frame (exactly for integers after rounding).
                let frameBytes = channels * width
                let mismatches = stride(from: 0, to: out.count, by: frameBytes).filter { off in
                    !zip(out[off..<off + frameBytes], frame).allSatisfy { pair in
                        format.hasPrefix("S") ? pair.0 == pair.1 : true
                    }
                }
                XCTAssertEqual(mismatches.count, 0, "\(format) x\(channels)")
                if format == "F32LE", out.count == 3000 * channels * width {
                    let values = AudioSignals.f32Values(out)
                    for c in 0..<channels { XCTAssertEqual(values[1000 * channels + c], level(c), accuracy: 1e-5) }
                }
            }
        }
    }

    func testSincLeavesNoAliasWhenSpeedingUpFourTimes() {
        // 10 kHz at factor 0.25 would land at 40 kHz, above Nyquist: it must be removed.
        let input = AudioSignals.sine(10000, count: 48000)
        let inputLevel = AudioSignals.rms(input)
        let (sinc, _) = run("factor=0.25 interpolation=sinc", input)
        XCTAssertEqual(sinc.count, 12000)
        let sincDB = 20 * log10(AudioSignals.rms(sinc, from: 500, to: 11500) / inputLevel)
        XCTAssertLessThan(sincDB, -40)
        let (linear, _) = run("factor=0.25 interpolation=linear", input)
        let linearDB = 20 * log10(AudioSignals.rms(linear, from: 500, to: 11500) / inputLevel)
        XCTAssertGreaterThan(linearDB, -20, "linear interpolation aliases (the test can fail)")
    }

    func testTinyAndHugeBuffersGiveTheSameOutputWithoutSpuriousDiscont() {
        let input = AudioSignals.noise(3000)
        let (whole, wholeBuffers) = run("function=cosine factor=0.6 duration=62500000", input, chunk: 3000)
        let (tiny, tinyBuffers) = run("function=cosine factor=0.6 duration=62500000", input, chunk: 1)
        XCTAssertEqual(whole, tiny)
        XCTAssertEqual(wholeBuffers.filter(\.discont).count, 1)
        XCTAssertEqual(tinyBuffers.filter(\.discont).count, 1)
    }

    func testBuffersWithoutTimestampsFollowThePreviousOne() {
        let h = Harness("audiotimewarp factor=2 interpolation=linear")
        h.setCaps(input: Self.caps(), output: Self.caps())
        let samples = AudioSignals.noise(4800)
        h.push(bytes: AudioSignals.f32Bytes(Array(samples[0..<2400])), pts: 0)
        h.push(bytes: AudioSignals.f32Bytes(Array(samples[2400...])), pts: ClockTime.none)
        h.pushEOS()
        let out = h.pullAllWithBytes()
        XCTAssertEqual(out.flatMap(\.bytes).count / 4, 9600)
        XCTAssertEqual(out.filter(\.buffer.discont).count, 1)
    }

    func testLatencyIsTheKernelLookahead() {
        let h = Harness("audiotimewarp factor=2 interpolation=sinc")
        h.setCaps(input: Self.caps(), output: Self.caps())
        gst_harness_set_upstream_latency(h.raw, 0)
        let src = gst_element_get_static_pad(h.inner("audiotimewarp")!, "src")!
        defer { gst_object_unref(src) }
        let q = gst_query_new_latency()!
        XCTAssertNotEqual(gst_pad_query(src, q), 0)
        var mn: GstClockTime = 0
        gst_query_parse_latency(q, nil, &mn, nil)
        XCTAssertEqual(UInt64(mn), UInt64(AudioInterpolation.sinc.nominalLookahead) * sec / 48000)
        gst_mini_object_unref(UnsafeMutableRawPointer(q).assumingMemoryBound(to: GstMiniObject.self))
    }
}

/// A buffer straddling the segment start (as after an accurate seek) is clipped, not dropped.
final class AudioSegmentClipTests: XCTestCase {
    func testBufferStraddlingTheSegmentStartKeepsItsTail() {
        // start-time=0: a seek into a medium that starts at 0 (without it, the first segment's start
        // would be the medium's start, u = 0: issue 20).
        let h = Harness("audiotimewarp factor=2 interpolation=linear start-time=0")
        h.setCaps(input: AudioElementTests.caps(), output: AudioElementTests.caps())
        h.pushSegment(start: 1 * sec)
        // 4800 frames from 0.95 s: the first 2400 (50 ms) lie before the segment start.
        h.push(bytes: AudioSignals.f32Bytes(AudioSignals.noise(4800)), pts: 950 * ms)
        h.pushEOS()
        let out = h.pullAllWithBytes()
        // The 2400 frames from 1 s on become 4800 frames starting at T(1 s) = 2 s.
        XCTAssertEqual(out.first?.buffer.pts, 2 * sec)
        XCTAssertEqual(out.flatMap(\.bytes).count / 4, 4800)
    }
}
