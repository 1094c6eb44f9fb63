import Foundation
import XCTest
@testable import TimeWarpAudioCore

/// `ControlPointGenerator.walkPlain` (the fast path where every bend is 0) gives exactly the
/// points `peek()` and `advance()` give, leaves exactly their state, and leaves every point with
/// a bend to them.
final class AudioCorePlainWalkTests: XCTestCase {
    /// Steps through every point of `xs` (fed in pieces of `split`), taking plain runs of at most
    /// `limit` points where it can and single points through `next()` elsewhere; checks each
    /// point and the state after each run against a generator that only uses `next()`. Returns
    /// how many points came from plain runs.
    func check(_ xs: [Double], rate: Double, split: Int, limit: Int, lastLeftAhead: Int64 = .max,
               _ name: String) -> Int {
        var a = ControlPointGenerator(rate: rate)
        var b = ControlPointGenerator(rate: rate)
        var fed = 0
        var plain = 0
        var points = 0
        while true {
            var progressed = false
            let taken = a.walkPlain(limit: limit, lastLeft: lastLeftAhead == .max ? .max : a.leftIndex + lastLeftAhead) {
                _, left, lp, position, scale in
                guard let q = b.next() else {
                    XCTFail("\(name): a plain point the plain path does not have")
                    return false
                }
                XCTAssertEqual(position, q.position, "\(name) point \(points)")
                XCTAssertEqual(scale, q.scale, "\(name) point \(points)")
                XCTAssertEqual(lp, Double(left), name)
                XCTAssertTrue(position >= lp && position <= lp + 1, "\(name) point \(points): left end")
                points += 1
                return true
            }
            if taken > 0 {
                plain += taken
                progressed = true
                XCTAssertEqual(a.outputIndex, b.outputIndex, "\(name): output index")
                XCTAssertEqual(a.tau, b.tau, "\(name): time")
                // The interval is the last point's (or, where the run stopped at a bend or at the
                // end of the fed values, the one after it: entered, as `walk` does).
                XCTAssertTrue(a.leftIndex == b.leftIndex || (taken < limit && a.leftIndex > b.leftIndex),
                              "\(name): interval \(a.leftIndex) after a plain run, \(b.leftIndex) stepwise")
            }
            if let p = a.peek() {
                a.advance()
                XCTAssertEqual(p, b.next(), "\(name) point \(points)")
                points += 1
                progressed = true
            } else if fed < xs.count {
                let n = min(split, xs.count - fed)
                xs[fed..<(fed + n)].withUnsafeBufferPointer { a.feed(contentsOf: $0) }
                xs[fed..<(fed + n)].withUnsafeBufferPointer { b.feed(contentsOf: $0) }
                fed += n
                progressed = true
            }
            if !progressed { break }
        }
        XCTAssertNil(b.next(), "\(name): points left over")
        return plain
    }

    func testMatchesTheStepwisePointsExactly() {
        let rate = 1000.0
        let t = (0..<6000).map { 0.05 + Double($0) / rate }
        let maps: [(String, [Double], Bool)] = [
            ("factor 1.5", t.map { 1.5 * $0 }, true),
            ("factor 0.91875", t.map { 0.91875 * $0 }, true),
            ("factor 0.3 (speed-up)", t.map { 0.3 * $0 }, true),
            ("slow curve (bends below 1e-6)", t.map { $0 + 0.001 * $0 * $0 }, true),
            ("curve with bends", t.map { 0.5 * $0 + $0 * $0 }, false),
            ("kinks", t.map { $0 < 2 ? 1.5 * $0 : ($0 < 4 ? 3 + 0.25 * ($0 - 2) : 3.5 + 2 * ($0 - 4)) }, true),
            ("steps back and NaN", t.enumerated().map { $0.offset % 997 == 5 ? .nan : ($0.offset % 1499 == 7 ? 0 : 1.2 * $0.element) }, true),
        ]
        for (name, xs, straight) in maps {
            for (split, limit) in [(1, 3), (7, 64), (960, 1000), (6000, 97)] {
                let plain = check(xs, rate: rate, split: split, limit: limit, "\(name) split \(split) limit \(limit)")
                if straight && split > 1 {
                    XCTAssertGreaterThan(plain, 1000, "\(name) split \(split): plain runs taken")
                }
            }
            _ = check(xs, rate: rate, split: 960, limit: 500, lastLeftAhead: 3, "\(name) lastLeft")
        }
        // The curve with bends: no plain points at all (every bend is above 1e-6).
        let curve = t.map { 0.5 * $0 + $0 * $0 }
        XCTAssertEqual(check(curve, rate: rate, split: 960, limit: 1000, "curve"), 0)
    }
}
