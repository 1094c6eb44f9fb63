import XCTest
@testable import TimeWarpMap

final class HostileInputTests: XCTestCase {
    /// Parses `text` both ways and, where that succeeds, builds and samples every curve kind.
    /// Errors must locate themselves inside the text (or just past its end).
    private func exercise(_ text: String) {
        let length = text.unicodeScalars.count
        do {
            let spec = try KeyframeSpec.parse(text)
            for d in [nil, 10.0, 1e-300, 1e300] as [Double?] {
                if let c = try? spec.makeCurve(mediaDuration: d) {
                    for x in [-1.0, 0, 0.3, 1, 2, 1e300, .nan] {
                        _ = c.integral(to: x)
                        _ = c.scale(at: x)
                    }
                }
            }
        } catch {
            XCTAssertTrue((1...length + 1).contains(error.column), "\(text.prefix(40)): \(error)")
            XCTAssertFalse(error.description.isEmpty)
        }
        do {
            let e = try Expression.parse(text)
            for u in [-1.0, 0, 0.5, 1, 2, .nan, .infinity] { _ = e.evaluate(u: u, duration: 10) }
            guard text.utf8.count < 5000 else { return }  // keep the test quick
            for d in [nil, 10.0] as [Double?] {
                for c in [try? ExpressionCurve.make(expression: e, mediaDuration: d) as TimeScaleCurve,
                          try? AntiderivativeCurve.make(expression: e, mediaDuration: d)] {
                    guard let c else { continue }
                    for x in [-1.0, 0, 0.3, 1, 2, .nan] {
                        _ = c.integral(to: x)
                        _ = c.scale(at: x)
                    }
                }
            }
        } catch {
            XCTAssertTrue((1...length + 1).contains(error.column), "\(text.prefix(40)): \(error)")
            XCTAssertFalse(error.description.isEmpty)
        }
    }

    func testHostileCorpus() {
        for text in curveHostileInputs { exercise(text) }
    }

    func testEveryPrefixOfValidInputs() {
        let valid = [
            "0:1, 0.25:2:smooth, 2.5s:0.5:cubic, 0.75:1:hold, 1:1",
            "clamp(1 + 0.5*sin(2*pi*t/D), 0.2, 3) - -smoothstep(0.1, 0.9, u)^2 * max(u, 1e-3)",
        ]
        for text in valid {
            let scalars = Array(text.unicodeScalars)
            for n in 0...scalars.count {
                var prefix = ""
                prefix.unicodeScalars.append(contentsOf: scalars[0..<n])
                exercise(prefix)
            }
        }
    }
}
