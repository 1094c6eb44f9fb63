import XCTest
import CGStreamer
import CGStreamerCheck
@testable import GstTimeWarp

/// audiotimewarp along remap curves. Expected times and frequencies are worked out by hand from
/// p(τ): a sound at input t is heard wherever p(τ) = t, a tone of f Hz at speed v sounds at |v|·f
/// with pitch=follow and at f with pitch=preserve.
final class AudioRemapTests: XCTestCase {
    static let rate = 48000.0

    /// Runs mono F32 `samples` through `audiotimewarp function=remap remap=…` in 100 ms buffers.
    func run(_ remap: String, _ samples: [Double], extra: String = "") -> [Double] {
        let h = Harness("audiotimewarp function=remap remap=\"\(remap)\" \(extra)")
        let caps = AudioElementTests.caps()
        h.setCaps(input: caps, output: caps)
        var i = 0
        while i < samples.count {
            let n = min(4800, samples.count - i)
            h.push(bytes: AudioSignals.f32Bytes(Array(samples[i..<i + n])), pts: UInt64(i) * sec / 48000)
            i += n
        }
        h.pushEOS()
        let out = h.pullAllWithBytes()
        XCTAssertEqual(h.messages().filter(\.isError).map(\.text), [])
        // Contiguous timestamps derived from the sample index.
        var expected: UInt64 = 0
        for b in out.map(\.buffer) {
            XCTAssertEqual(b.pts, ClockTime.scale(b.offset, ClockTime.second, 48000))
            XCTAssertEqual(b.offset, expected)
            expected = b.offset + UInt64((Double(b.duration) * 48000 / 1e9).rounded())
        }
        return out.flatMap { AudioSignals.f32Values($0.bytes) }
    }

    /// 2 s of silence with 10 ms beeps of 1 kHz at `at` seconds.
    func beeps(at times: [Double], length: Double = 2) -> [Double] {
        var x = [Double](repeating: 0, count: Int(length * Self.rate))
        for t in times {
            let start = Int(t * Self.rate)
            for n in 0..<480 where start + n < x.count { x[start + n] = 0.5 * sin(2 * .pi * 1000 * Double(n) / Self.rate) }
        }
        return x
    }

    /// The centres (s) of the stretches louder than `threshold` (10 ms RMS windows).
    func loudCentres(_ x: [Double], threshold: Double = 0.1) -> [Double] {
        let window = 480
        var centres: [Double] = [], runStart: Int?
        for w in 0..<(x.count / window) {
            let loud = AudioSignals.rms(x, from: w * window, to: (w + 1) * window) > threshold
            if loud, runStart == nil { runStart = w }
            if !loud, let s = runStart {
                centres.append(Double(s + w) / 2 * Double(window) / Self.rate)
                runStart = nil
            }
        }
        return centres
    }

    func testBeepsAreHeardGoingForwardAndBackAgain() {
        // p(τ) = τ on [0, 2], 4 - τ on [2, 4]: input 0.5 s at τ 0.5 and 3.5, input 1.5 s at τ 1.5
        // and 2.5. A 10 ms beep starting at t is centred at t + 5 ms going forward, and at
        // 4 - (t + 5 ms) going back.
        for pitch in ["follow", "preserve", "preserve pitch-engine=spectral"] {
            let out = run("0s:0s, 2s:2s, 4s:0s", beeps(at: [0.5, 1.5]), extra: "pitch=\(pitch)")
            XCTAssertEqual(out.count, 4 * 48000, accuracy: 1, pitch)
            let centres = loudCentres(out, threshold: pitch == "follow" ? 0.1 : 0.05)
            XCTAssertEqual(centres.count, 4, "\(pitch): \(centres)")
            for (got, want) in zip(centres, [0.505, 1.505, 2.495, 3.495]) {
                XCTAssertEqual(got, want, accuracy: 0.010, pitch)
            }
        }
    }

