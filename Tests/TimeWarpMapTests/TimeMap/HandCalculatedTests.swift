import XCTest
@testable import TimeWarpMap

/// Values worked out by hand (derivations in the comments).
final class HandCalculatedTests: XCTestCase {
    func map(_ function: WarpFunction, _ f: Double, _ m: Double, _ d: Double) throws -> TimeMap {
        try TimeMap(curve: BuiltinCurve(function: function, factor: f, modifier: m), mediaDuration: d)
    }

    func testConstantTwoDoublesEveryTime() throws {
        // s = 2: T(t) = D * 2 (t / D) = 2t, also past D.
        let m = try map(.constant, 2, 0.5, 10)
        for t in [0.0, 0.04, 3, 9.999, 10, 15, 1000] {
            XCTAssertEqual(m.warp(t), 2 * t, accuracy: 1e-15 * max(1, t))
            XCTAssertEqual(m.unwarp(2 * t), t, accuracy: 1e-15 * max(1, t))
            XCTAssertEqual(m.scale(atSeconds: t), 2)
        }
        XCTAssertEqual(m.outputDuration, 20)
        XCTAssertFalse(m.isIdentity)
        XCTAssertTrue(try map(.constant, 1, 0.5, 10).isIdentity)
    }

    func testTriangleHeightTwoHalfWidth() throws {
        // c = 1/2, w = 1/4: base [1/4, 3/4], peak 2 at 1/2. F(1) = 1 + (2-1) * (1/2) / 2 = 1.25.
        // F(1/2) = 1/2 + half the triangle = 0.5 + 0.125 = 0.625.
        // F(3/8) = 3/8 + (1/8 * 1/2) / 2 = 0.375 + 0.03125 = 0.40625 (height 1/2 at 3/8).
        let curve = BuiltinCurve(function: .triangle, factor: 2, modifier: 0.5)
        XCTAssertEqual(curve.integral(to: 1), 1.25, accuracy: 1e-15)
        XCTAssertEqual(curve.integral(to: 0.5), 0.625, accuracy: 1e-15)
        XCTAssertEqual(curve.integral(to: 0.375), 0.40625, accuracy: 1e-15)
        XCTAssertEqual(curve.integral(to: 0.25), 0.25, accuracy: 1e-15)
        XCTAssertEqual(curve.scale(at: 0.375), 1.5, accuracy: 1e-15)
        XCTAssertEqual(try map(.triangle, 2, 0.5, 8).outputDuration ?? 0, 10, accuracy: 1e-14)
    }

    func testDoubleSmoothstepModifierOne() throws {
        // c = 1/4, w = 1/4: a = 0, b = 1/2, middle [1/2, 1/2] empty. factor 1.5:
        // on [0, 1/2] s = 1 + 0.5 S(2u); ∫ S over [0, y] is y^3 - y^4/2, so
        // F(1/4) = 1/4 + 0.5 * (1/2) * (1/8 - 1/32) = 0.25 + 0.25 * 0.09375 = 0.2734375
        // F(1/2) = 1/2 + 0.5 * (1/2) * (1/2) = 0.625
        // on [1/2, 1] s = 1 + 0.5 S(1 - (u - 1/2) * 2): by symmetry the bump adds 0.125 on each
        // half, so F(1) = 1.25, and F(3/4) = F(1) - (1/4 + 0.5 * (1/2) * 0.09375) = 0.9765625.
        let curve = BuiltinCurve(function: .doubleSmoothstep, factor: 1.5, modifier: 1)
        XCTAssertEqual(curve.integral(to: 0.25), 0.2734375, accuracy: 1e-15)
        XCTAssertEqual(curve.integral(to: 0.5), 0.625, accuracy: 1e-15)
        XCTAssertEqual(curve.integral(to: 0.75), 0.9765625, accuracy: 1e-15)
        XCTAssertEqual(curve.integral(to: 1), 1.25, accuracy: 1e-15)
        XCTAssertEqual(curve.scale(at: 0.5), 1.5, accuracy: 1e-15)
        XCTAssertEqual(curve.scale(at: 0.25), 1.25, accuracy: 1e-15)   // S(1/2) = 1/2
        XCTAssertEqual(curve.scale(at: 1), 1)
        // the same total for any modifier: the bump's area is (factor - 1) * (1 - 2c) = 0.25
        XCTAssertEqual(BuiltinCurve(function: .doubleSmoothstep, factor: 1.5, modifier: 0.2)
            .integral(to: 1), 1.25, accuracy: 1e-15)
    }

    func testPowerFactorOneModifierOne() throws {
        // s = 2u + 1/2, F = u^2 + u/2: F(1) = 1.5, F(1/2) = 0.5.
        let curve = BuiltinCurve(function: .power, factor: 1, modifier: 1)
        XCTAssertEqual(curve.integral(to: 1), 1.5, accuracy: 1e-15)
        XCTAssertEqual(curve.integral(to: 0.5), 0.5, accuracy: 1e-15)
        // continuation with slope s(1) = 2.5
        XCTAssertEqual(curve.integral(to: 3), 1.5 + 2 * 2.5, accuracy: 1e-15)
        XCTAssertEqual(try map(.power, 1, 1, 4).outputDuration ?? 0, 6, accuracy: 1e-14)
    }

    func testCosineQuarterPeriod() {
        // m = 1/2: k = 6 pi. F(u) = f sin(ku)/k + 1.5 f u; at u = 1/12, ku = pi/2:
        // F = 1/(6 pi) + 1/8 for f = 1; F(1) = 1.5 (six whole periods).
        let curve = BuiltinCurve(function: .cosine, factor: 1, modifier: 0.5)
        XCTAssertEqual(curve.integral(to: 1.0 / 12), 1 / (6 * Double.pi) + 0.125, accuracy: 1e-15)
        XCTAssertEqual(curve.integral(to: 1), 1.5, accuracy: 1e-15)
    }

    func testTaperedCosineWholePeriods() {
        // k = 6 pi (m = 1/2): cos(ku) is symmetric about u = 1/2 and S(u) - 1/2 antisymmetric, and
        // ∫ cos(ku) over [0, 1] is 0, so ∫ S cos = 0 and F(1) = 1 + (1.5 f - 1) / 2.
        for f in [0.4, 1, 2] {
            let curve = BuiltinCurve(function: .taperedCosine, factor: f, modifier: 0.5)
            XCTAssertEqual(curve.integral(to: 1), 1 + (1.5 * f - 1) / 2, accuracy: 1e-14)
        }
    }
}
