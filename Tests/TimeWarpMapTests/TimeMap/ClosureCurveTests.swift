import XCTest
@testable import TimeWarpMap

/// Curves from application closures, including the antiderivative examples of
/// docs/mathematics.md#antiderivatives.
final class ClosureCurveTests: XCTestCase {
    func testAntiderivativeExamples() throws {
        // F = u/2 -> D/2, F = 2u -> 2D, F = u^2/2 -> D/2
        let d = 12.0
        let examples: [(@Sendable (Double) -> Double, Double, Double)] = [
            ({ $0 / 2 }, d / 2, 0.5),
            ({ 2 * $0 }, 2 * d, 2),
            ({ $0 * $0 / 2 }, d / 2, 1),
        ]
        for (integrator, expected, endSlope) in examples {
            let curve = ClosureCurve(domain: .normalized, validationRange: 0...1,
                                     integral: integrator, label: "function=antiderivative")
            let map = try TimeMap(curve: curve, mediaDuration: d)
            XCTAssertEqual(try XCTUnwrap(map.outputDuration), expected, accuracy: 1e-12)
            XCTAssertEqual(curve.scale(at: 1), endSlope, accuracy: 1e-9)
            for t in [0.001, 1, 3, 6, 11.9, 12, 18, 40] {
                XCTAssertEqual(map.unwarp(map.warp(t)), t, accuracy: 1e-12 * t, "t=\(t)")
            }
            XCTAssertFalse(map.isIdentity)
        }
    }

    func testDerivedScaleIsCloseToTheTrueDerivative() {
        let curve = ClosureCurve(domain: .normalized, validationRange: 0...1,
                                 integral: { $0 * $0 / 2 })
        for u in [0.0, 1e-7, 0.25, 0.5, 0.75, 1 - 1e-7, 1] {
            XCTAssertEqual(curve.scale(at: u), u, accuracy: 1e-9, "u=\(u)")
        }
    }

    func testContinuesLinearlyPastTheRange() {
        // u^2/2 would be 2 at u = 2; the continuation is F(1) + s(1)(u - 1) = 0.5 + 1 = 1.5.
        let curve = ClosureCurve(domain: .normalized, validationRange: 0...1,
                                 scale: { $0 }, integral: { $0 * $0 / 2 })
        XCTAssertEqual(curve.integral(to: 2), 1.5)
        XCTAssertEqual(curve.scale(at: 2), 1)
        XCTAssertEqual(curve.integral(to: -1), 0)   // slope s(0) = 0 before the start
    }

    func testSecondsCurveWorksWithoutDuration() throws {
        // s = 2 for t in [0, 20] s, then slope 2: T(t) = 2t; no duration needed.
        let curve = ClosureCurve(domain: .seconds, validationRange: 0...20,
                                 scale: { _ in 2 }, integral: { 2 * $0 })
        let live = try TimeMap(curve: curve, mediaDuration: nil)
        XCTAssertNil(live.mediaDuration)
        XCTAssertNil(live.outputDuration)
        XCTAssertEqual(live.warp(3), 6)
        XCTAssertEqual(live.warp(30), 60)
        XCTAssertEqual(live.unwarp(6), 3, accuracy: 1e-15)
        XCTAssertEqual(live.unwarp(60), 30, accuracy: 1e-14)
        XCTAssertEqual(live.scale(atSeconds: 100), 2)
        let known = try TimeMap(curve: curve, mediaDuration: 10)
        XCTAssertEqual(known.outputDuration, 20)
    }

    func testSecondsCurveWithVaryingScale() throws {
        // s(t) = 1 + t/10 on [0, 10] s: F(t) = t + t^2/20, F(10) = 15, then slope 2.
        let curve = ClosureCurve(domain: .seconds, validationRange: 0...10,
                                 scale: { 1 + $0 / 10 }, integral: { $0 + $0 * $0 / 20 })
        let map = try TimeMap(curve: curve, mediaDuration: nil)
        XCTAssertEqual(map.warp(10), 15, accuracy: 1e-14)
        XCTAssertEqual(map.warp(12), 19, accuracy: 1e-14)
        // F(t) = 8 -> t^2 + 20t - 160 = 0 -> t = -10 + sqrt(260)
        XCTAssertEqual(map.unwarp(8), -10 + 260.0.squareRoot(), accuracy: 1e-14)
    }
}

/// A curve whose described range is a single point is pure continuation.
final class ClosureCurveDegenerateRangeTests: XCTestCase {
    func testPointRangeIsPureContinuation() throws {
        let curve = ClosureCurve(domain: .seconds, validationRange: 0...0,
                                 scale: { _ in 3 }, integral: { 3 * $0 })
        let map = try TimeMap(curve: curve, mediaDuration: nil)
        XCTAssertEqual(map.warp(2), 6)
        XCTAssertEqual(map.unwarp(6), 2, accuracy: 1e-15)
        XCTAssertEqual(map.unwarp(0), 0)
    }
}
