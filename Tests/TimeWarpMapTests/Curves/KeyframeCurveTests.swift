import XCTest
@testable import TimeWarpMap

final class KeyframeCurveTests: XCTestCase {
    private func curve(_ text: String, duration: Double? = 10) throws -> KeyframeCurve {
        try KeyframeSpec.parse(text).makeCurve(mediaDuration: duration)
    }

    /// F at every x agrees with an independent Simpson integration of scale(at:).
    private func assertIntegralMatchesScale(_ c: KeyframeCurve, breakpoints: [Double],
                                            file: StaticString = #filePath, line: UInt = #line) {
        let end = c.validationRange.upperBound
        for x in stride(from: 0.0, through: end * 1.2, by: end / 17) {
            let reference = curveSimpson({ c.scale(at: $0) }, from: 0, to: x, intervals: 20_000,
                                    breakpoints: breakpoints)
            XCTAssertEqual(c.integral(to: x), reference, accuracy: 1e-11, "x = \(x)",
                           file: file, line: line)
        }
    }

    func testLinear() throws {
        let c = try curve("0:1, 0.5:2, 1:2")
        XCTAssertEqual(c.domain, .normalized)
        XCTAssertEqual(c.validationRange, 0...1)
        // ∫₀^0.5 (1 + 2u) du = 0.5 + 0.25; then 2 * 0.5.
        XCTAssertEqual(c.integral(to: 0.5), 0.75, accuracy: 1e-15)
        XCTAssertEqual(c.integral(to: 1), 1.75, accuracy: 1e-15)
        XCTAssertEqual(c.integral(to: 0.25), 0.3125, accuracy: 1e-15)
        XCTAssertEqual(c.scale(at: 0.25), 1.5, accuracy: 1e-15)
        XCTAssertEqual(c.integral(to: 0), 0)
        // Past the end: slope s(1) = 2.
        XCTAssertEqual(c.integral(to: 1.5), 2.75, accuracy: 1e-15)
        XCTAssertEqual(c.scale(at: 3), 2)
        XCTAssertFalse(c.isIdentity)
        assertIntegralMatchesScale(c, breakpoints: [0.5, 1])
    }

    func testHold() throws {
        let c = try curve("0:1, 0.5:2:hold, 1:3:hold")
        XCTAssertEqual(c.scale(at: 0.25), 1)
        XCTAssertEqual(c.scale(at: 0.5), 2)
        XCTAssertEqual(c.scale(at: 0.75), 2)
        XCTAssertEqual(c.scale(at: 1), 3)
        XCTAssertEqual(c.integral(to: 0.5), 0.5, accuracy: 1e-15)
        XCTAssertEqual(c.integral(to: 0.75), 1.0, accuracy: 1e-15)
        XCTAssertEqual(c.integral(to: 1), 1.5, accuracy: 1e-15)
        XCTAssertEqual(c.integral(to: 1.5), 3.0, accuracy: 1e-15)
        assertIntegralMatchesScale(c, breakpoints: [0.5, 1])
    }

    func testSmooth() throws {
        let c = try curve("0:1, 1:3:smooth")
        // s = 1 + 2(3u² - 2u³); F(u) = u + 2(u³ - u⁴/2).
        XCTAssertEqual(c.scale(at: 0.5), 2, accuracy: 1e-15)
        XCTAssertEqual(c.scale(at: 0.25), 1 + 2 * (3.0 / 16 - 2.0 / 64), accuracy: 1e-15)
        XCTAssertEqual(c.integral(to: 0.5), 0.6875, accuracy: 1e-15)
        XCTAssertEqual(c.integral(to: 1), 2, accuracy: 1e-15)
        assertIntegralMatchesScale(c, breakpoints: [1])
    }

    func testCubicHandComputed() throws {
        // Secants 4 and -2: Fritsch–Carlson gives slopes 4, 0 (extremum), -2.
        let c = try curve("0:1, 0.5:3:cubic, 1:2:cubic")
        // Piece 1: h = 0.5, a = 1, b = 3, h*m0 = 2, h*m1 = 0:
        //   ∫ = h(a/2 + h m0/12 + b/2 - h m1/12) = 0.5 * (0.5 + 1/6 + 1.5) = 13/12.
        // Piece 2: a = 3, b = 2, h*m0 = 0, h*m1 = -1: 0.5 * (1.5 + 1 + 1/12) = 31/24.
        XCTAssertEqual(c.integral(to: 0.5), 13.0 / 12, accuracy: 1e-15)
        XCTAssertEqual(c.integral(to: 1), 57.0 / 24, accuracy: 1e-15)
        XCTAssertEqual(c.scale(at: 0.5), 3)
        // Hermite midpoint of piece 1: (a + b)/2 + h(m0 - m1)/8 = 2 + 2/8.
        XCTAssertEqual(c.scale(at: 0.25), 2.25, accuracy: 1e-15)
        assertIntegralMatchesScale(c, breakpoints: [0.5, 1])
    }

