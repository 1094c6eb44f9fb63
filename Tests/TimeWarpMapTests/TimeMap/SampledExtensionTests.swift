import XCTest
@testable import TimeWarpMap

/// `TimeMap.extendingLastSampledPiece`: a controller read on at each buffer extends the map's
/// last piece and validates only the new knots. The map must be the one a full rebuild gives;
/// the expected values come from a hand-built piecewise map: factor 2 up to 1 s, then a ramp
/// of the scale from 1 to 2 over [1, 2] s, then a zigzag 1, 2, 1, 2, ... every 10 ms.
final class SampledExtensionTests: XCTestCase {
    /// The zigzag's value at its k-th corner (2 + k · 10 ms): 2, 1, 2, 1, ...
    static func corner(_ k: Int) -> Double { k % 2 == 0 ? 2 : 1 }

    /// The scale of the hand-built map at `t >= 1` (what the "controller" gives): `t` on the
    /// ramp, then linear between the zigzag's corners.
    static func knotScale(_ t: Double) -> Double {
        if t <= 2 { return t }  // 1 at 1 s, 2 at 2 s
        let k = Int(((t - 2) / 0.01 + 1e-9).rounded(.down))
        let x = t - (2 + Double(k) * 0.01)
        return corner(k) + (corner(k + 1) - corner(k)) * x / 0.01
    }

    /// `T(t)` of the hand-built map, integrated by hand: 2t before 1 s; 2 + (t − 1) + (t − 1)²/2
    /// on the ramp (3.5 at 2 s); then each whole 10 ms interval of the zigzag adds
    /// 0.01 · (2 + 1) / 2 = 0.015, and the interval t lies in the trapezoid up to t.
    static func handT(_ t: Double) -> Double {
        if t <= 1 { return 2 * t }
        if t <= 2 { return 2 + (t - 1) + (t - 1) * (t - 1) / 2 }
        let k = Int(((t - 2) / 0.01 + 1e-9).rounded(.down))
        let x = t - (2 + Double(k) * 0.01)
        return 3.5 + Double(k) * 0.015 + x * (corner(k) + knotScale(t)) / 2
    }

    /// The map after the controller took over at 1 s and was read up to `through` seconds at
    /// 1 ms, `perBuffer` knots at a time, each time through `extendingLastSampledPiece`.
    func extendedMap(through: Double, perBuffer: Int) throws -> (map: TimeMap, curve: SampledScaleCurve) {
        let base = try TimeMap(curve: ConstantScaleCurve(factor: 2), mediaDuration: nil)
        var curve = SampledScaleCurve(time: 1, value: 1)
        var map = try base.splicing(curve, at: 1)
        var k = 1
        while 1 + Double(k) * 0.001 <= through + 1e-9 {
            for _ in 0..<perBuffer {
                let t = 1 + Double(k) * 0.001
                curve.append(time: t, value: Self.knotScale(t))
                k += 1
            }
            map = try map.extendingLastSampledPiece(with: curve)
        }
        return (map, curve)
    }

    func testExtendedMapIsTheHandBuiltPiecewiseMap() throws {
        let (map, curve) = try extendedMap(through: 3, perBuffer: 33)
        for t in stride(from: 0.0, through: 2.99, by: 0.0037) {
            XCTAssertEqual(map.warp(t), Self.handT(t), accuracy: 1e-12, "T(\(t))")
            XCTAssertEqual(map.unwarp(Self.handT(t)), t, accuracy: 1e-9, "T⁻¹(T(\(t)))")
        }
        // Past the last knot the last value continues.
        let end = curve.lastTime, later = end + 0.5
        XCTAssertEqual(map.warp(end), Self.handT(end), accuracy: 1e-12)
        XCTAssertEqual(map.warp(later), Self.handT(end) + 0.5 * Self.knotScale(end), accuracy: 1e-12)
        XCTAssertEqual(map.unwarp(map.warp(later)), later, accuracy: 1e-9)
    }

    func testExtendedMapEqualsTheFullRebuild() throws {
        let (map, curve) = try extendedMap(through: 2.5, perBuffer: 7)
        let base = try TimeMap(curve: ConstantScaleCurve(factor: 2), mediaDuration: nil)
        let rebuilt = try base.splicing(curve, at: 1)
        for t in stride(from: 0.0, through: 4, by: 0.0013) {
            XCTAssertEqual(map.warp(t), rebuilt.warp(t), accuracy: 1e-13, "T(\(t))")
        }
        for y in stride(from: 0.0, through: 6, by: 0.0017) {
            XCTAssertEqual(map.unwarp(y), rebuilt.unwarp(y), accuracy: 1e-10, "T⁻¹(\(y))")
        }
        XCTAssertEqual(map.lastSampledPiece()?.start, 1)
    }

    func testOnlyTheNewPartIsValidatedUntilItOutgrowsTheGrid() throws {
        let base = try TimeMap(curve: ConstantScaleCurve(factor: 2), mediaDuration: nil)
        var curve = SampledScaleCurve(time: 1, value: 1)
        for k in 1...1000 { curve.append(time: 1 + Double(k) * 0.001, value: Self.knotScale(1 + Double(k) * 0.001)) }
        let first = try base.splicing(curve, at: 1)  // validated whole: grid to 2 s
        XCTAssertEqual(first.tableEnd, 2)
        curve.append(time: 2.1, value: 2)
        let small = try first.extendingLastSampledPiece(with: curve)  // 0.1 s more: within an eighth of 2 s
        XCTAssertEqual(small.tableEnd, 2)
        XCTAssertEqual(small.end, 2.1)
        curve.append(time: 2.5, value: 2)
        let large = try small.extendingLastSampledPiece(with: curve)  // 0.5 s more: validated again
        XCTAssertEqual(large.tableEnd, 2.5)
        XCTAssertEqual(large.end, 2.5)
    }

    func testABadNewKnotFailsAsTheFullValidationDoes() throws {
        let base = try TimeMap(curve: ConstantScaleCurve(factor: 2), mediaDuration: nil)
        var curve = SampledScaleCurve(time: 1, value: 1)
        curve.append(time: 1.5, value: 1)
        let map = try base.splicing(curve, at: 1)
        for bad in [-1.0, 0.0] {  // a scale below 0; a scale of 0 at the end (no continuation)
            var next = curve
            next.append(time: 1.6, value: bad)
            var expected: TimeMapError?
            do { _ = try base.splicing(next, at: 1) } catch { expected = error }
            XCTAssertNotNil(expected, "value \(bad)")
            XCTAssertThrowsError(try map.extendingLastSampledPiece(with: next), "value \(bad)") { error in
                XCTAssertEqual(error as? TimeMapError, expected)
            }
        }
    }
}
