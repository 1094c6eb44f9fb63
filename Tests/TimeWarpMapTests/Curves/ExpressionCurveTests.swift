import XCTest
@testable import TimeWarpMap
#if canImport(Glibc)
import Glibc
#endif

final class ExpressionCurveTests: XCTestCase {
    /// An expression, the same function written natively, and its kinks/jumps on [0, 1].
    private struct Case {
        let text: String
        let s: (Double) -> Double
        var breakpoints: [Double] = []
        /// The exact F(u), where it is known in closed form.
        var exact: ((Double) -> Double)? = nil
        /// False when `s` is too rough for Simpson (e.g. an infinite derivative at 0).
        var simpsonWorks = true
    }

    private let d = 7.0

    private var cases: [Case] {
        let d = self.d
        return [
            Case(text: "1 + 0.5*sin(2*pi*u)", s: { 1 + 0.5 * sin(2 * .pi * $0) },
                 exact: { $0 + 0.5 * (1 - cos(2 * .pi * $0)) / (2 * .pi) }),
            Case(text: "exp(u)", s: { exp($0) }, exact: { exp($0) - 1 }),
            Case(text: "1 + abs(u - 0.3)", s: { 1 + abs($0 - 0.3) }, breakpoints: [0.3],
                 exact: { u in u + (u < 0.3 ? 0.3 * u - u * u / 2 : 0.045 + (u - 0.3) * (u - 0.3) / 2) }),
            Case(text: "min(1 + u, 2 - u) + max(u, 0.4)",
                 s: { min(1 + $0, 2 - $0) + max($0, 0.4) }, breakpoints: [0.4, 0.5]),
            Case(text: "smoothstep(0.2, 0.8, u) + 0.5",
                 s: { u in
                     let v = min(max((u - 0.2) / 0.6, 0), 1)
                     return v * v * (3 - 2 * v) + 0.5
                 }, breakpoints: [0.2, 0.8]),
            Case(text: "1 + floor(3*u)", s: { 1 + floor(3 * $0) }, breakpoints: [1.0 / 3, 2.0 / 3],
                 exact: { u in u + (u < 1.0 / 3 ? 0 : u < 2.0 / 3 ? u - 1.0 / 3 : 2 * u - 1) }),
            Case(text: "2 + sin(40*u)", s: { 2 + sin(40 * $0) },
                 exact: { 2 * $0 + (1 - cos(40 * $0)) / 40 }),
            Case(text: "1/(1+u^2)", s: { 1 / (1 + $0 * $0) }, exact: { atan($0) }),
            Case(text: "sqrt(u) + 0.1", s: { sqrt($0) + 0.1 },
                 exact: { 2.0 / 3 * pow($0, 1.5) + 0.1 * $0 }, simpsonWorks: false),
            Case(text: "1 + 0.5*sin(2*pi*t/D)", s: { 1 + 0.5 * sin(2 * .pi * ($0 * d) / d) }),
            Case(text: "0.2 + ceil(u*4)/4 + clamp(u, 0.25, 0.6)",
                 s: { 0.2 + ceil($0 * 4) / 4 + min(max($0, 0.25), 0.6) },
                 breakpoints: [0.25, 0.5, 0.6, 0.75]),
            Case(text: "1 - 0.9*u^3 + pow(u, 2)*log(1+u)", s: { 1 - 0.9 * pow($0, 3) + $0 * $0 * log(1 + $0) }),
        ]
    }

    private func make(_ text: String, duration: Double? = 7) throws -> ExpressionCurve {
        try ExpressionCurve.make(expression: try Expression.parse(text), mediaDuration: duration)
    }

    func testEndValueAgainstIndependentIntegration() throws {
        for c in cases {
            let curve = try make(c.text, duration: d)
            if c.simpsonWorks {
                let reference = curveSimpson(c.s, from: 0, to: 1, breakpoints: c.breakpoints)
                XCTAssertEqual(curve.integral(to: 1), reference, accuracy: 1e-9, c.text)
            }
            if let exact = c.exact {
                XCTAssertEqual(curve.integral(to: 1), exact(1), accuracy: 1e-10, c.text)
            }
        }
    }

    func testIntermediateValues() throws {
        for c in cases {
            let curve = try make(c.text, duration: d)
            var worst = 0.0
            // 1999 points, irrational-ish spacing so they fall between nodes.
            for i in 1..<2000 {
                let u = (Double(i) * 0.6180339887498949).truncatingRemainder(dividingBy: 1)
                let truth: Double
                if let exact = c.exact {
                    truth = exact(u)
                } else {
                    if i % 20 != 0 { continue }  // Simpson references are slower: sample fewer.
                    truth = curveSimpson(c.s, from: 0, to: u, intervals: 20_000,
                                    breakpoints: c.breakpoints)
                }
                worst = max(worst, abs(curve.integral(to: u) - truth))
            }
            XCTAssertLessThan(worst, 1e-9, c.text)
        }
    }

    func testManyJumps() throws {
        // Steps at k/20: Gauss–Kronrod nodes never reach the ends of an interval, so a jump just
        // before a node of the table is only seen through the end-point check.
        let curve = try make("1 + floor(20*u)/4")
        let exact = { (u: Double) -> Double in
            let k = min(floor(20 * u), 19)
            // 1·u + Σ_{j<k} j/4 · 1/20 + k/4 · (u - k/20)
            return u + k * (k - 1) / 160 + k / 4 * (u - k / 20)
        }
        XCTAssertEqual(curve.integral(to: 1), 3.375, accuracy: 1e-10)
        var worst = 0.0
        for i in 0...4000 {
            let u = Double(i) / 4000 * 0.999 + 0.0003
            worst = max(worst, abs(curve.integral(to: u) - exact(u)))
        }
        XCTAssertLessThan(worst, 1e-9)
    }

