import XCTest
@testable import TimeWarpMap

/// `TimeMap.warp(inPlace:)`, which audiotimewarp maps every input sample with, gives exactly
/// `TimeMap.warp(_:)`, bit for bit, for every kind of curve.
final class AudioTimeMapBatchTests: XCTestCase {
    /// A curve of a type `warp(inPlace:)` does not specialise for.
    struct Quadratic: TimeScaleCurve {
        var domain: CurveDomain { .seconds }
        var validationRange: ClosedRange<Double> { 0...1 }
        func scale(at x: Double) -> Double { 1 + x }
        func integral(to x: Double) -> Double { x + 0.5 * x * x }
    }

    static let times: [Double] = [0, 1e-9, 0.001, 0.37, 1, 2.5, 7.4999, 7.5, 9, 100, 12345.678, -1, .nan, .infinity]
        + (0..<500).map { Double($0) / 48000 + 3.25 }

    func check(_ map: TimeMap, _ name: String) {
        var batch = Self.times
        batch.withUnsafeMutableBufferPointer { map.warp(inPlace: $0) }
        for (t, x) in zip(Self.times, batch) {
            let y = map.warp(t)
            XCTAssertTrue(x.bitPattern == y.bitPattern || (x.isNaN && y.isNaN), "\(name) t=\(t): \(x) vs \(y)")
        }
    }

    func testBatchWarpMatchesWarp() throws {
        for (function, f, m) in BuiltinIntegralTests.cases {
            for duration in [7.5, 1] {                 // unit 1: the path without the division
                let curve = BuiltinCurve(function: function, factor: f, modifier: m)
                check(try TimeMap(curve: curve, mediaDuration: duration), "\(function) f=\(f) m=\(m) D=\(duration)")
            }
        }
        for factor in [0.25, 0.8, 0.91875, 1, 2] {
            check(try TimeMap(curve: ConstantScaleCurve(factor: factor), mediaDuration: nil), "constant \(factor)")
        }
        check(try TimeMap(curve: Quadratic(), mediaDuration: nil), "custom")
    }
}
