import XCTest
import CGStreamer
import CGStreamerCheck
@testable import GstTimeWarp

/// keyframes, expression and antiderivative through the element, and the Swift closure API.
/// Expected output times are worked out by hand from T(t) = D·F(t/D) (or F(t) in seconds).
final class VideoCustomCurveTests: XCTestCase {
    static let capsIn = "video/x-raw,format=GRAY8,width=4,height=4,framerate=25/1"
    static let vfr = "video/x-raw,format=GRAY8,width=4,height=4,framerate=0/1"

    /// Pushes `frames` frames at 25 fps in variable-rate mode; returns output PTS in seconds.
    func warpedTimes(_ h: Harness, frames: Int = 50) -> [Double] {
        h.setCaps(input: Self.capsIn, output: Self.vfr)
        for i in 0..<frames { h.push(pts: UInt64(i) * 40 * ms, duration: 40 * ms) }
        h.pushEOS()
        return h.pullAll().map { Double($0.pts) / 1e9 }
    }

    func assertTimes(_ got: [Double], _ T: (Double) -> Double, _ label: String) {
        XCTAssertEqual(got.count, 50, label)
        for (i, x) in got.enumerated() { XCTAssertEqual(x, T(Double(i) * 0.04), accuracy: 1e-6, "\(label) frame \(i)") }
    }

    func testKeyframesInSecondsNeedNoDuration() {
        // s rises linearly from 1 at 0 s to 2 at 1 s, then stays 2:
        // T(t) = t + t²/2 for t <= 1, and 1.5 + 2 (t - 1) after.
        let h = Harness("videotimewarp function=keyframes keyframes=\"0:1, 1s:2, 2s:2\"")
        assertTimes(warpedTimes(h), { t in t <= 1 ? t + t * t / 2 : 1.5 + 2 * (t - 1) }, "keyframes")
        XCTAssertEqual(h.messages().count, 0)
    }

    func testKeyframesHoldEase() {
        // hold keeps the previous value over the piece: s = 1 until u = 0.5, then 3 (D = 2 s).
        let h = Harness("videotimewarp function=keyframes keyframes=\"0:1, 0.5:1, 1:3:hold\" duration=2000000000")
        assertTimes(warpedTimes(h), { t in t <= 1 ? t : 1 + (t - 1) }, "hold")
    }

    func testExpression() {
        // s(u) = 1 + u, D = 2 s: F(u) = u + u²/2, T(t) = t + t²/4.
        let h = Harness("videotimewarp function=expression expression=\"1 + u\" duration=2000000000")
        assertTimes(warpedTimes(h), { t in t + t * t / 4 }, "expression")
    }

    func testAntiderivativeExamples() {
        // The integrators u/2, 2u, u²/2 (docs/mathematics.md#antiderivatives) on D = 2 s:
        // durations D/2, 2D, D/2.
        let cases: [(String, (Double) -> Double, UInt64)] = [
            ("u/2", { t in t / 2 }, 1 * sec), ("2*u", { t in 2 * t }, 4 * sec),
            ("u*u/2", { t in t * t / 4 }, 1 * sec),
        ]
        for (expression, T, outputDuration) in cases {
            let h = Harness("videotimewarp function=antiderivative expression=\"\(expression)\" duration=2000000000")
            assertTimes(warpedTimes(h), T, expression)
            XCTAssertEqual(Double(h.uint64Property("output-duration")), Double(outputDuration), accuracy: 1e3, expression)
        }
    }

    func testMalformedExpressionIsRefusedWithItsColumn() {
        let h = Harness("videotimewarp function=expression expression=\"1 + (u * 2\" duration=2000000000")
        h.setCaps(input: Self.capsIn, output: Self.vfr)
        XCTAssertEqual(h.push(pts: 0, duration: 40 * ms), GST_FLOW_ERROR)
        let error = h.messages().first { $0.isError }
        XCTAssertTrue(error?.text.contains("column") ?? false, error?.text ?? "no error")
    }

    func testDecreasingKeyframesAreRefusedWithThePosition() {
        let h = Harness("videotimewarp function=keyframes keyframes=\"0:1, 0.5:-1, 1:1\" duration=2000000000")
        h.setCaps(input: Self.capsIn, output: Self.vfr)
        XCTAssertEqual(h.push(pts: 0, duration: 40 * ms), GST_FLOW_ERROR)
        let error = h.messages().first { $0.isError }
        XCTAssertTrue(error?.text.contains("u=") ?? false, error?.text ?? "no error")
    }

    func testAntiderivativeMustStartAtZero() {
        let h = Harness("videotimewarp function=antiderivative expression=\"u + 1\" duration=2000000000")
        h.setCaps(input: Self.capsIn, output: Self.vfr)
        XCTAssertEqual(h.push(pts: 0, duration: 40 * ms), GST_FLOW_ERROR)
        XCTAssertEqual(h.messages().filter(\.isError).count, 1)
    }

    func testSwiftIntegratorClosure() throws {
        let h = Harness("videotimewarp duration=2000000000")
        let element = try XCTUnwrap(h.inner("videotimewarp"))
        defer { gst_object_unref(element) }
        let warp = Element(retaining: element)
        try TimeWarpPlugin.setIntegrator(on: warp) { u in u * u / 2 }
        assertTimes(warpedTimes(h), { t in t * t / 4 }, "integrator closure")
    }

    func testSwiftScaleFunctionClosure() throws {
        let h = Harness("videotimewarp duration=2000000000")
        let element = try XCTUnwrap(h.inner("videotimewarp"))
        defer { gst_object_unref(element) }
        let warp = Element(retaining: element)
        try TimeWarpPlugin.setScaleFunction(on: warp) { u in 1 + u }
        assertTimes(warpedTimes(h), { t in t + t * t / 4 }, "scale closure")
    }

    func testClosureAPIRefusesOtherElements() {
        GStreamerTestSetup.ensure()
        let identity = gst_element_factory_make("identity", nil)!
        defer { gst_object_unref(identity) }
        let other = Element(retaining: identity)
        XCTAssertThrowsError(try TimeWarpPlugin.setIntegrator(on: other) { $0 })
    }
}

/// An expression in `t` with no duration known (issue 21, item 5), as on a live source: a curve
/// in seconds. s(t) = 1 + 0.5 sin t gives T(t) = t + 0.5 (1 - cos t) (closed form).
final class VideoSecondsExpressionTests: XCTestCase {
    func testExpressionInTWithoutDuration() {
        let h = Harness("videotimewarp function=expression expression=\"1 + 0.5*sin(t)\"")
        h.setCaps(input: "video/x-raw,format=GRAY8,width=4,height=4,framerate=1/1",
                  output: "video/x-raw,format=GRAY8,width=4,height=4,framerate=0/1")
        // One frame a second for 130 s: crosses the 60 s chunks of the curve.
        for i in 0..<130 { h.push(pts: UInt64(i) * sec, duration: sec) }
        h.pushEOS()
        let got = h.pullAll().map { Double($0.pts) / 1e9 }
        XCTAssertEqual(got.count, 130)
        for (i, x) in got.enumerated() {
            let t = Double(i)
            XCTAssertEqual(x, t + 0.5 * (1 - cos(t)), accuracy: 1e-6, "frame \(i)")
        }
        XCTAssertEqual(h.messages().filter(\.isError).count, 0)
    }
}
