import XCTest
import CGStreamer
import CGStreamerCheck
@testable import GstTimeWarp

/// Variable-rate mode (framerate=0/1 downstream): every PTS equals T(pts). The expected T is
/// computed here by an independent composite Simpson integration of s(u) as
/// docs/mathematics.md#built-in-scale-functions defines it.
final class VideoVariableRateTests: XCTestCase {
    static let capsIn = "video/x-raw,format=GRAY8,width=4,height=4,framerate=25/1"
    static let capsOut = "video/x-raw,format=GRAY8,width=4,height=4,framerate=0/1"

    static func smoothstep(_ x: Double) -> Double { let c = min(max(x, 0), 1); return c * c * (3 - 2 * c) }

    /// s(u) straight from docs/mathematics.md#built-in-scale-functions.
    static func s(_ f: String, _ u: Double, factor: Double, modifier m: Double) -> Double {
        let cosine = factor * (cos(12 * m * .pi * u) + 1) + factor / 2
        switch f {
        case "constant": return factor
        case "triangle":
            let c = 0.5, w = c * m
            if u < c - w || u > c + w { return 1 }
            return u <= c ? 1 + (factor - 1) * (u - (c - w)) / w : 1 + (factor - 1) * ((c + w) - u) / w
        case "cosine": return cosine
        case "tapered-cosine": return 1 + (cosine - 1) * smoothstep(u)
        case "power": return 2 * m * pow(u, factor) + m / 2
        case "double-smoothstep":
            let c = 0.25, w = c * m, a = c - w, b = c + w
            if u <= a || u >= 1 - a { return 1 }
            if u < b { return 1 + (factor - 1) * smoothstep((u - a) / (b - a)) }
            if u <= 1 - b { return factor }
            return 1 + (factor - 1) * smoothstep(1 - (u - (1 - b)) / ((1 - a) - (1 - b)))
        default: fatalError()
        }
    }

    /// ∫₀ᵘ s by composite Simpson with 20000 intervals.
    static func F(_ f: String, _ u: Double, factor: Double, modifier: Double) -> Double {
        let n = 20_000, h = u / Double(n)
        var sum = s(f, 0, factor: factor, modifier: modifier) + s(f, u, factor: factor, modifier: modifier)
        for k in 1..<n { sum += (k % 2 == 1 ? 4 : 2) * s(f, Double(k) * h, factor: factor, modifier: modifier) }
        return sum * h / 3
    }

    func check(_ function: String, factor: Double, modifier: Double) {
        let frames = 50, D = 2.0  // 50 frames at 25 fps = 2 s
        let h = Harness("videotimewarp function=\(function) factor=\(factor) modifier=\(modifier) duration=\(UInt64(D * 1e9))")
        h.setCaps(input: Self.capsIn, output: Self.capsOut)
        for i in 0..<frames { h.push(pts: UInt64(i) * 40 * ms, duration: 40 * ms, tag: UInt8(i)) }
        h.pushEOS()
        let out = h.pullAll()
        XCTAssertEqual(out.count, frames, function)
        for (i, b) in out.enumerated() {
            let t = Double(i) * 0.04
            let expected = D * Self.F(function, t / D, factor: factor, modifier: modifier)
            XCTAssertEqual(Double(b.pts) / 1e9, expected, accuracy: 1e-6, "\(function) frame \(i)")
            XCTAssertEqual(b.tag, UInt8(i))
        }
        XCTAssertEqual(h.messages().filter(\.isError).count, 0)
    }

    func testConstant() { check("constant", factor: 1.7, modifier: 0.5) }
    func testTriangle() { check("triangle", factor: 2, modifier: 0.5) }
    func testTriangleFullWidth() { check("triangle", factor: 0.4, modifier: 1) }
    func testCosine() { check("cosine", factor: 0.8, modifier: 0.3) }
    func testTaperedCosine() { check("tapered-cosine", factor: 1.2, modifier: 0.5) }
    func testPower() { check("power", factor: 2, modifier: 0.7) }
    func testDoubleSmoothstep() { check("double-smoothstep", factor: 1.5, modifier: 0.5) }
    func testDoubleSmoothstepModifierOne() { check("double-smoothstep", factor: 0.5, modifier: 1) }

    func testRoundingNeverCollides() {
        // factor 1e-9 squeezes 40 ms to 40 ns: timestamps must still strictly increase.
        let h = Harness("videotimewarp factor=0.000000001")
        h.setCaps(input: Self.capsIn, output: Self.capsOut)
        for i in 0..<20 { h.push(pts: UInt64(i) * 40 * ms, duration: 40 * ms) }
        let pts = h.pullAll().map(\.pts)
        XCTAssertEqual(pts.count, 20)
        XCTAssertTrue(zip(pts, pts.dropFirst()).allSatisfy { $0 < $1 })
    }
}
