import XCTest
@testable import TimeWarpAudioCore

/// `RemapAudioEngine` in the grain mode (`pitch=preserve`, WSOLA's grains) at a freeze: the
/// sound is silent inside it and at its full level outside its 5 ms raised-cosine fades. The
/// expected levels are the tone's own, `A/√2`, and over the fade's 5 ms `A/√2 · √(3/8)` (the mean
/// of `g²` for `g = (1 + cos πx)/2` over `x` in `[0, 1]` is 3/8).
final class AudioCoreRemapGrainsTests: XCTestCase {
    func testAFreezeFadesOverItsFiveMillisecondsNotOverHalfAGrain() {
        let rate = AudioCoreRemapSpectralTests.rate, r = Double(rate)
        let tone = AudioCoreTestSupport.sine(frequency: 1000, rate: rate, frames: 2 * rate)
        let out = AudioCoreRemapSpectralTests.render(tone, keys: [(0, 0), (1, 1), (2, 1), (3, 2)], mode: .grains)
        XCTAssertEqual(out.count, 3 * rate)
        func rms(_ from: Double, _ to: Double) -> Double {
            AudioCoreTestSupport.rms(out, from: Int((from * r).rounded()), to: Int((to * r).rounded()))
        }
        let full = 0.5 / 2.0.squareRoot(), faded = full * (3.0 / 8).squareRoot()
        XCTAssertEqual(rms(1, 2), 0, accuracy: 1e-9)
        // Before the freeze: full up to its fade (the grains used to fade out over ~15 ms).
        XCTAssertEqual(rms(0.975, 0.995), full, accuracy: 0.01)
        XCTAssertEqual(rms(0.995, 1), faded, accuracy: 0.01)
        // After it: the fade in, then full.
        XCTAssertEqual(rms(2, 2.005), faded, accuracy: 0.01)
        XCTAssertEqual(rms(2.005, 2.025), full, accuracy: 0.01)
    }
}
