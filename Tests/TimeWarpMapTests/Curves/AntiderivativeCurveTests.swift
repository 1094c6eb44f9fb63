import XCTest
@testable import TimeWarpMap

final class AntiderivativeCurveTests: XCTestCase {
    private func make(_ text: String, duration: Double? = nil) throws -> AntiderivativeCurve {
        try AntiderivativeCurve.make(expression: try Expression.parse(text),
                                     mediaDuration: duration)
    }

    func testDocumentedExamples() throws {
        // u/2, 2*u, u*u/2 (docs/mathematics.md#antiderivatives): output durations D/2, 2D, D/2.
        let d = 12.0
        for (text, end, s1) in [("u/2", 0.5, 0.5), ("2*u", 2.0, 2.0), ("u*u/2", 0.5, 1.0)] {
            let c = try make(text)
            XCTAssertEqual(c.domain, .normalized)
            XCTAssertEqual(c.validationRange, 0...1)
            XCTAssertEqual(c.integral(to: 0), 0)
            XCTAssertEqual(c.integral(to: 1), end, accuracy: 1e-15, text)
            XCTAssertEqual(d * c.integral(to: 1), d * end, accuracy: 1e-12, text)
            XCTAssertEqual(c.scale(at: 1), s1, accuracy: 1e-9, text)
            XCTAssertEqual(c.integral(to: 1.5), end + 0.5 * s1, accuracy: 1e-9, text)
        }
        let quadratic = try make("u*u/2")
        for u in [0.0, 1e-7, 0.1, 0.5, 0.999999, 1] {
            XCTAssertEqual(quadratic.scale(at: u), u, accuracy: 1e-9, "u = \(u)")
            XCTAssertEqual(quadratic.integral(to: u), u * u / 2, accuracy: 1e-15)
        }
    }

    func testDerivativeOfSmoothFunctions() throws {
        let c = try make("u + 0.1*sin(2*pi*u)")
        for i in 0...100 {
            let u = Double(i) / 100
            XCTAssertEqual(c.scale(at: u), 1 + 0.2 * Double.pi * cos(2 * .pi * u), accuracy: 1e-8)
        }
        let seconds = try make("t*t/(2*D*D)", duration: 8)
        XCTAssertEqual(seconds.integral(to: 1), 0.5, accuracy: 1e-15)
        XCTAssertEqual(seconds.scale(at: 0.5), 0.5, accuracy: 1e-9)
    }

    func testStartMustBeZero() throws {
        XCTAssertThrowsError(try make("u + 1")) {
            XCTAssertEqual($0 as? CurveBuildError, .antiderivativeNotZeroAtStart(value: 1))
            XCTAssertTrue("\($0)".contains("F(0) = 1.0"), "\($0)")
        }
        XCTAssertThrowsError(try make("u + 1e-11"))
        // A residue within 1e-12 is accepted and removed.
        let c = try make("u + 1e-13")
        XCTAssertEqual(c.integral(to: 0), 0)
        XCTAssertEqual(c.integral(to: 0.5), 0.5, accuracy: 1e-15)
    }

    func testNonFiniteValuesNameThePosition() throws {
        XCTAssertThrowsError(try make("log(u)")) { error in
            guard case .notFinite(let function, let u, _, _) = error as? CurveBuildError else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(function, "F")
            XCTAssertEqual(u, 0)
        }
        XCTAssertThrowsError(try make("u/(u - 0.5)", duration: 4)) { error in
            guard case .notFinite(_, let u, let seconds, _) = error as? CurveBuildError else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(u, 0.5)
            XCTAssertEqual(seconds, 2)
            XCTAssertTrue("\(error)".contains("u = 0.5 (t = 2.0 s)"), "\(error)")
        }
        XCTAssertThrowsError(try make("u*D", duration: nil)) {
            XCTAssertEqual($0 as? CurveBuildError, .durationRequired)
        }
    }
}