    func testATapeRewoundAtSpeedTwoSoundsAnOctaveUpAndGrainsKeepThePitch() {
        // "0s:0s, 2s:2s, 3s:0s": from τ = 2 to 3 the input runs from 2 s back to 0 s, speed -2.
        let tone = AudioSignals.sine(1000, count: 2 * 48000)
        let follow = run("0s:0s, 2s:2s, 3s:0s", tone)
        XCTAssertEqual(AudioSignals.zeroCrossingFrequency(follow, from: Int(2.1 * Self.rate), to: Int(2.9 * Self.rate)),
                       2000, accuracy: 10)
        let preserve = run("0s:0s, 2s:2s, 3s:0s", tone, extra: "pitch=preserve")
        XCTAssertEqual(AudioSignals.zeroCrossingFrequency(preserve, from: Int(2.1 * Self.rate), to: Int(2.9 * Self.rate)),
                       1000, accuracy: 10)
        // Forward at speed 1 the tape is the input itself (the kernel passes the band).
        XCTAssertEqual(AudioSignals.zeroCrossingFrequency(follow, from: 4800, to: 90000), 1000, accuracy: 2)
        XCTAssertEqual(follow.count, 3 * 48000, accuracy: 1)
    }

    func testAFreezeIsSilenceWithoutAClick() {
        // Play 0–1 s, hold 1 s, play 1–2 s: silence on τ in [1, 2] (the fades are 5 ms outside).
        let tone = AudioSignals.sine(440, count: 2 * 48000, amplitude: 0.5)
        for pitch in ["follow", "preserve"] {
            let out = run("0s:0s, 1s:1s, 2s:1s, 3s:2s", tone, extra: "pitch=\(pitch)")
            XCTAssertEqual(out.count, 3 * 48000, accuracy: 1)
            XCTAssertEqual(AudioSignals.rms(out, from: 48000, to: 2 * 48000), 0, accuracy: 1e-6, pitch)
            // No sample step above the signal's own largest (0.5 · 2π · 440 / 48000 ≈ 0.0288).
            let ownStep = 0.5 * 2 * Double.pi * 440 / Self.rate
            let steps = zip(out, out.dropFirst()).map { abs($1 - $0) }
            XCTAssertLessThanOrEqual(steps.max() ?? 1, ownStep * 1.05, pitch)
            // Sound again after the hold: the tone at its level.
            XCTAssertEqual(AudioSignals.rms(out, from: Int(2.1 * Self.rate), to: Int(2.9 * Self.rate)), 0.5 / 2.0.squareRoot(),
                           accuracy: 0.02, pitch)
        }
    }

    func testPitchEngineSpectralRendersARemapWithThePhaseVocoder() {
        // "0s:0s, 1.5s:1.5s, 3s:0s": forward to 1.5 s, then back to 0 at speed -1 (a turn, no cut).
        // A 1 kHz sine backwards is the same sine; the phase vocoder continues every partial's
        // phase from grain to grain, also across the turn, so the level stays the sine's 0.5/√2
        // in every 5 ms window (five whole periods) around it. WSOLA's grains restart at a turn
        // (their alignment needs the same direction; measured: down to 0.09 there), so the two
        // engines' outputs differ.
        // (2 s of input: the grains at the turn read around 1.5 s on both sides.)
        let tone = AudioSignals.sine(1000, count: 2 * 48000, amplitude: 0.5)
        let spectral = run("0s:0s, 1.5s:1.5s, 3s:0s", tone, extra: "pitch=preserve pitch-engine=spectral")
        let wsola = run("0s:0s, 1.5s:1.5s, 3s:0s", tone, extra: "pitch=preserve pitch-engine=wsola")
        XCTAssertEqual(spectral.count, 3 * 48000)
        XCTAssertEqual(wsola.count, 3 * 48000)
        for w in stride(from: Int(1.3 * Self.rate), to: Int(1.7 * Self.rate), by: 240) {
            XCTAssertEqual(AudioSignals.rms(spectral, from: w, to: w + 240), 0.5 / 2.0.squareRoot(), accuracy: 0.01, "at \(w)")
        }
        XCTAssertEqual(AudioSignals.zeroCrossingFrequency(spectral, from: Int(1.6 * Self.rate), to: Int(2.9 * Self.rate)),
                       1000, accuracy: 1)
        let difference = zip(spectral, wsola).map { abs($0 - $1) }.max() ?? 0
        XCTAssertGreaterThan(difference, 0.1)
    }
}