    func testJumpHiddenNearATableNode() throws {
        // A jump 1e-5 before the node 0.25: inside the unsampled end gap of the Gauss–Kronrod
        // rule on [0.25 - 1/128, 0.25]; the end-point check must find it.
        for c in [0.24999, 0.2499999, 0.5 - 3e-5] {
            let curve = try make("1 + ceil(u - \(c))")
            XCTAssertEqual(curve.integral(to: 1), 1 + (1 - c), accuracy: 1e-10, "c = \(c)")
            for u in [0.1, c - 1e-6, 0.25, 0.3, 0.9] {
                XCTAssertEqual(curve.integral(to: u), u + max(0, u - c), accuracy: 1e-9,
                               "c = \(c), u = \(u)")
            }
        }
    }

    func testScaleIsTheExpressionAndContinuesPastTheEnd() throws {
        let curve = try make("1 + 0.5*sin(2*pi*u) + u")
        XCTAssertEqual(curve.domain, .normalized)
        XCTAssertEqual(curve.validationRange, 0...1)
        XCTAssertEqual(curve.scale(at: 0.25), 1 + 0.5 + 0.25, accuracy: 1e-15)
        let s1 = curve.scale(at: 1)
        XCTAssertEqual(s1, 2, accuracy: 1e-12)
        XCTAssertEqual(curve.scale(at: 3), s1)
        XCTAssertEqual(curve.integral(to: 0), 0)
        XCTAssertEqual(curve.integral(to: 1.5), curve.integral(to: 1) + 0.5 * s1, accuracy: 1e-15)
        XCTAssertEqual(curve.integral(to: 1), 1.5, accuracy: 1e-10)
        XCTAssertFalse(curve.isIdentity)
        // Continuity at the nodes and monotonicity for a positive scale.
        var previous = -1.0
        for i in 0...10_000 {
            let f = curve.integral(to: Double(i) / 10_000)
            XCTAssertGreaterThan(f, previous)
            previous = f
        }
    }

    func testDurationHandling() throws {
        XCTAssertThrowsError(try make("1 + t/D", duration: nil)) {
            XCTAssertEqual($0 as? CurveBuildError, .durationRequired)
        }
        XCTAssertThrowsError(try make("1 + t", duration: 0)) {
            XCTAssertEqual($0 as? CurveBuildError, .invalidDuration(0))
        }
        // An expression in u alone needs no duration.
        XCTAssertEqual(try make("2", duration: nil).integral(to: 1), 2, accuracy: 1e-15)
        XCTAssertEqual(try make("2", duration: .nan).integral(to: 0.5), 1, accuracy: 1e-15)
        // t in seconds: s = 1 + t/10 over D = 10 → F(1) = 1.5.
        XCTAssertEqual(try make("1 + t/10", duration: 10).integral(to: 1), 1.5, accuracy: 1e-12)
    }

    func testNonFiniteScaleNamesThePosition() throws {
        XCTAssertThrowsError(try make("1/u", duration: 10)) { error in
            guard case .notFinite(let function, let u, let seconds, _) = error as? CurveBuildError
            else { return XCTFail("\(error)") }
            XCTAssertEqual(function, "s")
            XCTAssertEqual(u, 0)
            XCTAssertEqual(seconds, 0)
            XCTAssertTrue("\(error)".contains("s(u) is +infinity at u = 0.0 (t = 0.0 s)"), "\(error)")
        }
        XCTAssertThrowsError(try make("1 + sqrt(0.5 - u)", duration: 10)) { error in
            guard case .notFinite(_, let u, let seconds, let value) = error as? CurveBuildError
            else { return XCTFail("\(error)") }
            XCTAssertGreaterThan(u, 0.5)
            XCTAssertLessThan(u, 0.51)
            XCTAssertEqual(seconds!, u * 10, accuracy: 1e-12)
            XCTAssertTrue(value.isNaN)
        }
        XCTAssertThrowsError(try make("log(u - 0.5)", duration: nil)) { error in
            XCTAssertTrue("\(error)".contains("s(u) is NaN at u = 0.0"), "\(error)")
            XCTAssertFalse("\(error)".contains("t ="), "\(error)")
        }
    }

    func testSingularAndWildExpressionsAreRefused() throws {
        for text in ["1/abs(u - 0.3)", "1/(u - 0.7)^2", "1/sqrt(abs(u - 0.3))"] {
            XCTAssertThrowsError(try make(text)) { error in
                switch error as? CurveBuildError {
                case .notIntegrable(let u, _), .tooIrregular(let u, _):
                    XCTAssertEqual(u, text.contains("0.7") ? 0.7 : 0.3, accuracy: 1e-3, text)
                case .notFinite:
                    break  // Also acceptable: hit the pole exactly.
                default:
                    XCTFail("\(text): \(error)")
                }
            }
        }
        XCTAssertThrowsError(try make("2 + sin(1e7*u)")) { error in
            guard case .tooIrregular = error as? CurveBuildError else {
                return XCTFail("\(error)")
            }
        }
    }
}
