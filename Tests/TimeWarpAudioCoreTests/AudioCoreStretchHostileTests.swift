import XCTest
@testable import TimeWarpAudioCore

/// `WarpStretcher` never traps: NaN and infinite samples, empty input, a trailing partial frame,
/// extreme and broken maps; lengths still follow round(T(end) · rate) where T is finite.
final class AudioCoreStretchHostileTests: XCTestCase {
    func testNaNAndInfiniteSamplesGiveTheLengthWithoutTrapping() {
        var input = AudioCoreTestSupport.sine(frequency: 440, rate: 16000, frames: 4000)
        input[100] = .nan
        input[2000] = .infinity
        input[3000] = -.infinity
        let out = AudioCoreStretchTests.stretch(input) { 1.5 * $0 }
        XCTAssertEqual(out.count, 6000)
        let f32 = AudioCoreStretchTests.stretch(input.map { Float($0) }) { 0.5 * $0 }
        XCTAssertEqual(f32.count, 2000)
    }

    func testEmptyInputAndPartialFrames() {
        let none: [Float] = AudioCoreStretchTests.stretch([Float](), channels: 2) { 2 * $0 }
        XCTAssertEqual(none.count, 0)
        // 1001 samples of stereo: 500 whole frames, the half frame is dropped.
        let odd = [Float](repeating: 0.25, count: 1001)
        let out = AudioCoreStretchTests.stretch(odd, channels: 2, split: 333) { 2 * $0 }
        XCTAssertEqual(out.count, 2 * 1000)
        XCTAssertTrue(out.allSatisfy { abs($0 - 0.25) < 1e-6 }, "a constant stays constant")
    }

    func testExtremeScalesAndBrokenMaps() {
        let input = AudioCoreTestSupport.sine(frequency: 440, rate: 16000, frames: 1600)
        XCTAssertEqual(AudioCoreStretchTests.stretch(input) { 1e-6 * $0 }.count, 0)
        XCTAssertEqual(AudioCoreStretchTests.stretch(input) { 40 * $0 }.count, 64000)
        // A map that is NaN after 50 ms holds its last good value: the length stops there.
        let broken = AudioCoreStretchTests.stretch(input) { $0 <= 0.05 ? 2 * $0 : .nan }
        XCTAssertEqual(broken.count, 1600)
        // A map that is NaN at t0: nothing comes out.
        XCTAssertEqual(AudioCoreStretchTests.stretch(input) { _ in .nan }.count, 0)
        // S16 saturates instead of trapping.
        let loud = AudioCoreStretchTests.stretch([Double](repeating: 1e9, count: 800).map { $0 }) { 1.3 * $0 }
        XCTAssertEqual(loud.count, 1040)
        let s16 = AudioCoreStretchTests.stretch([Int16](repeating: .max, count: 800)) { 1.3 * $0 }
        XCTAssertEqual(s16.count, 1040)
        XCTAssertTrue(s16.allSatisfy { $0 >= 32700 })
    }
}
