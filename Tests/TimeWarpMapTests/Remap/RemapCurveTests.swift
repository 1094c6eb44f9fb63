import XCTest
@testable import TimeWarpMap

/// The remap curve `p(τ)` against values worked out by hand (derivations in the comments).
final class RemapCurveTests: XCTestCase {
    /// The example: play 0–2 s, hold 2 s for 1 s, rewind to 0 over 2 s, play 0–5 s.
    let example = "0s:0s, 2s:2s, 3s:2s, 5s:0s, 10s:5s"

    func testTheExampleReadsAsPlayHoldRewindPlay() throws {
        let p = try RemapCurve.parse(example)
        XCTAssertEqual(p.outputDuration, 10)
        // Play: p = τ on [0, 2].
        XCTAssertEqual(p.inputTime(at: 1.5), 1.5)
        XCTAssertEqual(p.speed(at: 1), 1)
        // Hold: p = 2 on [2, 3], speed 0.
        XCTAssertEqual(p.inputTime(at: 2.5), 2)
        XCTAssertEqual(p.speed(at: 2.5), 0)
        // Rewind from 2 at τ = 3 to 0 at τ = 5: p = 2 - (τ - 3), speed -1.
        XCTAssertEqual(p.inputTime(at: 4), 1)
        XCTAssertEqual(p.inputTime(at: 4.5), 0.5)
        XCTAssertEqual(p.speed(at: 4), -1)
        // Play 0–5 s over τ 5–10: p = τ - 5.
        XCTAssertEqual(p.inputTime(at: 7.5), 2.5)
        XCTAssertEqual(p.inputTime(at: 10), 5)
        XCTAssertFalse(p.isForward)
        // History: at τ = 3 the input read so far reaches 2 s and the rest goes down to 0 s: 2 s.
        XCTAssertEqual(p.historyNeeded, 2)
    }

    func testHoldEaseStaysAtTheKeyUntilTheNextThenJumps() throws {
        // "0:0:hold, 2:5, 4:7": p = 0 on [0, 2), 5 at τ = 2, then 5 → 7 over [2, 4].
        let p = try RemapCurve.parse("0:0:hold, 2:5, 4:7")
        XCTAssertEqual(p.inputTime(at: 1.999), 0)
        XCTAssertEqual(p.inputTime(at: 2), 5)
        XCTAssertEqual(p.inputTime(at: 3), 6)
        XCTAssertEqual(p.speed(at: 1), 0)
    }

    func testARepeatedOutputTimeIsACut() throws {
        // Play 0–2, cut to 5, play 5–7.
        let p = try RemapCurve.parse("0s:0s, 2s:2s, 2s:5s, 4s:7s")
        XCTAssertEqual(p.inputTime(at: 1.5), 1.5)
        XCTAssertEqual(p.inputTime(at: 2), 5)
        XCTAssertEqual(p.inputTime(at: 3), 6)
        XCTAssertEqual(p.outputSpans(showingInput: 3, 4), [])
        XCTAssertEqual(p.earliestInput(from: 2), 5)
        XCTAssertFalse(p.isForward)
        XCTAssertEqual(p.historyNeeded, 0)
    }

    func testSmoothTurnPassesAtSpeedZero() throws {
        // Up 0→2 over 2 s, smooth at the turn, back to 0 over 2 s: the turn's tangent is 0, so
        // piece 1 is the Hermite cubic with m0 = 1 (linear key 1), m1 = 0: with h = 2, s = τ/2,
        // p = 2 h01(s) + 2·1·h10(s) = 2(-2s³+3s²) + 2(s³-2s²+s) = -2s³ + 2s² + 2s.
        let p = try RemapCurve.parse("0:0, 2:2:smooth, 4:0")
        XCTAssertEqual(p.speed(at: 2 - 1e-12), 0, accuracy: 1e-9)
        let s = 0.5
        XCTAssertEqual(p.inputTime(at: 1), -2 * s * s * s + 2 * s * s + 2 * s, accuracy: 1e-15)
        XCTAssertEqual(p.speed(at: 0), 1, accuracy: 1e-15)
        // Symmetric on the way down.
        XCTAssertEqual(p.inputTime(at: 3), p.inputTime(at: 1), accuracy: 1e-15)
        // Never past the key: the cubic stays monotone.
        for k in 0...400 { XCTAssertLessThanOrEqual(p.inputTime(at: Double(k) / 100), 2) }
    }

