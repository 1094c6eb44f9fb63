import XCTest
import Foundation
@testable import TimeWarpMap

/// Closed-form `F` and `s` of every built-in against the independent quadrature reference.
final class BuiltinIntegralTests: XCTestCase {
    static let cases: [(WarpFunction, Double, Double)] = [
        (.constant, 2, 0.5), (.constant, 0.5, 1), (.constant, 1, 0.1),
        (.triangle, 2, 0.5), (.triangle, 0.25, 1), (.triangle, 3, 0.1), (.triangle, 0.5, 0.5),
        (.cosine, 1.5, 0.5), (.cosine, 0.4, 1), (.cosine, 1, 0.1),
        (.taperedCosine, 1.5, 0.5), (.taperedCosine, 0.4, 1), (.taperedCosine, 2, 0.1),
        (.taperedCosine, 1.2, 0.001), (.taperedCosine, 0.8, 0.03), (.taperedCosine, 1.5, 0.37),
        (.power, 1, 1), (.power, 2, 0.5), (.power, -0.5, 0.1), (.power, 0, 1), (.power, 0.5, 0.3),
        (.power, 3, 0.1), (.power, -0.9, 1),
        (.doubleSmoothstep, 1.5, 1), (.doubleSmoothstep, 0.5, 0.1), (.doubleSmoothstep, 2, 0.5),
        (.doubleSmoothstep, 0.3, 1),
    ]

    /// Positions in [0, 1]: an irregular grid plus every breakpoint and the ends.
    static func positions(_ function: WarpFunction, _ m: Double) -> [Double] {
        var us = stride(from: 0.0, through: 1.0, by: 1.0 / 53).map { $0 }
        us += [1e-9, 1e-4, 0.0123, 0.5, 0.999, 1.0]
        us += TimeMapReference.breakpoints(function, m).filter { $0 >= 0 && $0 <= 1 }
        return us
    }

    func testClosedFormIntegralMatchesQuadrature() {
        for (function, f, m) in Self.cases {
            let curve = BuiltinCurve(function: function, factor: f, modifier: m)
            for u in Self.positions(function, m) {
                let expected = TimeMapReference.integral(function, f, m, u)
                XCTAssertEqual(curve.integral(to: u), expected, accuracy: 1e-10,
                               "\(function) f=\(f) m=\(m) u=\(u)")
            }
        }
    }

    func testScaleMatchesSpecTable() {
        for (function, f, m) in Self.cases {
            let curve = BuiltinCurve(function: function, factor: f, modifier: m)
            for u in Self.positions(function, m) {
                let expected = TimeMapReference.scale(function, f, m, u)
                if expected.isInfinite {
                    XCTAssertEqual(curve.scale(at: u), expected, "\(function) f=\(f) m=\(m) u=\(u)")
                } else {
                    XCTAssertEqual(curve.scale(at: u), expected,
                                   accuracy: 1e-12 * max(1, abs(expected)),
                                   "\(function) f=\(f) m=\(m) u=\(u)")
                }
            }
        }
    }

    func testContinuationPastOneAndBeforeZero() {
        for (function, f, m) in Self.cases {
            let curve = BuiltinCurve(function: function, factor: f, modifier: m)
            let s1 = TimeMapReference.scale(function, f, m, 1)
            for u in [1.0 + 1e-9, 1.25, 2, 10, 1e6] {
                let expected = TimeMapReference.continued(function, f, m, u)
                XCTAssertEqual(curve.integral(to: u), expected, accuracy: 1e-10 * max(1, abs(expected)),
                               "\(function) f=\(f) m=\(m) u=\(u)")
                XCTAssertEqual(curve.scale(at: u), s1, accuracy: 1e-12 * max(1, abs(s1)))
            }
            let s0 = TimeMapReference.scale(function, f, m, 0)
            if s0.isFinite {
                XCTAssertEqual(curve.integral(to: -0.5), -0.5 * s0, accuracy: 1e-12 * max(1, abs(s0)))
                XCTAssertEqual(curve.scale(at: -0.5), s0, accuracy: 1e-12 * max(1, abs(s0)))
            } else {
                XCTAssertLessThan(curve.integral(to: -0.5), 0)
            }
        }
    }

    func testFunctionsAreContinuousAtBreakpoints() {
        for (function, f, m) in Self.cases {
            let curve = BuiltinCurve(function: function, factor: f, modifier: m)
            for u in TimeMapReference.breakpoints(function, m) + [1.0] where u > 0 {
                let left = curve.integral(to: u.nextDown)
                let right = curve.integral(to: u.nextUp)
                XCTAssertEqual(left, right, accuracy: 1e-14, "\(function) f=\(f) m=\(m) u=\(u)")
            }
        }
    }

    func testNicksAndIdentity() {
        XCTAssertEqual(WarpFunction.builtins.map(\.nick),
                       ["constant", "triangle", "cosine", "tapered-cosine", "power", "double-smoothstep"])
        XCTAssertEqual(WarpFunction(nick: "tapered-cosine")?.isBuiltin, true)
        XCTAssertEqual(WarpFunction(nick: "keyframes")?.isBuiltin, false)
        XCTAssertTrue(BuiltinCurve(function: .constant, factor: 1, modifier: 0.5).isIdentity)
        XCTAssertFalse(BuiltinCurve(function: .constant, factor: 1.000001, modifier: 0.5).isIdentity)
        XCTAssertFalse(BuiltinCurve(function: .triangle, factor: 1, modifier: 0.5).isIdentity)
        XCTAssertFalse(BuiltinCurve(function: .doubleSmoothstep, factor: 1, modifier: 0.5).isIdentity)
    }
}
