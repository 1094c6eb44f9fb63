import XCTest
@testable import TimeWarpMap
#if canImport(Glibc)
import Glibc
#endif

final class ExpressionParserTests: XCTestCase {
    private func value(_ text: String, u: Double = 0.5, duration: Double = 10,
                       file: StaticString = #filePath, line: UInt = #line) -> Double {
        do {
            return try Expression.parse(text).evaluate(u: u, duration: duration)
        } catch {
            XCTFail("'\(text)': \(error)", file: file, line: line)
            return .nan
        }
    }

    func testPrecedenceAndAssociativity() {
        XCTAssertEqual(value("1+2*3"), 7)
        XCTAssertEqual(value("(1+2)*3"), 9)
        XCTAssertEqual(value("1-2-3"), -4)
        XCTAssertEqual(value("8/4/2"), 1)
        XCTAssertEqual(value("2^3^2"), 512)
        XCTAssertEqual(value("(2^3)^2"), 64)
        XCTAssertEqual(value("2^3*2"), 16)
        XCTAssertEqual(value("2*3^2"), 18)
        XCTAssertEqual(value("-2^2"), -4)
        XCTAssertEqual(value("-u^2", u: 3), -9)
        XCTAssertEqual(value("(-u)^2", u: 3), 9)
        XCTAssertEqual(value("2^-1"), 0.5)
        XCTAssertEqual(value("2^-1^2"), 0.5)  // 2^(-(1^2))
        XCTAssertEqual(value("2*-3"), -6)
        XCTAssertEqual(value("--2"), 2)
        XCTAssertEqual(value("+2"), 2)
        XCTAssertEqual(value("-+-2"), 2)
        XCTAssertEqual(value("1 - -1"), 2)
        XCTAssertEqual(value("6/2*3"), 9)
        XCTAssertEqual(value("1+2*3^2/9-4"), -1)
    }

    func testNumbersConstantsAndVariables() {
        XCTAssertEqual(value("1e-3*1000"), 1)
        XCTAssertEqual(value("2.5E+2"), 250)
        XCTAssertEqual(value(".5+5."), 5.5)
        XCTAssertEqual(value("007"), 7)
        XCTAssertEqual(value("pi"), Double.pi)
        XCTAssertEqual(value("e"), M_E)
        XCTAssertEqual(value("u", u: 0.25), 0.25)
        XCTAssertEqual(value("t", u: 0.25, duration: 8), 2)
        XCTAssertEqual(value("D", duration: 8), 8)
        XCTAssertEqual(value("t/D", u: 0.375, duration: 8), 0.375)
        XCTAssertEqual(value(" ( u ) \n"), 0.5)
    }

    func testEveryFunction() {
        let x = 0.3
        XCTAssertEqual(value("sin(0.3)"), sin(x))
        XCTAssertEqual(value("cos(0.3)"), cos(x))
        XCTAssertEqual(value("tan(0.3)"), tan(x))
        XCTAssertEqual(value("asin(0.3)"), asin(x))
        XCTAssertEqual(value("acos(0.3)"), acos(x))
        XCTAssertEqual(value("atan(0.3)"), atan(x))
        XCTAssertEqual(value("asin(1)"), Double.pi / 2)
        XCTAssertEqual(value("atan(1)*4"), Double.pi)
        XCTAssertEqual(value("exp(0.3)"), exp(x))
        XCTAssertEqual(value("log(e)"), 1)
        XCTAssertEqual(value("log(0.3)"), log(x))
        XCTAssertEqual(value("sqrt(16)"), 4)
        XCTAssertEqual(value("abs(-2.5)"), 2.5)
        XCTAssertEqual(value("floor(-1.5)"), -2)
        XCTAssertEqual(value("floor(1.5)"), 1)
        XCTAssertEqual(value("ceil(-1.5)"), -1)
        XCTAssertEqual(value("ceil(1.2)"), 2)
        XCTAssertEqual(value("min(2, 3)"), 2)
        XCTAssertEqual(value("max(2, 3)"), 3)
        XCTAssertEqual(value("pow(2, 10)"), 1024)
        XCTAssertEqual(value("pow(9, 0.5)"), 3)
        XCTAssertEqual(value("clamp(5, 0, 1)"), 1)
        XCTAssertEqual(value("clamp(-1, 0, 1)"), 0)
        XCTAssertEqual(value("clamp(0.3, 0, 1)"), 0.3)
        XCTAssertEqual(value("smoothstep(0, 1, 0.5)"), 0.5)
        XCTAssertEqual(value("smoothstep(0, 2, 0.5)"), 0.15625)  // v = 1/4: 3/16 - 2/64
        XCTAssertEqual(value("smoothstep(0, 1, -1)"), 0)
        XCTAssertEqual(value("smoothstep(0, 1, 2)"), 1)
        XCTAssertEqual(value("smoothstep(1, 1, 0.5)"), 0)
        XCTAssertEqual(value("smoothstep(1, 1, 1)"), 1)
        XCTAssertEqual(value("max(min(u, 0.2), 0.1)", u: 0.15), 0.15)
        XCTAssertTrue(value("sqrt(-1)").isNaN)
        XCTAssertTrue(value("min(0/0, 1)").isNaN)
        XCTAssertTrue(value("clamp(0/0, 0, 1)").isNaN)
        XCTAssertEqual(value("1/0"), .infinity)
        XCTAssertEqual(ExpressionFunction.allCases.count, 17)
    }

    func testDurationUseAndFolding() throws {
        XCTAssertFalse(try Expression.parse("u*2").usesDuration)
        XCTAssertTrue(try Expression.parse("t").usesDuration)
        XCTAssertTrue(try Expression.parse("u*D").usesDuration)
        XCTAssertEqual(try Expression.parse("2*pi").constantValue, 2 * Double.pi)
        XCTAssertEqual(try Expression.parse("sin(pi/2) + max(1, 2)").constantValue, 3)
        XCTAssertNil(try Expression.parse("u + 1").constantValue)
        let bound = try Expression.parse("D*2 + 1").bound(duration: 4)
        XCTAssertEqual(bound.constantValue, 9)
        XCTAssertEqual(try Expression.parse("1 + u").description, "1 + u")
    }

    func testLongFlatExpressionsParseIteratively() throws {
        let sum = Array(repeating: "1", count: 100_000).joined(separator: "+")
        XCTAssertEqual(try Expression.parse(sum).evaluate(u: 0), 100_000)
        let signs = String(repeating: "-", count: 100_001) + "u"
        XCTAssertEqual(try Expression.parse(signs).evaluate(u: 2), -2)
        let product = Array(repeating: "u", count: 10_000).joined(separator: "*")
        XCTAssertEqual(try Expression.parse(product).evaluate(u: 1), 1)
    }

    func testNestingUpToTheLimit() throws {
        let ok = String(repeating: "(", count: 256) + "u" + String(repeating: ")", count: 256)
        XCTAssertEqual(try Expression.parse(ok).evaluate(u: 0.5), 0.5)
        // Deep right-nested sums need a deep value stack (not the small inline one).
        var nested = "u"
        for _ in 0..<200 { nested = "(1+\(nested))" }
        XCTAssertEqual(try Expression.parse(nested).evaluate(u: 0.5), 200.5)
        var calls = "u"
        for _ in 0..<100 { calls = "max(0, min(\(calls), 10))" }
        XCTAssertEqual(try Expression.parse(calls).evaluate(u: 0.5), 0.5)
    }
}