    func testCubicDoesNotOvershoot() throws {
        let specs = [
            "0:1, 0.5:3:cubic, 1:2:cubic",
            "0:1, 0.25:1.1:cubic, 0.5:3:cubic, 0.75:3.1:cubic, 1:5:cubic",
            "0:1, 0.1:1:cubic, 0.2:4:cubic, 0.3:4:cubic, 0.9:0.2:cubic, 1:0.25:cubic",
            "0:2, 0.01:0.1:cubic, 0.02:5:cubic, 1:5.01:cubic",
        ]
        for spec in specs {
            let c = try curve(spec)
            for k in 1..<c.positions.count {
                let lo = min(c.values[k - 1], c.values[k]), hi = max(c.values[k - 1], c.values[k])
                let x0 = c.positions[k - 1], x1 = c.positions[k]
                var previous = c.values[k - 1]
                for i in 0...200 {
                    let s = c.scale(at: x0 + (x1 - x0) * Double(i) / 200)
                    XCTAssertGreaterThanOrEqual(s, lo - 1e-12, spec)
                    XCTAssertLessThanOrEqual(s, hi + 1e-12, spec)
                    // Monotone within the piece, in the direction of the keys.
                    if c.values[k] >= c.values[k - 1] {
                        XCTAssertGreaterThanOrEqual(s, previous - 1e-12, spec)
                    } else {
                        XCTAssertLessThanOrEqual(s, previous + 1e-12, spec)
                    }
                    previous = s
                }
            }
            assertIntegralMatchesScale(c, breakpoints: c.positions)
        }
    }

    func testMixedEases() throws {
        let c = try curve("0:1, 0.2:2:smooth, 0.5:0.5:cubic, 0.7:0.5:hold, 0.9:3, 1:1:cubic")
        assertIntegralMatchesScale(c, breakpoints: c.positions)
    }

    func testSecondsOnly() throws {
        let spec = try KeyframeSpec.parse("0s:1, 2s:2, 4s:2")
        XCTAssertEqual(spec.domain, .seconds)
        XCTAssertFalse(spec.needsMediaDuration)
        let c = try spec.makeCurve(mediaDuration: nil)
        XCTAssertEqual(c.domain, .seconds)
        XCTAssertEqual(c.validationRange, 0...4)
        // ∫₀² (1 + x/2) dx = 3; ∫₂⁴ 2 = 4; then slope 2.
        XCTAssertEqual(c.integral(to: 2), 3, accuracy: 1e-15)
        XCTAssertEqual(c.integral(to: 4), 7, accuracy: 1e-15)
        XCTAssertEqual(c.integral(to: 5), 9, accuracy: 1e-15)
        // The duration is irrelevant for a spec in seconds.
        XCTAssertEqual(try spec.makeCurve(mediaDuration: 1).integral(to: 4), 7, accuracy: 1e-15)
        // A bare 0 for the first position is 0 s.
        let bare = try KeyframeSpec.parse("0:1, 2s:2, 4s:2")
        XCTAssertEqual(bare.domain, .seconds)
        XCTAssertEqual(try bare.makeCurve(mediaDuration: nil).integral(to: 4), 7, accuracy: 1e-15)
        XCTAssertEqual(try bare.makeCurve(mediaDuration: nil).validationRange, 0...4)
    }

    func testMixedSecondsAndFractions() throws {
        let spec = try KeyframeSpec.parse("0:1, 5s:2, 1:2")
        XCTAssertEqual(spec.domain, .normalized)
        XCTAssertTrue(spec.needsMediaDuration)
        let c = try spec.makeCurve(mediaDuration: 10)
        XCTAssertEqual(c.domain, .normalized)
        XCTAssertEqual(c.positions, [0, 0.5, 1])
        XCTAssertEqual(c.integral(to: 1), 1.75, accuracy: 1e-15)
        // A last key in seconds equal to the duration ends the curve at 1.
        let d = try KeyframeSpec.parse("0:1, 0.5:2, 10s:2").makeCurve(mediaDuration: 10)
        XCTAssertEqual(d.positions, [0, 0.5, 1])
        XCTAssertEqual(d.integral(to: 1), 1.75, accuracy: 1e-15)
        // "0s" may start a fractional spec.
        XCTAssertEqual(try KeyframeSpec.parse("0s:1, 1:1").domain, .normalized)
        // Fractional specs need the duration; the curve itself stays normalized.
        let fractions = try KeyframeSpec.parse("0:1, 0.5:2, 1:2")
        XCTAssertTrue(fractions.needsMediaDuration)
        XCTAssertEqual(try fractions.makeCurve(mediaDuration: 3).integral(to: 1), 1.75,
                       accuracy: 1e-15)
    }

    func testIdentityAndWhitespace() throws {
        let c = try curve("  0 : 1 ,\n 0.5 : 1 : cubic ,\t1:1:hold  ")
        XCTAssertTrue(c.isIdentity)
        XCTAssertEqual(c.integral(to: 0.3), 0.3)
        XCTAssertEqual(c.integral(to: 1.7), 1.7)
        XCTAssertEqual(c.scale(at: 0.9), 1)
    }

    func testParsedKeys() throws {
        let spec = try KeyframeSpec.parse("0:1, 2.5s:-0.5:smooth, 1:+2e0:hold")
        XCTAssertEqual(spec.keys.count, 3)
        XCTAssertEqual(spec.keys[1].position, .seconds(2.5))
        XCTAssertEqual(spec.keys[1].value, -0.5)
        XCTAssertEqual(spec.keys[1].ease, .smooth)
        XCTAssertEqual(spec.keys[1].column, 6)
        XCTAssertEqual(spec.keys[2].ease, .hold)
        XCTAssertEqual(spec.keys[2].value, 2)
        XCTAssertEqual(spec.keys[0].ease, .linear)
    }

    func testManyKeysBinarySearch() throws {
        let n = 1000
        var parts: [String] = []
        for i in 0...n { parts.append("\(Double(i) / Double(n)):\(1 + Double(i % 7) / 7)") }
        let c = try curve(parts.joined(separator: ","))
        assertIntegralMatchesScale(c, breakpoints: c.positions)
    }
}
