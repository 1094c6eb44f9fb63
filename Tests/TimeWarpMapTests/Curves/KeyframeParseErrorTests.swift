import XCTest
@testable import TimeWarpMap

final class KeyframeParseErrorTests: XCTestCase {
    /// Parsing (and building with `duration`) fails with `message` at `column`.
    private func assertError(_ text: String, duration: Double? = 10, column: Int,
                             keyframe: Int?, contains message: String,
                             file: StaticString = #filePath, line: UInt = #line) {
        do {
            _ = try KeyframeSpec.parse(text).makeCurve(mediaDuration: duration)
            XCTFail("'\(text)' should be refused", file: file, line: line)
        } catch {
            XCTAssertEqual(error.column, column, "\(error)", file: file, line: line)
            XCTAssertEqual(error.keyframe, keyframe, "\(error)", file: file, line: line)
            XCTAssertTrue(error.description.contains(message), "\(error)", file: file, line: line)
        }
    }

    func testNotAscending() {
        assertError("0:1, 0.5:2, 0.3:1", column: 13, keyframe: 3,
                    contains: "keyframe 3: position 0.3 is not after 0.5 (column 13)")
        assertError("0:1, 0.5:2, 0.5:1, 1:1", column: 13, keyframe: 3, contains: "not after 0.5")
        assertError("0s:1, 2s:1, 1s:2", column: 13, keyframe: 3, contains: "position 1.0s is not after 2.0s")
    }

    func testFirstAndLastPositions() {
        assertError("0.1:1, 1:2", column: 1, keyframe: 1, contains: "first position must be 0")
        assertError("0:1, 0.9:2", column: 6, keyframe: 2, contains: "last position must be 1")
        assertError("0:1, 1.5:2", column: 6, keyframe: 2, contains: "past the end")
        assertError("0:1, -0.5:2, 1:1", column: 6, keyframe: 2, contains: "negative")
        assertError("0:1", column: 1, keyframe: 1, contains: "at least two keys")
    }

    func testNonFiniteValues() {
        assertError("0:1, 1:nan", column: 8, keyframe: 2, contains: "value nan is not finite")
        assertError("0:1, 1:inf", column: 8, keyframe: 2, contains: "value inf is not finite")
        assertError("0:-Infinity, 1:1", column: 3, keyframe: 1, contains: "value -inf is not finite")
        assertError("0:1, 1:1e999", column: 8, keyframe: 2, contains: "not finite")
        assertError("0:1, 1e999:1", column: 6, keyframe: 2, contains: "position is not a finite")
    }

    func testSyntax() {
        assertError("", column: 1, keyframe: nil, contains: "empty")
        assertError("   ", column: 4, keyframe: nil, contains: "empty")
        assertError("0:1 1:2", column: 5, keyframe: 1, contains: "expected ','")
        assertError("0:1, 1", column: 7, keyframe: 2, contains: "expected ':'")
        assertError("0:1, 1:", column: 8, keyframe: 2, contains: "expected a scale value, found end of input")
        assertError("0:1,,1:2", column: 5, keyframe: 2, contains: "expected a position")
        assertError("0:1, 1:2,", column: 10, keyframe: 3, contains: "expected a position")
        assertError("0:1, 1:2:bounce", column: 10, keyframe: 2, contains: "unknown ease 'bounce'")
        assertError("0:1, 1:2:", column: 10, keyframe: 2, contains: "expected an ease")
        assertError("0:1, 1:2:Linear", column: 10, keyframe: 2, contains: "unknown ease")
        assertError("0:1; 1:2", column: 4, keyframe: 1, contains: "found ';'")
        assertError("0:1, 1:\u{7}", column: 8, keyframe: 2, contains: "U+7")
        assertError("0:1, 1:2 😀", column: 10, keyframe: 2, contains: "'😀'")
    }

    func testMixedNeedsDuration() {
        assertError("0:1, 5s:2, 1:2", duration: nil, column: 12, keyframe: 3,
                    contains: "fractional position 1.0 needs the media duration, which is unknown")
        assertError("0:1, 0.5:2, 1:2", duration: nil, column: 6, keyframe: 2,
                    contains: "keyframe 2: fractional position 0.5 needs the media duration")
        assertError("0:1, 5s:2, 1:2", duration: -1, column: 12, keyframe: 3,
                    contains: "-1.0 s is not a positive duration")
        assertError("0:1, 5s:2, 1:2", duration: .nan, column: 12, keyframe: 3,
                    contains: "not a positive duration")
        // 5 s of a 4 s medium lies past the last key (1).
        assertError("0:1, 5s:2, 1:2", duration: 4, column: 12, keyframe: 3,
                    contains: "position 1.0 is not after 5.0s")
        assertError("0:1, 0.5:2, 9s:2", duration: 10, column: 13, keyframe: 3,
                    contains: "last position must be the end")
    }
}
