import XCTest
@testable import TimeWarpMap

final class ExpressionParseErrorTests: XCTestCase {
    private func assertError(_ text: String, column: Int, _ expected: String,
                             file: StaticString = #filePath, line: UInt = #line) {
        do {
            _ = try Expression.parse(text)
            XCTFail("'\(text)' should be refused", file: file, line: line)
        } catch {
            XCTAssertEqual(error.column, column, "\(error)", file: file, line: line)
            XCTAssertNil(error.keyframe, file: file, line: line)
            XCTAssertTrue(error.description.contains(expected), "\(error)", file: file, line: line)
        }
    }

    func testBrackets() {
        assertError("(1+2", column: 5, "expected ')' at column 5")
        assertError("2*(u+(3-1)", column: 11, "expected ')' at column 11")
        assertError("min(1, 2", column: 9, "expected ')' at column 9")
        assertError("1)", column: 2, "unmatched ')' at column 2")
        assertError("()", column: 2, "found ')'")
    }

    func testNames() {
        assertError("1+sinn(u)", column: 3, "unknown function 'sinn' at column 3")
        assertError("x+1", column: 1, "unknown variable 'x'")
        assertError("U", column: 1, "unknown variable 'U'")
        assertError("u(2)", column: 1, "'u' is not a function at column 1")
        assertError("pi(2)", column: 1, "'pi' is not a function")
        assertError("sin u", column: 5, "expected '(' after function 'sin' at column 5")
        assertError("1 + sin", column: 8, "expected '(' after function 'sin'")
    }

    func testArity() {
        assertError("min(1)", column: 1, "function 'min' takes 2 arguments, got 1 at column 1")
        assertError("2*sin(1, 2)", column: 3, "function 'sin' takes 1 argument, got 2")
        assertError("clamp(1, 2)", column: 1, "function 'clamp' takes 3 arguments, got 2")
        assertError("smoothstep(0,1,u,u)", column: 1, "takes 3 arguments, got 4")
        assertError("max()", column: 1, "takes 2 arguments, got 0")
        assertError("min(1,)", column: 7, "found ')'")
        assertError("min(,1)", column: 5, "found ','")
    }

    func testOperatorsAndOperands() {
        assertError("", column: 1, "empty expression at column 1")
        assertError("  \t", column: 4, "empty expression")
        assertError("1+", column: 3, "found end of expression at column 3")
        assertError("*2", column: 1, "found '*'")
        assertError("2**3", column: 3, "found '*'")
        assertError("2u", column: 2, "expected an operator, found 'u' at column 2")
        assertError("2 3", column: 3, "expected an operator, found number 3.0")
        assertError("1e", column: 2, "found 'e'")
        assertError("u^", column: 3, "found end of expression")
        assertError("1,2", column: 2, "expected an operator, found ','")
        assertError(".", column: 1, "unexpected character '.'")
        assertError("1 $ 2", column: 3, "unexpected character '$' at column 3")
        assertError("é", column: 1, "unexpected character 'é'")
        assertError("1 + 😀", column: 5, "unexpected character '😀'")
        assertError("1\u{0}", column: 2, "U+0")
    }

    func testHugeNumbers() {
        assertError("1e999", column: 1, "number 1e999 is too large at column 1")
        assertError("u + " + String(repeating: "9", count: 400), column: 5, "is too large")
        // Underflow is just zero; many digits are fine.
        XCTAssertEqual(try Expression.parse("1e-999").evaluate(u: 0), 0)
        XCTAssertEqual(try Expression.parse(String(repeating: "0", count: 10_000) + "1")
            .evaluate(u: 0), 1)
    }

    func testNestingLimit() {
        let deep = String(repeating: "(", count: 300) + "1" + String(repeating: ")", count: 300)
        assertError(deep, column: 257, "nested too deeply")
        let calls = String(repeating: "sin(", count: 300) + "u" + String(repeating: ")", count: 300)
        assertError(calls, column: 1028, "nested too deeply")
        let powers = Array(repeating: "2", count: 300).joined(separator: "^")
        assertError(powers, column: 514, "nested too deeply")
        let unclosed = String(repeating: "(", count: 100_000)
        assertError(unclosed, column: 257, "nested too deeply")
    }
}
