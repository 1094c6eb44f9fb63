import XCTest
@testable import TimeWarpMap

/// The smallest scale accepted is the same for every kind of curve (docs/mathematics.md#validation):
/// a scale that touches 0 is fine where F still increases; a map whose output advances less
/// than 1 ns per second of input on average (or past its end) is refused.
final class SmallestScaleTests: XCTestCase {
    func map(_ configure: (inout TimeMapSettings) -> Void) -> Result<TimeMap, Error> {
        var s = TimeMapSettings()
        configure(&s)
        do { return .success(try s.makeMap(mediaDuration: 10)) } catch { return .failure(error) }
    }

    func testAScaleTouchingZeroIsAccepted() {
        // s = u^10: F(u) = u^11 / 11 increases everywhere, though s(0) = 0.
        let expression = map { $0.function = .expression; $0.expression = "u^10" }
        XCTAssertNoThrow(try expression.get())
        let keyframes = map { $0.function = .keyframes; $0.keyframes = "0:0, 1:1" }
        XCTAssertNoThrow(try keyframes.get())
        let antiderivative = map { $0.function = .antiderivative; $0.expression = "u^11/11" }
        XCTAssertNoThrow(try antiderivative.get())
        // F(1) = 1/11 by hand: output 10/11 s for D = 10 s.
        XCTAssertEqual(try expression.get().outputDuration ?? 0, 10.0 / 11, accuracy: 1e-9)
    }

    func testAVanishingScaleIsRefusedTheSameWayForEveryKind() {
        let kinds: [(String, (inout TimeMapSettings) -> Void)] = [
            ("constant", { $0.factor = 1e-300 }),
            ("expression", { $0.function = .expression; $0.expression = "1e-300" }),
            ("keyframes", { $0.function = .keyframes; $0.keyframes = "0:1e-300, 1:1e-300" }),
            ("antiderivative", { $0.function = .antiderivative; $0.expression = "1e-300*u" }),
        ]
        for (name, configure) in kinds {
            switch map(configure) {
            case .success(let m): XCTFail("\(name) accepted, output \(String(describing: m.outputDuration)) s")
            case .failure(let error): XCTAssertTrue("\(error)".contains("smallest"), "\(name): \(error)")
            }
        }
    }
}

