import Foundation
import XCTest
@testable import TimeWarpAudioCore

/// `WarpSpectralStretcher` (pitch=preserve pitch-engine=spectral): the engine's promises with
/// hand-derived expectations. A sine stays a sine of the same frequency and level at every tempo;
/// an impulse stays one impulse where the map puts it; the length is exactly the map's along a
/// ramp, whatever the buffer sizes.
final class AudioCoreSpectralTests: XCTestCase {
    static let rate = 16000

    /// Runs `input` (interleaved) through a spectral stretcher in buffers of `split` samples.
    static func stretch(_ input: [Double], channels: Int = 1, rate: Int = rate, split: Int = 1000,
                        crossover: Double? = SpectralGeometry.crossover, warp: @escaping @Sendable (Double) -> Double) -> [Double] {
        var s = WarpSpectralStretcher(channels: channels, rate: rate, startTime: 0, crossover: crossover, warp: warp)
        var out: [Double] = []
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

    /// The least-squares fit `a sin + b cos` at `f` Hz over `x[from ..< to]`: the residual's RMS
    /// over the fit's RMS.
    static func sineResidual(_ x: [Double], f: Double, rate: Int, from: Int, to: Int) -> Double {
        var ss = 0.0, cc = 0.0, sc = 0.0, xs = 0.0, xc = 0.0
        for i in from..<to {
            let w = 2 * Double.pi * f * Double(i) / Double(rate)
            let (s, c) = (sin(w), cos(w))
            ss += s * s; cc += c * c; sc += s * c; xs += x[i] * s; xc += x[i] * c
        }
        let det = ss * cc - sc * sc
        let a = (xs * cc - xc * sc) / det, b = (xc * ss - xs * sc) / det
        var residual = 0.0, fit = 0.0
        for i in from..<to {
            let w = 2 * Double.pi * f * Double(i) / Double(rate)
            let y = a * sin(w) + b * cos(w)
            residual += (x[i] - y) * (x[i] - y)
            fit += y * y
        }
        return (residual / max(fit, 1e-30)).squareRoot()
    }

    func testSineStaysTheSameSineAtEveryTempo() {
        let input = AudioCoreTestSupport.sine(frequency: 440, rate: Self.rate, frames: Self.rate)
        let inputRMS = AudioCoreTestSupport.rms(input)
        // Each map with its largest factor (the cosine map's scale is 1.25 ± 0.75).
        let cases: [(String, Double, @Sendable (Double) -> Double)] = [
            ("0.25", 0.25, { 0.25 * $0 }), ("0.5", 0.5, { 0.5 * $0 }), ("1", 1, { $0 }), ("1.37", 1.37, { 1.37 * $0 }),
            ("2", 2, { 2 * $0 }), ("4", 4, { 4 * $0 }), ("cosine", 2, AudioCoreStretchTests.cosineMap),
        ]
        for (name, largest, warp) in cases {
            let out = Self.stretch(input, warp: warp)
            let window = Self.rate / 20  // 50 ms
            var windows = 0
            // Away from the ends, where the grains read silence beyond the input: half the
            // longest grain (1024 input frames at 16 kHz: 2048, four times the 512 of the short
            // grains) times the factor, 800 frames at least.
            let margin = max(800, Int(1024 * largest))
            for from in stride(from: margin, to: out.count - margin - window, by: window) {
                windows += 1
                let f = AudioCoreTestSupport.zeroCrossingFrequency(out, rate: Self.rate, from: from, to: from + window)
                XCTAssertEqual(f, 440, accuracy: 0.44, "\(name): frequency at \(from)")
                let residual = Self.sineResidual(out, f: 440, rate: Self.rate, from: from, to: from + window)
                XCTAssertLessThan(residual, 0.01, "\(name): not a pure 440 Hz sine at \(from) (residual \(residual))")
                let db = 20 * log10(AudioCoreTestSupport.rms(out, from: from, to: from + window) / inputRMS)
                XCTAssertEqual(db, 0, accuracy: 0.2, "\(name): level at \(from)")
            }
            XCTAssertGreaterThan(windows, 0, name)
        }
    }

    func testImpulseStaysOneImpulseWhereTheMapPutsIt() {
        var input = [Double](repeating: 0, count: Self.rate)
        input[8000] = 0.8
        for factor in [0.5, 1.0, 1.5, 2.0] {
            let out = Self.stretch(input) { factor * $0 }
            let expected = Int((8000 * factor).rounded())
            let loud = out.indices.filter { abs(out[$0]) > 0.1 }
            XCTAssertEqual(loud.count, 1, "factor \(factor): \(loud.count) loud samples")
            guard let at = loud.first else { continue }
            XCTAssertEqual(at, expected, accuracy: 1, "factor \(factor)")
            XCTAssertEqual(out[at], 0.8, accuracy: 0.01, "factor \(factor)")
            let rest = out.indices.filter { abs($0 - at) > 1 }.map { abs(out[$0]) }.max() ?? 0
            XCTAssertLessThan(rest, 0.01, "factor \(factor): echoes")
        }
    }

    func testLengthIsExactAlongARamp() {
        // The speed ramps from 2 (half the length) to 0.5 (twice) over the input's D seconds:
        // s(t) = 0.5 + 1.5 t / D, T(t) = 0.5 t + 0.75 t² / D.
        for n in [12345, 16000, 31999] {
            let d = Double(n) / Double(Self.rate)
            let input = AudioCoreTestSupport.sine(frequency: 300, rate: Self.rate, frames: n)
            let expected = Int(((0.5 * d + 0.75 * d) * Double(Self.rate)).rounded())
            for split in [1, 777, 4096, n] where split > 1 || n == 12345 {
                let out = Self.stretch(input, split: split) { 0.5 * $0 + 0.75 * $0 * $0 / d }
                XCTAssertEqual(out.count, expected, "n \(n) split \(split)")
            }
        }
    }

    func testIdenticalChannelsStayEqualAndTwoResolutionsKeepTheSine() {
        let mono = AudioCoreTestSupport.sine(frequency: 500, rate: Self.rate, frames: Self.rate / 2)
        let out = Self.stretch(AudioCoreTestSupport.interleave([mono, mono, mono]), channels: 3) { 1.3 * $0 }
        for i in stride(from: 0, to: out.count, by: 3) {
            // Two channels share one inverse FFT (real and imaginary parts): equal to Float rounding.
            XCTAssertEqual(out[i], out[i + 1], accuracy: 1e-6)
            XCTAssertEqual(out[i], out[i + 2], accuracy: 1e-6)
        }
        let one = Self.stretch(mono, crossover: nil) { 1.3 * $0 }
        XCTAssertEqual(one.count, Int((Double(mono.count) * 1.3).rounded()))
        XCTAssertLessThan(Self.sineResidual(one, f: 500, rate: Self.rate, from: 1600, to: 1600 + 800), 0.01)
        // Inside the crossover's transition both resolutions render the tone, with the same
        // phases: its level stays (1 kHz: 0.7 ... 1.3 kHz is the transition).
        for f in [700.0, 1000, 1250] {
            let tone = AudioCoreTestSupport.sine(frequency: f, rate: Self.rate, frames: Self.rate / 2)
            let two = Self.stretch(tone, crossover: 1000) { 1.3 * $0 }
            let db = 20 * log10(AudioCoreTestSupport.rms(two, from: 1600, to: two.count - 1600) / AudioCoreTestSupport.rms(tone))
            XCTAssertEqual(db, 0, accuracy: 0.1, "\(f) Hz")
            XCTAssertLessThan(Self.sineResidual(two, f: f, rate: Self.rate, from: 1600, to: 1600 + 800), 0.02, "\(f) Hz")
        }
    }

    func testHostileInputNeverTraps() {
        var input = AudioCoreTestSupport.noise(count: 4000)
        input[100] = .nan
        input[200] = .infinity
        _ = Self.stretch(input) { 1.5 * $0 }
        _ = Self.stretch(input) { _ in .nan }
        _ = Self.stretch([]) { $0 }
        let out = Self.stretch(input) { $0 < 0.1 ? $0 : 0.1 + 1e-9 * $0 }
        XCTAssertGreaterThanOrEqual(out.count, 0)
    }
}
