import XCTest
@testable import TimeWarpMap

/// Refused maps, and that their messages say where they fail.
final class TimeMapErrorTests: XCTestCase {
    func error(_ curve: any TimeScaleCurve, _ duration: Double?) -> TimeMapError? {
        do {
            _ = try TimeMap(curve: curve, mediaDuration: duration)
            return nil
        } catch {
            return error
        }
    }

    func testNegativeConstantDecreasesFromTheStart() throws {
        let e = try XCTUnwrap(error(BuiltinCurve(function: .constant, factor: -1, modifier: 0.5), 10))
        guard case let .notIncreasing(u, t, scale, decreases, _) = e else {
            return XCTFail("unexpected \(e)")
        }
        XCTAssertTrue(decreases)
        XCTAssertEqual(scale, -1)
        let position = try XCTUnwrap(u)
        XCTAssertLessThanOrEqual(position, 1.0 / 4096)
        XCTAssertEqual(try XCTUnwrap(t), position * 10, accuracy: 1e-15)
        let message = e.description
        XCTAssertTrue(message.hasPrefix("the time map decreases near u="), message)
        XCTAssertTrue(message.contains(" s): s(u)=-1 (function=constant factor=-1)"), message)
        XCTAssertTrue(message.contains("(t="), message)
    }

    func testTriangleDipBelowZeroIsLocated() throws {
        // factor -1, w = 1/4: s = 1 - 2 (u - 1/4) / (1/4) on [1/4, 1/2] is 0 at u = 3/8,
        // negative after, so F first fails to increase just after u = 0.375.
        let e = try XCTUnwrap(error(BuiltinCurve(function: .triangle, factor: -1, modifier: 0.5), 4))
        guard case let .notIncreasing(u?, t?, scale, _, _) = e else { return XCTFail("unexpected \(e)") }
        XCTAssertGreaterThanOrEqual(u, 0.375)
        XCTAssertLessThan(u, 0.376)
        XCTAssertEqual(t, 4 * u, accuracy: 1e-15)
        XCTAssertLessThanOrEqual(scale, 0)
        XCTAssertTrue(e.description.contains("function=triangle factor=-1 modifier=0.5"), e.description)
    }

    func testNonFiniteFactorIsAnInvalidParameter() throws {
        for factor in [Double.nan, .infinity, -.infinity] {
            let e = try XCTUnwrap(error(BuiltinCurve(function: .cosine, factor: factor, modifier: 0.5), 10))
            guard case let .invalidParameter(name, _, _) = e else { return XCTFail("unexpected \(e)") }
            XCTAssertEqual(name, "factor")
        }
        let e = try XCTUnwrap(error(BuiltinCurve(function: .constant, factor: .nan, modifier: 0.5), 10))
        XCTAssertTrue(e.description.contains("factor=NaN"), e.description)
    }

    func testPowerNeedsFactorAboveMinusOne() throws {
        for factor in [-2.0, -1] {
            let e = try XCTUnwrap(error(BuiltinCurve(function: .power, factor: factor, modifier: 0.5), 10))
            guard case let .invalidParameter(name, value, _) = e else { return XCTFail("unexpected \(e)") }
            XCTAssertEqual(name, "factor")
            XCTAssertEqual(value, factor)
            XCTAssertTrue(e.description.contains("factor > -1"), e.description)
        }
        XCTAssertNil(error(BuiltinCurve(function: .power, factor: -0.99, modifier: 0.5), 10))
    }

    func testModifierMustBeInUnitInterval() throws {
        for modifier in [0, -0.5, 1.5, .nan] {
            let e = try XCTUnwrap(error(BuiltinCurve(function: .triangle, factor: 2, modifier: modifier), 10))
            guard case let .invalidParameter(name, _, _) = e else { return XCTFail("unexpected \(e)") }
            XCTAssertEqual(name, "modifier")
        }
        // constant ignores the modifier
        XCTAssertNil(error(BuiltinCurve(function: .constant, factor: 2, modifier: 0), 10))
    }

