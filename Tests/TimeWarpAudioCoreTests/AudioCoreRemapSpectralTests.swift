import Foundation
import XCTest
@testable import TimeWarpAudioCore

/// `RemapAudioEngine` in the spectral mode (`pitch=preserve pitch-engine=spectral` with a remap
/// curve). Expected values come from the curve by hand: the sound at output time `τ` is the input
/// around `p(τ)` at its own pitch, so a tone of `f` Hz stays `f` Hz at any speed and in either
/// direction, and a chirp `f(t)` sounds `f(p(τ))`; the length is `round((τ_end − τ_first)·rate)`.
final class AudioCoreRemapSpectralTests: XCTestCase {
    static let rate = 48000

    /// A piecewise-linear remap curve from `(τ, t)` keys (a repeated `τ` is a cut), written here
    /// independently of `RemapCurve`: `p` clamped and the speed 0 outside `[0, τ_end)`.
    struct LinearCurve: RemapAudioCurve {
        let keys: [(τ: Double, t: Double)]
        var outputDuration: Double { keys[keys.count - 1].τ }

        func inputTimeAndSpeed(at τ: Double) -> (time: Double, speed: Double) {
            var i = 0
            while i + 2 < keys.count, keys[i + 1].τ <= τ { i += 1 }
            // A cut (a repeated τ) takes the piece after it.
            while i + 2 < keys.count, keys[i].τ == keys[i + 1].τ { i += 1 }
            let a = keys[i], b = keys[i + 1]
            let v = (b.t - a.t) / (b.τ - a.τ)
            let x = min(max(τ, a.τ), b.τ)
            return (a.t + v * (x - a.τ), τ >= 0 && τ < outputDuration ? v : 0)
        }

        func earliestInput(from τ: Double) -> Double {
            var least = inputTimeAndSpeed(at: τ).time
            for key in keys where key.τ > τ { least = min(least, key.t) }
            return least
        }

        var silentSpans: [ClosedRange<Double>] {
            var spans: [ClosedRange<Double>] = []
            for i in 1..<keys.count where keys[i].τ == keys[i - 1].τ || keys[i].t == keys[i - 1].t {
                spans.append(keys[i - 1].τ...keys[i].τ)
            }
            return spans
        }
    }

    /// Runs interleaved `input` through the spectral mode along `keys`, fed and rendered in
    /// buffers of `split` frames.
    static func render(_ input: [Double], keys: [(Double, Double)], channels: Int = 1, rate: Int = rate,
                       firstTau: Double = 0, split: Int = 1000, mode: RemapAudioEngine.Mode = .spectral) -> [Double] {
        let curve = LinearCurve(keys: keys.map { (τ: $0.0, t: $0.1) })
        var engine = RemapAudioEngine(curve: curve, channels: channels, rate: rate, mode: mode, firstTau: firstTau)
        var out: [Float] = []
        let samples = input.map { Float($0) }
        var at = 0
        while at < samples.count {
            let end = min(at + split * channels, samples.count)
            samples[at..<end].withUnsafeBufferPointer { engine.append($0, at: at / channels) }
            out += engine.render(final: false)
            at = end
        }
        out += engine.render(final: true)
        return out.map { Double($0) }
    }

    func testASineThroughARewindStaysTheSameSine() {
        // 2 s of 1 kHz; rewound at speed -2 ("0:0, 2:2, 3:0") and at speed -0.5 ("0:0, 1:1, 3:0").
        // Backwards a sine is a sine of the same frequency: 1000 Hz, the level 0.5/√2, on the
        // reversed stretch away from its ends.
        let tone = AudioCoreTestSupport.sine(frequency: 1000, rate: Self.rate, frames: 2 * Self.rate)
        let cases: [(keys: [(Double, Double)], from: Double, to: Double)] = [([(0, 0), (2, 2), (3, 0)], 2.1, 2.9),
                                                                             ([(0, 0), (1, 1), (3, 0)], 1.1, 2.9)]
        for (keys, from, to) in cases {
            let out = Self.render(tone, keys: keys)
            let a = Int(from * Double(Self.rate)), b = Int(to * Double(Self.rate))
            XCTAssertEqual(AudioCoreTestSupport.zeroCrossingFrequency(out, rate: Self.rate, from: a, to: b), 1000, accuracy: 0.5, "\(keys)")
            XCTAssertEqual(AudioCoreTestSupport.rms(out, from: a, to: b), 0.5 / 2.0.squareRoot(), accuracy: 0.01, "\(keys)")
            XCTAssertLessThan(AudioCoreSpectralTests.sineResidual(out, f: 1000, rate: Self.rate, from: a, to: b), 0.01, "\(keys)")
        }
    }

