import Foundation
import XCTest
@testable import TimeWarpAudioCore

/// `WarpStretcher` (pitch=preserve): lengths from the closed-form map, pitch and level of a sine
/// measured along the output, identical channels, steps, and sync with the map.
final class AudioCoreStretchTests: XCTestCase {
    static let rate = 16000

    /// Runs `input` (interleaved) through a stretcher in buffers of `split` samples.
    static func stretch<S: WarpSample>(_ input: [S], channels: Int = 1, rate: Int = rate, split: Int = 1000,
                                            startTime: Double = 0, warp: @escaping @Sendable (Double) -> Double) -> [S] {
        var s = WarpStretcher(channels: channels, rate: rate, startTime: startTime, warp: warp)
        var out: [S] = []
        input.withUnsafeBufferPointer { buf in
            var at = 0
            while at < buf.count {
                let end = min(at + split, buf.count)
                s.process(UnsafeBufferPointer(rebasing: buf[at..<end]), into: &out)
                at = end
            }
        }
        s.drain(into: &out)
        return out
    }

    /// The cosine curve's map: scale `1.25 + 0.75 cos(2π t / 0.8)`, integrated in closed form.
    static let cosineMap: @Sendable (Double) -> Double = { t in
        1.25 * t + 0.75 * 0.8 / (2 * Double.pi) * sin(2 * Double.pi * t / 0.8)
    }

    /// Zero-crossing frequencies of windows of `window` frames along `x` (the first and last
    /// `margin` frames skipped).
    static func windowFrequencies(_ x: [Double], rate: Int, window: Int, margin: Int) -> [Double] {
        stride(from: margin, to: x.count - margin - window, by: window).map {
            AudioCoreTestSupport.zeroCrossingFrequency(x, rate: rate, from: $0, to: $0 + window)
        }
    }

    func testLengthsAreRoundedMapEnd() {
        let n = 12345
        let input = AudioCoreTestSupport.sine(frequency: 440, rate: Self.rate, frames: n)
        for k in [0.25, 0.5, 1.0, 1.37, 2.0, 4.0] {
            let out = Self.stretch(input) { k * $0 }
            XCTAssertEqual(out.count, Int((Double(n) * k).rounded()), "factor \(k)")
        }
        let t0 = 0.3
        let out = Self.stretch(input, startTime: t0, warp: Self.cosineMap)
        let tEnd = t0 + Double(n) / Double(Self.rate)
        XCTAssertEqual(out.count, Int(((Self.cosineMap(tEnd) - Self.cosineMap(t0)) * Double(Self.rate)).rounded()))
    }

    func testSineKeepsItsPitchAndLevel() {
        let input = AudioCoreTestSupport.sine(frequency: 440, rate: Self.rate, frames: Self.rate)
        let inputRMS = AudioCoreTestSupport.rms(input)
        let cases: [(String, @Sendable (Double) -> Double)] = [
            ("0.25", { 0.25 * $0 }), ("0.5", { 0.5 * $0 }), ("1.37", { 1.37 * $0 }),
            ("2", { 2 * $0 }), ("4", { 4 * $0 }), ("cosine", Self.cosineMap),
        ]
        for (name, warp) in cases {
            let out = Self.stretch(input, warp: warp)
            let window = Self.rate / 20  // 50 ms
            let frequencies = Self.windowFrequencies(out, rate: Self.rate, window: window, margin: 200)
            XCTAssertFalse(frequencies.isEmpty, name)
            for (i, f) in frequencies.enumerated() {
                XCTAssertEqual(f, 440, accuracy: 4.4, "\(name): window \(i)")
            }
            for from in stride(from: 200, to: out.count - 200 - window, by: window) {
                let db = 20 * log10(AudioCoreTestSupport.rms(out, from: from, to: from + window) / inputRMS)
                XCTAssertEqual(db, 0, accuracy: 1, "\(name): level at \(from)")
            }
        }
    }

    /// The largest sample-to-sample step of `x`.
    static func largestStep(_ x: [Double]) -> Double { zip(x.dropFirst(), x).map { abs($0 - $1) }.max() ?? 0 }

