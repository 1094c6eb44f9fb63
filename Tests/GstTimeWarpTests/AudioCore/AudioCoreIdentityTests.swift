import XCTest
@testable import TimeWarpAudioCore

/// warp(t) = t: control points are integers, so linear and cubic reproduce the input exactly and
/// sinc within 1e-6.
final class AudioCoreIdentityTests: XCTestCase {
    func testIdentityReproducesInput() {
        let chans = 2
        let n = 3000
        let input = AudioCoreTestSupport.noise(count: n * chans)
        for t0 in [0.0, 0.37, 12345.678] {
            for interp in AudioInterpolation.allCases {
                let out = AudioCoreTestSupport.run(input, channels: chans, interpolation: interp,
                                                   startTime: t0, split: 1000) { $0 }
                XCTAssertEqual(out.count, input.count, "\(interp) t0=\(t0)")
                guard out.count == input.count else { continue }
                if interp == .sinc {
                    let maxErr = zip(out, input).map { abs($0 - $1) }.max() ?? 0
                    XCTAssertLessThanOrEqual(maxErr, 1e-6, "sinc t0=\(t0)")
                } else {
                    XCTAssertEqual(out, input, "\(interp) t0=\(t0)")
                }
            }
        }
    }

    func testIdentityInt16IsExact() {
        let input: [Int16] = (0..<4000).map { Int16(truncatingIfNeeded: $0 &* 7919) }
        for interp in [AudioInterpolation.linear, .cubic] {
            let out = AudioCoreTestSupport.run(input, channels: 1, interpolation: interp, split: 333) { $0 }
            XCTAssertEqual(out, input, "\(interp)")
        }
    }
}
