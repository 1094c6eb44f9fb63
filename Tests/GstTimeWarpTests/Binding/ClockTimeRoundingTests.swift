import GStreamerBinding
import XCTest

/// `ClockTime.fromSeconds` rounds to the nearest nanosecond, halves away from zero, as
/// `Double.rounded()` does (its per-buffer form avoids the libm call).
final class ClockTimeRoundingTests: XCTestCase {
    func testHalvesRoundUpAndTheRestToNearest() {
        XCTAssertEqual(ClockTime.fromSeconds(0.5e-9), 1)
        XCTAssertEqual(ClockTime.fromSeconds(1.5e-9), 2)
        XCTAssertEqual(ClockTime.fromSeconds(2.5e-9), 3)
        XCTAssertEqual(ClockTime.fromSeconds(0.4e-9), 0)
        XCTAssertEqual(ClockTime.fromSeconds(1.0), 1_000_000_000)
        XCTAssertEqual(ClockTime.fromSeconds(0), 0)
        XCTAssertEqual(ClockTime.fromSeconds(-1), 0)
        XCTAssertEqual(ClockTime.fromSeconds(.nan), 0)
        XCTAssertEqual(ClockTime.fromSeconds(.infinity), ClockTime.none - 1)
        XCTAssertEqual(ClockTime.fromSeconds(2e10), ClockTime.none - 1)
    }

    func testAgreesWithRoundedOverTheRange() {
        var x: UInt64 = 12345
        var values: [Double] = [0x1p52 / 1e9, 0x1p53 / 1e9, 4503599627370495.5 / 1e9, 0.49999999999999994e-9]
        for _ in 0..<20_000 {
            x = x &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let mantissa = Double(x >> 11) / 0x1p53            // [0, 1)
            let exponent = Int((x >> 3) % 60) - 30              // 2^-30 ... 2^29 s
            values.append(mantissa * Double(sign: .plus, exponent: exponent, significand: 1))
        }
        for s in values where s > 0 {
            let ns = s * 1e9
            let expected = ns < 1.8e19 ? UInt64(ns.rounded()) : ClockTime.none - 1
            XCTAssertEqual(ClockTime.fromSeconds(s), expected, "\(s) s")
        }
    }
}