    func testNoStepLargerThanTheInputs() {
        // Window starts are whole frames, so a join can miss a tone's phase by up to half a frame
        // (a 440 Hz period is 36.4 frames at 16 kHz): the cross-fade then adds a fraction of a
        // percent to the largest step (measured: 0.2 %), where a click would add tens of percent.
        let sine = AudioCoreTestSupport.sine(frequency: 440, rate: Self.rate, frames: Self.rate)
        let b = AudioCoreTestSupport.sine(frequency: 659, rate: Self.rate, frames: Self.rate, amplitude: 0.2)
        let chord = zip(AudioCoreTestSupport.sine(frequency: 440, rate: Self.rate, frames: Self.rate, amplitude: 0.3), b)
            .map { $0 + $1 }
        let maps: [(String, @Sendable (Double) -> Double)] = [
            ("0.5", { 0.5 * $0 }), ("1.37", { 1.37 * $0 }), ("2", { 2 * $0 }), ("cosine", Self.cosineMap),
        ]
        for signal in [sine, chord] {
            for (name, warp) in maps {
                XCTAssertLessThanOrEqual(Self.largestStep(Self.stretch(signal, warp: warp)), 1.01 * Self.largestStep(signal), name)
            }
        }
        // A click (a join out of phase) would fail the bound: the tone inverted from a peak on.
        var clicked = sine
        let peak = (8000..<8040).max { abs(sine[$0]) < abs(sine[$1]) } ?? 8000
        for i in peak..<clicked.count { clicked[i] = -sine[i] }
        XCTAssertGreaterThan(Self.largestStep(clicked), 1.01 * Self.largestStep(sine))
    }

    func testIdenticalChannelsStayBitIdentical() {
        let mono = AudioCoreTestSupport.sine(frequency: 440, rate: Self.rate, frames: 8000)
        let noisy = zip(mono, AudioCoreTestSupport.noise(count: 8000)).map { $0 + 0.1 * $1 }
        let f32 = AudioCoreTestSupport.interleave([noisy, noisy]).map { Float($0) }
        let s16 = AudioCoreTestSupport.interleave([noisy, noisy]).map { Int16(($0 * 20000).rounded()) }
        for warp in [Self.cosineMap, { 1.37 * $0 }] as [@Sendable (Double) -> Double] {
            let outF = Self.stretch(f32, channels: 2, split: 777, warp: warp)
            XCTAssertGreaterThan(outF.count, 0)
            XCTAssertTrue(stride(from: 0, to: outF.count, by: 2).allSatisfy { outF[$0].bitPattern == outF[$0 + 1].bitPattern })
            let outS = Self.stretch(s16, channels: 2, split: 777, warp: warp)
            XCTAssertTrue(stride(from: 0, to: outS.count, by: 2).allSatisfy { outS[$0] == outS[$0 + 1] })
        }
    }

    func testS16AndF32KeepPitchAlike() {
        let sine = AudioCoreTestSupport.sine(frequency: 440, rate: Self.rate, frames: 8000)
        let s16 = Self.stretch(sine.map { Int16(($0 * 30000).rounded()) }) { 2 * $0 }.map { Double($0) / 30000 }
        let f32 = Self.stretch(sine.map { Float($0) }) { 2 * $0 }.map { Double($0) }
        XCTAssertEqual(s16.count, 8000 * 2)
        XCTAssertEqual(f32.count, 8000 * 2)
        for x in [s16, f32] {
            XCTAssertEqual(AudioCoreTestSupport.zeroCrossingFrequency(x, rate: Self.rate, from: 200, to: x.count - 200),
                           440, accuracy: 4.4)
        }
    }

    func testOutputFollowsTheMapWithoutDrift() {
        // Tone bursts 0.2 s on, 0.2 s off: each edge of the output's envelope lies where the map
        // puts the input's edge, within half a window plus the search range (no accumulation).
        let rate = Self.rate
        let n = 3 * rate
        let input = (0..<n).map { i -> Double in
            let t = Double(i) / Double(rate)
            return Int(t / 0.2) % 2 == 0 ? 0.5 * sin(2 * Double.pi * 500 * t) : 0
        }
        let out = Self.stretch(input, warp: Self.cosineMap)
        let geometry = WarpStretchGeometry(rate: rate)
        let tolerance = Double(geometry.hop + geometry.search) + 0.005 * Double(rate)
        for edge in stride(from: 0.2, to: 2.9, by: 0.2) {
            let expected = Self.cosineMap(edge) * Double(rate)
            let on = Int((edge / 0.2).rounded()) % 2 == 0  // the burst starts at this edge
            // The envelope crosses half level where a 5 ms RMS changes side.
            let frame = rate / 200
            let from = max(0, Int(expected - 3 * tolerance)), to = min(out.count - frame, Int(expected + 3 * tolerance))
            var found: Int?
            for j in from..<to {
                let level = AudioCoreTestSupport.rms(out, from: j, to: j + frame) / (0.5 / 2.0.squareRoot())
                if on ? level > 0.5 : level < 0.5 { found = j + frame / 2; break }
            }
            guard let found else { XCTFail("no edge near \(edge) s"); continue }
            XCTAssertEqual(Double(found), expected, accuracy: tolerance, "edge at \(edge) s")
        }
    }
}