    func testSmoothKeyBetweenTwoForwardPiecesUsesTheHarmonicMeanOfTheSecants() throws {
        // Secants 1 (0→2 over 2 s) and 0.5 (2→3 over 2 s): tangent 2·1·0.5/1.5 = 2/3 at τ = 2.
        let p = try RemapCurve.parse("0:0, 2:2:smooth, 4:3")
        XCTAssertEqual(p.speed(at: 2), 2.0 / 3, accuracy: 1e-12)
        XCTAssertEqual(p.speed(at: 2 - 1e-9), 2.0 / 3, accuracy: 1e-6)
        XCTAssertTrue(p.isForward)
    }

    func testAForwardRemapIsTheConstantMapOfTheSameSpeed() throws {
        // p(τ) = τ/2 over 10 s: T(t) = 2t, the map of function=constant factor=2 on a 5 s medium.
        let remap = try RemapCurve.parse("0s:0s, 10s:5s")
        let forward = try XCTUnwrap(ForwardRemapCurve(remap))
        let map = try TimeMap(curve: forward, mediaDuration: 5)
        let constant = try TimeMap(curve: ConstantScaleCurve(factor: 2), mediaDuration: 5)
        for k in 0...150 {
            let t = Double(k) / 30
            XCTAssertEqual(map.warp(t), 2 * t)
            XCTAssertEqual(ClockTimeNs(map.warp(t)), ClockTimeNs(constant.warp(t)), "frame \(k)")
        }
        XCTAssertEqual(map.outputDuration, 10)
        XCTAssertEqual(map.unwarp(7), 3.5, accuracy: 1e-12)
        XCTAssertEqual(map.scale(atSeconds: 1), 2)
    }

    func testEarliestInputFromAnOutputTime() throws {
        let p = try RemapCurve.parse(example)
        // From τ = 1 on, the rewind reaches input 0 (at τ = 5).
        XCTAssertEqual(p.earliestInput(from: 1), 0)
        // From τ = 4 (showing 1) the rewind still goes down to 0.
        XCTAssertEqual(p.earliestInput(from: 4), 0)
        // From τ = 6 on: p = τ - 5 rises from 1.
        XCTAssertEqual(p.earliestInput(from: 6), 1)
    }

    func testOutputSpansOfAnInputInterval() throws {
        let p = try RemapCurve.parse(example)
        // Input [0.5, 1.5): shown at τ 0.5–1.5 (play), τ 3.5–4.5 (rewind: p = 5 - τ... here
        // p = 2 - (τ - 3) = 5 - τ, in [0.5, 1.5) for τ in (3.5, 4.5]), τ 5.5–6.5 (play again).
        let spans = p.outputSpans(showingInput: 0.5, 1.5)
        XCTAssertEqual(spans.count, 3)
        XCTAssertEqual(spans[0].lowerBound, 0.5, accuracy: 1e-12)
        XCTAssertEqual(spans[0].upperBound, 1.5, accuracy: 1e-12)
        XCTAssertEqual(spans[1].lowerBound, 3.5, accuracy: 1e-12)
        XCTAssertEqual(spans[1].upperBound, 4.5, accuracy: 1e-12)
        XCTAssertEqual(spans[2].lowerBound, 5.5, accuracy: 1e-12)
        XCTAssertEqual(spans[2].upperBound, 6.5, accuracy: 1e-12)
        XCTAssertEqual(p.lastOutputTime(showingInput: 0.5, 1.5) ?? -1, 6.5, accuracy: 1e-12)
        // The held frame: input [2, 2.1) through the hold, τ 2–3 (the rewind leaves it at once),
        // and again when the last piece (p = τ - 5) passes it, τ 7–7.1.
        let held = p.outputSpans(showingInput: 2, 2.1)
        XCTAssertEqual(held.count, 2)
        XCTAssertEqual(held[0].lowerBound, 2, accuracy: 1e-12)
        XCTAssertEqual(held[0].upperBound, 3, accuracy: 1e-12)
        XCTAssertEqual(held[1].lowerBound, 7, accuracy: 1e-12)
        XCTAssertEqual(held[1].upperBound, 7.1, accuracy: 1e-12)
        // Input past the last key is never shown.
        XCTAssertNil(p.lastOutputTime(showingInput: 6, 7))
    }

