import Foundation
import XCTest
@testable import TimeWarpAudioCore

/// The streaming generator matches the brute-force control points and tolerates bad values.
final class AudioCoreControlPointTests: XCTestCase {
    func testMatchesBruteForce() {
        let rate = 1000
        let t0 = 0.25
        let warp: (Double) -> Double = { 0.5 * $0 + $0 * $0 }
        let n = 3000
        let outputs = AudioCoreTestSupport.expectedCount(frames: n, rate: rate, startTime: t0, warp: warp) - 1
        let reference = AudioCoreTestSupport.referenceIntervals(frames: n, rate: rate, startTime: t0,
                                                                outputs: outputs, warp: warp)
        var g = ControlPointGenerator(rate: Double(rate))
        var got: [WarpControlPoint] = []
        for i in 0...n + 1 {                // X(n + 1) decides the bend of the last interval
            g.feed(warp(t0 + Double(i) / Double(rate)))
            while let c = g.next() { got.append(c) }
        }
        XCTAssertGreaterThanOrEqual(got.count, outputs)
        for j in 0..<min(outputs, got.count) {
            XCTAssertEqual(got[j].position, reference[j].c, accuracy: 1e-9, "j=\(j)")
            // Local scale: (X(i) - X(i-1)) * rate for the interval [X(i-1), X(i)) holding tau_j
            // (the interval choice may differ by one where tau_j == X(i) up to rounding).
            let i = reference[j].i
            if abs(reference[j].c - reference[j].c.rounded()) < 1e-9 { continue }
            let s = (warp(t0 + Double(i) / Double(rate)) - warp(t0 + Double(i - 1) / Double(rate))) * Double(rate)
            XCTAssertEqual(got[j].scale, s, accuracy: 1e-9)
        }
    }

    func testFollowsTheExactInverseBetweenSamples() {
        // X(t) = 0.5 t + t^2 inverts in closed form: t = (sqrt(0.25 + 4 tau) - 0.5) / 2. The chord's
        // inverse (no bend) is off by up to X'' h^2 / (8 X') of a sample, 2.5e-4 here; the bend
        // brings it to the third order.
        let rate = 1000
        let t0 = 0.25
        let warp: (Double) -> Double = { 0.5 * $0 + $0 * $0 }
        var g = ControlPointGenerator(rate: Double(rate))
        var got: [Double] = []
        for i in 0...3001 {
            g.feed(warp(t0 + Double(i) / Double(rate)))
            while let c = g.next() { got.append(c.position) }
        }
        XCTAssertGreaterThan(got.count, 1000)
        var worst = 0.0
        for (j, c) in got.enumerated() {
            let tau = warp(t0) + Double(j) / Double(rate)
            let exact = ((0.25 + 4 * tau).squareRoot() - 0.5) / 2
            worst = max(worst, abs(c - (exact - t0) * Double(rate)))
        }
        XCTAssertLessThan(worst, 1e-6)
    }

    func testFeedingAheadLosesNothing() {
        let xs = (0...500).map { 0.003 * Double($0) + 0.00001 * Double($0 * $0) }
        var stepwise = ControlPointGenerator(rate: 1000)
        var a: [Double] = []
        for x in xs {
            stepwise.feed(x)
            while let c = stepwise.next() { a.append(c.position) }
        }
        var bulk = ControlPointGenerator(rate: 1000)
        xs.withUnsafeBufferPointer { bulk.feed(contentsOf: $0) }
        var b: [Double] = []
        while let c = bulk.next() { b.append(c.position) }
        XCTAssertEqual(a, b)
        XCTAssertEqual(bulk.pendingCount, 0)
    }

    func testSkipsValuesThatDoNotIncrease() {
        var g = ControlPointGenerator(rate: 1)
        for x in [0.0, 1.0, .nan, 0.5, 3.0] { g.feed(x) }   // X(2), X(3) are skipped
        var got: [Double] = []
        while let c = g.next() { got.append(c.position) }
        // tau = 0, 1, 2 -> c = 0, 1, then 1 + (2-1)/(3-1) * (4-1) = 2.5
        XCTAssertEqual(got, [0, 1, 2.5])
    }

    func testMatchesNaiveReferenceOnIrregularSequences() {
        // Irregular warped times: fast runs (many inputs per output), slow stretches, NaN,
        // infinities and steps backwards. Reference: accept a value iff it is finite and above the
        // last accepted one; c interpolates the index between consecutive accepted values.
        let rate = 100.0
        var seed: UInt64 = 99
        func random() -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 11) / Double(1 << 53)
        }
        for trial in 0..<20 {
            var xs: [Double] = [Double(trial)]
            for _ in 0..<3000 {
                let r = random()
                let last = xs.last { $0.isFinite } ?? 0
                if r < 0.02 { xs.append(.nan) }
                else if r < 0.03 { xs.append(.infinity) }
                else if r < 0.06 { xs.append(last - random() * 0.05) }
                else if r < 0.5 { xs.append(last + random() * 0.002) }      // fast: s ~ 0.1
                else { xs.append(last + random() * 0.04) }                   // slow: s ~ 2
            }
            var accepted: [(i: Int, x: Double)] = []
            for (i, x) in xs.enumerated() where x.isFinite && (accepted.last.map { x > $0.x } ?? true) {
                accepted.append((i, x))
            }
            var expected: [Double] = []
            var a = 0
            var j = 0
            while true {
                let tau = xs[0] + Double(j) * (1 / rate)
                while a + 1 < accepted.count && !(tau < accepted[a + 1].x) { a += 1 }
                guard a + 1 < accepted.count else { break }
                let p = accepted[a], q = accepted[a + 1]
                let u = (tau - p.x) / (q.x - p.x)
                var b = 0.0
                // A bend for a one-step interval after a one-step predecessor: it needs X(q.i + 1).
                if q.i - p.i == 1 && a >= 1 && accepted[a - 1].i == p.i - 1 {
                    guard q.i + 1 < xs.count else { break }
                    b = AudioCoreTestSupport.referenceBend(accepted[a - 1].x, p.x, q.x, xs[q.i + 1])
                }
                expected.append(Double(p.i) + (b == 0 ? u * Double(q.i - p.i) : u + b * u * (1 - u)))
                j += 1
            }
            var g = ControlPointGenerator(rate: rate)
            var got: [Double] = []
            var k = 0
            while k < xs.count {
                let n = min(xs.count - k, 1 + Int(random() * 50))
                xs[k..<(k + n)].withUnsafeBufferPointer { g.feed(contentsOf: $0) }
                k += n
                while let c = g.next() { got.append(c.position) }
            }
            XCTAssertEqual(got.count, expected.count, "trial \(trial)")
            for (u, v) in zip(got, expected) {
                XCTAssertEqual(u, v, accuracy: 1e-9 * max(1, abs(v)), "trial \(trial)")
            }
        }
    }
}
