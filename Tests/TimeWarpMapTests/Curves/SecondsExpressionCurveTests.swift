import XCTest
@testable import TimeWarpMap
#if canImport(Glibc)
import Glibc
#endif

/// An expression in `t` alone needs no media duration (issue 21, item 5): it becomes a curve in
/// seconds, tabulated lazily in chunks. Expected values are closed-form integrals.
final class SecondsExpressionCurveTests: XCTestCase {
    /// s(t) = 1 + 0.5 sin t, so F(t) = t + 0.5 (1 - cos t).
    static func F(_ t: Double) -> Double { t + 0.5 * (1 - cos(t)) }

    func map(_ text: String) throws -> TimeMap {
        var settings = TimeMapSettings()
        settings.function = .expression
        settings.expression = text
        return try settings.makeMap(mediaDuration: nil)
    }

    func testSineInSecondsWithoutDuration() throws {
        let map = try map("1 + 0.5*sin(t)")
        XCTAssertEqual(map.curve.domain, .seconds)
        XCTAssertNil(map.outputDuration)
        // Inside the first chunk, across chunk boundaries (60 s, 120 s) and ten minutes in (chunks
        // are tabulated in order on the way there).
        for t in [0.0, 0.04, 3.7, 59.99, 60.0, 60.01, 119.5, 130.25, 600.5] {
            XCTAssertEqual(map.warp(t), Self.F(t), accuracy: 1e-8, "T(\(t))")
            XCTAssertEqual(map.unwarp(Self.F(t)), t, accuracy: 1e-8, "T⁻¹(T(\(t)))")
        }
        XCTAssertEqual(map.scale(atSeconds: 100), 1 + 0.5 * sin(100), accuracy: 1e-12)
    }

    /// A linear ramp in seconds: s = 1 + t/10, F(t) = t + t²/20 (T(100) = 600 s).
    func testRampPastTheFirstChunk() throws {
        let map = try map("1 + t/10")
        XCTAssertEqual(map.warp(100), 600, accuracy: 1e-8)
        XCTAssertEqual(map.unwarp(600), 100, accuracy: 1e-8)
    }

    /// `u` or `D` still need the duration; with a duration, `t` keeps meaning `u·D`.
    func testUAndDStillNeedTheDuration() throws {
        XCTAssertThrowsError(try map("1 + u*t"))
        XCTAssertThrowsError(try map("t/D + 1"))
        var settings = TimeMapSettings()
        settings.function = .expression
        settings.expression = "1 + t/10"
        let normalized = try settings.makeMap(mediaDuration: 20)
        XCTAssertEqual(normalized.curve.domain, .normalized)
        XCTAssertEqual(try XCTUnwrap(normalized.outputDuration), 40, accuracy: 1e-9)  // 20 + 400/20
    }

    /// A bad first chunk is refused up front, naming the place; a negative scale is refused by
    /// the map's validation.
    func testFirstChunkIsChecked() {
        XCTAssertThrowsError(try map("1/(t - 2)"))
        XCTAssertThrowsError(try map("1 - t"))
    }
}