    func testTheLengthIsExactForABoomerang() {
        // "0:0, D:D, 2D:0" lasts 2D: round(2D · rate) frames from τ = 0, round((2D − τ₀) · rate)
        // from a seek to τ₀, whatever the buffers.
        let d = 1.234567
        for (rate, channels, firstTau, split) in [(44100, 1, 0.0, 1000), (48000, 2, 0.3, 777), (22050, 3, 0.0, 4096)] {
            let input = AudioCoreTestSupport.noise(count: Int(d * Double(rate)) * channels).map { $0 * 0.3 }
            let out = Self.render(input, keys: [(0, 0), (d, d), (2 * d, 0)], channels: channels, rate: rate,
                                  firstTau: firstTau, split: split)
            XCTAssertEqual(out.count, Int(((2 * d - firstTau) * Double(rate)).rounded()) * channels, "\(rate) Hz")
            XCTAssertFalse(out.contains { !$0.isFinite })
        }
    }

    func testAReversedChirpIsADownChirp() {
        // Input: a chirp whose frequency at t is f(t) = 300 + 600 t (phase 2π(300 t + 300 t²)).
        // Rewound at speed -1 ("0:0, 2:2, 4:0": p(τ) = 4 − τ) and at -0.5 ("0:0, 2:2, 4:1":
        // p(τ) = 2 − (τ − 2)/2), τ sounds f(p(τ)): a falling frequency on the way back.
        let rate = Double(Self.rate)
        let chirp = (0..<(2 * Self.rate)).map { n -> Double in
            let t = Double(n) / rate
            return 0.5 * sin(2 * Double.pi * (300 * t + 300 * t * t))
        }
        func f(_ t: Double) -> Double { 300 + 600 * t }
        let cases: [(keys: [(Double, Double)], p: (Double) -> Double)] = [([(0, 0), (2, 2), (4, 0)], { 4 - $0 }),
                                                                            ([(0, 0), (2, 2), (4, 1)], { 2 - ($0 - 2) / 2 })]
        for (keys, p) in cases {
            let out = Self.render(chirp, keys: keys)
            var previous = Double.infinity
            for τ in [2.3, 2.7, 3.1, 3.5, 3.8] {
                let a = Int((τ - 0.05) * rate), b = Int((τ + 0.05) * rate)
                let got = AudioCoreTestSupport.zeroCrossingFrequency(out, rate: Self.rate, from: a, to: b)
                // Over the 100 ms window the frequency moves linearly through f(p(τ)) (±30 Hz at
                // speed 1): the crossings count its mean.
                XCTAssertEqual(got, f(p(τ)), accuracy: 15, "τ = \(τ) along \(keys)")
                XCTAssertLessThan(got, previous, "τ = \(τ): falling")
                previous = got
            }
        }
    }

    func testAFreezeIsSilentAndTheSoundRunsUpToItsFade() {
        // Play 0–1 s, hold input 1 s from τ = 1 to 2, play on: silence on [1, 2]; outside the
        // 5 ms fades the tone at its full level (0.5/√2), right up to the fade; no click: no
        // sample step above what the tone faded by the raised cosine g can make, the largest
        // slope of g·A·sin(ωt) over one sample, A·(ω + max g′)/rate with max g′ = π/(2 · 5 ms).
        let tone = AudioCoreTestSupport.sine(frequency: 440, rate: Self.rate, frames: 2 * Self.rate)
        let out = Self.render(tone, keys: [(0, 0), (1, 1), (2, 1), (3, 2)])
        let r = Double(Self.rate)
        XCTAssertEqual(out.count, 3 * Self.rate)
        XCTAssertEqual(AudioCoreTestSupport.rms(out, from: Self.rate, to: 2 * Self.rate), 0, accuracy: 1e-9)
        // 0.95–0.995 s: 44 ms just before the fade, where the grains around it meet the freeze.
        XCTAssertEqual(AudioCoreTestSupport.rms(out, from: Int(0.95 * r), to: Int(0.995 * r)), 0.5 / 2.0.squareRoot(), accuracy: 0.01)
        XCTAssertEqual(AudioCoreTestSupport.rms(out, from: Int(2.005 * r), to: Int(2.05 * r)), 0.5 / 2.0.squareRoot(), accuracy: 0.01)
        let fadedStep = 0.5 * (2 * Double.pi * 440 + Double.pi / (2 * 0.005)) / r
        let steps = zip(out, out.dropFirst()).map { abs($1 - $0) }
        XCTAssertLessThanOrEqual(steps.max() ?? 1, fadedStep * 1.02)
    }