    func testLiveCurvesMustNotRunAheadOfTheirInput() throws {
        XCTAssertNil(try RemapCurve.parse(example).firstOutputAheadOfInput())
        // "0:0, 1:3": at τ = 1 it shows input 3 s, which a live source has not sent yet.
        XCTAssertNotNil(try RemapCurve.parse("0:0, 1:3").firstOutputAheadOfInput())
        // A cut forward at 0 shows input 5 at τ = 0.
        XCTAssertEqual(try RemapCurve.parse("0:0, 0:5, 2:7").firstOutputAheadOfInput(), 0)
    }

    func testRefusalsNameTheKeyAndColumn() {
        func error(_ text: String) -> CurveParseError? {
            do { _ = try RemapCurve.parse(text); return nil } catch { return error }
        }
        XCTAssertEqual(error("0s:0s, 3s:1s, 2s:2s")?.keyframe, 3)
        XCTAssertEqual(error("0s:0s, 3s:1s, 2s:2s")?.column, 15)
        XCTAssertEqual(error("1s:0s, 3s:1s")?.keyframe, 1)
        XCTAssertEqual(error("0s:0s, 2s:-1s")?.keyframe, 2)
        XCTAssertNotNil(error("0s:0s, 2s:-1s")?.message.contains("negative"))
        XCTAssertEqual(error("0s:0s, 2s:2s, 2s:2s")?.keyframe, 3)
        XCTAssertEqual(error("0s:0s, 2s:2s, 2s:3s, 2s:4s")?.keyframe, 4)
        XCTAssertEqual(error("0s:0s, 2s:2s:bounce")?.keyframe, 2)
        XCTAssertNotNil(error(""))
        XCTAssertNotNil(error("0s:0s"))
        XCTAssertNotNil(error("0s:0s 2s:1s"))
        XCTAssertNotNil(error("0s:0s, 2s:nan"))
        XCTAssertNotNil(error("0s:0s, 1e400s:1s"))
        let past = try? RemapCurve.parse("0s:0s, 2s:2s, 4s:9s")
        XCTAssertThrowsError(try past?.validate(mediaDuration: 5)) { error in
            XCTAssertEqual((error as? CurveParseError)?.keyframe, 3)
        }
        XCTAssertNoThrow(try past?.validate(mediaDuration: 9))
    }

    func testHostileTextsNeverTrap() {
        for text in curveHostileInputs + ["0:0,0:0", "0:0, 0:1, 0:2", ":", "0s:", "0s:0s:", ",,", "0:0, 1e308:1e308"] {
            if let p = try? RemapCurve.parse(text) {
                for τ in [-1.0, 0, 0.5, .nan, .infinity, p.outputDuration] {
                    _ = p.inputTime(at: τ); _ = p.speed(at: τ); _ = p.earliestInput(from: τ)
                }
                _ = p.historyNeeded
                _ = p.outputSpans(showingInput: 0, 1)
            }
        }
    }

    /// Nanoseconds as GStreamer rounds them (to the nearest).
    private func ClockTimeNs(_ seconds: Double) -> Int64 { Int64((seconds * 1e9).rounded()) }
}