    func testNormalizedCurvesNeedTheDuration() throws {
        let e = try XCTUnwrap(error(BuiltinCurve(function: .triangle, factor: 2, modifier: 0.5), nil))
        XCTAssertEqual(e, .needsDuration(curve: "function=triangle"))
        XCTAssertEqual(e.description, "function=triangle needs the media duration: set the duration "
                       + "property or use a source that reports one")
        let closure = ClosureCurve(domain: .normalized, validationRange: 0...1, integral: { $0 })
        XCTAssertEqual(error(closure, nil), .needsDuration(curve: "custom curve"))
    }

    func testDurationMustBeFinitePositive() throws {
        for d in [0, -1, Double.nan, .infinity] {
            let e = try XCTUnwrap(error(BuiltinCurve(function: .constant, factor: 2, modifier: 0.5), d))
            guard case let .invalidParameter(name, _, _) = e else { return XCTFail("unexpected \(e)") }
            XCTAssertEqual(name, "duration")
        }
    }

    func testNaNInsideACustomCurveIsLocated() throws {
        // log(u - 0.5) style failure: NaN from u = 0.5 on.
        let curve = ClosureCurve(domain: .normalized, validationRange: 0...1,
                                 scale: { $0 < 0.5 ? 1 : .nan }, integral: { $0 < 0.5 ? $0 : .nan })
        let e = try XCTUnwrap(error(curve, 10))
        guard case let .nonFinite(quantity, value, u?, t?, _) = e else { return XCTFail("unexpected \(e)") }
        XCTAssertEqual(quantity, "s(u)")
        XCTAssertTrue(value.isNaN)
        XCTAssertEqual(u, 0.5)
        XCTAssertEqual(t, 5)
        XCTAssertEqual(e.description, "s(u) is NaN at u=0.5 (t=5 s) (custom curve)")
    }

    func testStartMustBeZero() throws {
        let curve = ClosureCurve(domain: .normalized, validationRange: 0...1, integral: { $0 + 0.1 })
        let e = try XCTUnwrap(error(curve, 10))
        XCTAssertEqual(e, .nonZeroStart(value: 0.1, curve: "custom curve"))
        XCTAssertEqual(e.description, "the time map must start at 0 but F(0)=0.1 (custom curve)")
    }

    func testContinuationSlopeMustBePositive() throws {
        // F = 2u - u^2 increases on [0, 1) but s(1) = 0: it would stop after the end.
        let curve = ClosureCurve(domain: .normalized, validationRange: 0...1,
                                 scale: { 2 - 2 * $0 }, integral: { 2 * $0 - $0 * $0 })
        let e = try XCTUnwrap(error(curve, 10))
        XCTAssertEqual(e, .badContinuation(u: 1, t: 10, scale: 0, curve: "custom curve"))
        XCTAssertTrue(e.description.contains("after u=1 (t=10 s)"), e.description)
    }

    func testSecondsCurveErrorsNameSeconds() throws {
        // s(t) = 1 - t/5 turns negative after t = 5 s; no duration known.
        let curve = ClosureCurve(domain: .seconds, validationRange: 0...10,
                                 scale: { 1 - $0 / 5 }, integral: { $0 - $0 * $0 / 10 })
        let e = try XCTUnwrap(error(curve, nil))
        guard case let .notIncreasing(u, t?, _, _, _) = e else { return XCTFail("unexpected \(e)") }
        XCTAssertNil(u)
        XCTAssertGreaterThanOrEqual(t, 5)
        XCTAssertLessThan(t, 5.01)
        XCTAssertTrue(e.description.hasPrefix("the time map "), e.description)
        XCTAssertTrue(e.description.contains("near t="), e.description)
    }

    func testNumberFormatting() {
        let e = TimeMapError.notIncreasing(u: 0.4375, t: 4.375, scale: -1, decreases: true,
                                           curve: "factor=-1")
        XCTAssertEqual(e.description,
                       "the time map decreases near u=0.4375 (t=4.375 s): s(u)=-1 (factor=-1)")
        let f = TimeMapError.invalidParameter(name: "factor", value: 1.0 / 3, reason: "r")
        XCTAssertEqual(f.description, "invalid factor=0.333333: r")
    }
}
