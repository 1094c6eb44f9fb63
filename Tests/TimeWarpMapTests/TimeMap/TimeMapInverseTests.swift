import XCTest
@testable import TimeWarpMap

/// `unwarp` inverts `warp` for every built-in, inside `[0, D]` and on the continuation past `D`.
final class TimeMapInverseTests: XCTestCase {
    static let duration = 7.5

    static var times: [Double] {
        let d = duration
        var ts: [Double] = [1e-12, 1e-9, 1e-6, 0.001, 0.04, d / 2, d * (1 - 1e-12), d]
        ts += stride(from: 0.0123, to: d, by: d / 97).map { $0 }
        ts += [d * (1 + 1e-12), d * 1.0001, d * 1.5, 2 * d, 100 * d, 1e7]
        return ts
    }

    func testUnwarpInvertsWarpForEveryBuiltin() throws {
        for (function, f, m) in BuiltinIntegralTests.cases {
            let map = try TimeMap(curve: BuiltinCurve(function: function, factor: f, modifier: m),
                                  mediaDuration: Self.duration)
            XCTAssertEqual(map.unwarp(map.warp(0)), 0)
            for t in Self.times {
                let y = map.warp(t)
                XCTAssertEqual(map.unwarp(y), t, accuracy: 1e-12 * t, "\(function) f=\(f) m=\(m) t=\(t)")
            }
        }
    }

    func testWarpInvertsUnwarp() throws {
        for (function, f, m) in BuiltinIntegralTests.cases {
            let map = try TimeMap(curve: BuiltinCurve(function: function, factor: f, modifier: m),
                                  mediaDuration: Self.duration)
            let total = try XCTUnwrap(map.outputDuration)
            for y in [1e-9, 0.001, total / 3, total / 2, total * 0.999, total, total * 1.5, 3 * total] {
                XCTAssertEqual(map.warp(map.unwarp(y)), y, accuracy: 1e-12 * y, "\(function) y=\(y)")
            }
        }
    }

    func testWarpIsStrictlyIncreasingAcrossTheEnd() throws {
        for (function, f, m) in BuiltinIntegralTests.cases {
            let map = try TimeMap(curve: BuiltinCurve(function: function, factor: f, modifier: m),
                                  mediaDuration: Self.duration)
            var previous = map.warp(0)
            for k in 1...600 {
                let t = Double(k) * Self.duration / 300   // up to 2D
                let y = map.warp(t)
                XCTAssertGreaterThan(y, previous, "\(function) f=\(f) m=\(m) t=\(t)")
                previous = y
            }
        }
    }

    func testContinuationPastTheEndUsesTheEndSlope() throws {
        // triangle f=2 m=0.5: s(1) = 1, F(1) = 1.25, so T(t) = 1.25 D + (t - D) past D.
        let d = 8.0
        let map = try TimeMap(curve: BuiltinCurve(function: .triangle, factor: 2, modifier: 0.5),
                              mediaDuration: d)
        XCTAssertEqual(map.warp(12), 10 + 4, accuracy: 1e-13)
        XCTAssertEqual(map.unwarp(14), 12, accuracy: 1e-13)
        XCTAssertEqual(map.scale(atSeconds: 12), 1)
        XCTAssertEqual(map.scale(atSeconds: 4), 2, accuracy: 1e-15)   // the peak at u = 1/2
        // power f=1 m=1: s(1) = 2.5, F(1) = 1.5: T(t) = 1.5 D + 2.5 (t - D)
        let power = try TimeMap(curve: BuiltinCurve(function: .power, factor: 1, modifier: 1),
                                mediaDuration: 2)
        XCTAssertEqual(power.warp(6), 3 + 2.5 * 4, accuracy: 1e-13)
        XCTAssertEqual(power.unwarp(13), 6, accuracy: 1e-13)
    }

    func testDataPathIsTotal() throws {
        let inputs: [Double] = [.nan, -.nan, .infinity, -.infinity, -1, -0.0, 0, 0x1p-1070,
                                .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 1e300]
        for (function, f, m) in BuiltinIntegralTests.cases {
            let map = try TimeMap(curve: BuiltinCurve(function: function, factor: f, modifier: m),
                                  mediaDuration: Self.duration)
            for x in inputs {
                _ = map.warp(x)
                _ = map.scale(atSeconds: x)
                let t = map.unwarp(x)
                if x.isNaN { XCTAssertTrue(t.isNaN) } else if x <= 0 { XCTAssertEqual(t, 0) }
            }
            XCTAssertEqual(map.unwarp(.infinity), .infinity)
            XCTAssertEqual(map.warp(.infinity), .infinity)
            XCTAssertTrue(map.warp(.nan).isNaN)
        }
        // Curves with invalid parameters evaluate without trapping too.
        for function in WarpFunction.builtins {
            for (f, m) in [(Double.nan, 0.5), (1, 0), (-1, 0.5), (-3, 2), (.infinity, .nan)] {
                let curve = BuiltinCurve(function: function, factor: f, modifier: m)
                for x in inputs + [0.3, 1] {
                    _ = curve.integral(to: x)
                    _ = curve.scale(at: x)
                }
            }
        }
    }
}