    func testIdenticalChannelsStayEqualThroughACutAndARewind() {
        // The vocoder turns every channel by the same rotations: two identical channels come out
        // equal (to Float rounding), through a cut (τ = 1: from input 1 s to 0.2 s) and a rewind.
        let mono = AudioCoreTestSupport.sine(frequency: 523.25, rate: Self.rate, frames: 2 * Self.rate, amplitude: 0.3)
            .enumerated().map { $0.element + 0.1 * sin(Double($0.offset) * 0.37) }
        let stereo = AudioCoreTestSupport.interleave([mono, mono])
        let out = Self.render(stereo, keys: [(0, 0), (1, 1), (1, 0.2), (2, 1.5), (3, 0.5)], channels: 2)
        XCTAssertEqual(out.count, 3 * Self.rate * 2)
        let left = AudioCoreTestSupport.channel(out, 0, of: 2), right = AudioCoreTestSupport.channel(out, 1, of: 2)
        let difference = zip(left, right).map { abs($0 - $1) }.max() ?? 1
        XCTAssertLessThan(difference, 1e-5)
        XCTAssertGreaterThan(AudioCoreTestSupport.rms(left, from: Int(1.5 * Double(Self.rate)), to: Int(2.5 * Double(Self.rate))), 0.1)
        // At the cut itself the output is silent (the 5 ms fades meet there).
        XCTAssertEqual(left[Self.rate], 0, accuracy: 1e-9)
    }

    func testHostileInputNeverTraps() {
        // NaN, infinities and a huge jump in the input positions: the length stays exact.
        var input = AudioCoreTestSupport.noise(count: 48000)
        input[100] = .nan; input[2000] = .infinity; input[30000] = -.infinity
        let out = Self.render(input, keys: [(0, 0), (0.5, 0.5), (0.5, 1e12), (0.7, 1e12), (1, 0)])
        XCTAssertEqual(out.count, 48000)
    }

    func testAClickIsHeardOnceWholeWhereverTheCurvePutsIt() {
        // Clicks of 0.8 at input 0.25, 0.5 and 0.75 s; "0:0, 1:1, 3:0" plays them at τ = t, then
        // rewinds at speed -0.5 (p(τ) = 1 − (τ − 1)/2): t is heard again at τ = 3 − 2t, i.e. 2.5,
        // 2 and 1.5 s; "0:0, 1:1, 1.5:0" rewinds at -2 (p(τ) = 1 − 2(τ − 1)): τ = 1 + (1 − t)/2,
        // i.e. 1.375, 1.25 and 1.125 s. The grains around a transient are read at unit rate from
        // it with their own phases, so each click comes out once, at its height, nothing else loud.
        var input = [Double](repeating: 0, count: Self.rate)
        for t in [0.25, 0.5, 0.75] { input[Int(t * Double(Self.rate))] = 0.8 }
        let cases: [(keys: [(Double, Double)], heard: [Double])] = [([(0, 0), (1, 1), (3, 0)], [0.25, 0.5, 0.75, 1.5, 2, 2.5]),
                                                                    ([(0, 0), (1, 1), (1.5, 0)], [0.25, 0.5, 0.75, 1.125, 1.25, 1.375])]
        for (keys, heard) in cases {
            let out = Self.render(input, keys: keys)
            let expected = heard.map { Int($0 * Double(Self.rate)) }
            let loud = out.indices.filter { abs(out[$0]) > 0.1 }
            XCTAssertEqual(loud.count, expected.count, "\(keys): \(loud)")
            for (got, want) in zip(loud, expected) {
                XCTAssertEqual(got, want, accuracy: 1, "\(keys)")
                XCTAssertEqual(abs(out[got]), 0.8, accuracy: 0.02, "\(keys) at \(got)")
            }
        }
    }

    func testAtSpeedOneTheOutputIsTheInputItselfForwardsAndBackwards() {
        // "0:0, 1:1 | cut | 1:1.8, 1.8:1": input 0–1 s at speed 1, then from input 1.8 s back to
        // 1 s at speed -1. Grains read a hop apart the same way are taken as they are, and such
        // grains overlap-add to the input: out[j] = x[j] before the cut, and out[48000 + k] =
        // x[86400 − k] after it, away from the cut by more than a long grain's half (43 ms).
        let x = AudioCoreTestSupport.noise(count: 2 * Self.rate).map { $0 * 0.3 }
        let out = Self.render(x, keys: [(0, 0), (1, 1), (1, 1.8), (1.8, 1)])
        XCTAssertEqual(out.count, Int(1.8 * Double(Self.rate)))
        // To the band split's rounding: the two resolutions' bands are cut from windowed frames,
        // which sums back to the input to about 70 dB (0.3 × uniform noise: RMS 0.17).
        let forward = (0..<45000).map { out[$0] - x[$0] }
        let backward = (3000..<35000).map { out[48000 + $0] - x[86400 - $0] }
        for (name, error) in [("forward", forward), ("backward", backward)] {
            XCTAssertLessThan(AudioCoreTestSupport.rms(error), 2e-4, name)
            XCTAssertLessThan(error.map(abs).max() ?? 1, 1e-3, name)
        }
    }
}
