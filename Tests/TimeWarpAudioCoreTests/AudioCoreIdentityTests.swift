import XCTest
import Foundation
@testable import TimeWarpAudioCore

/// warp(t) = t: control points are integers, so linear and cubic reproduce the input exactly. The
/// sinc kernel keeps a guard band (pass band to 0.8x Nyquist at the default quality, stop band
/// from Nyquist), so it reproduces a signal within its pass band, to its pass-band ripple
/// (1e-5 for a 100 dB design); the element passes the identity map through bit for bit.
final class AudioCoreIdentityTests: XCTestCase {
    func testIdentityReproducesInput() {
        let chans = 2
        let n = 3000
        let input = AudioCoreTestSupport.noise(count: n * chans)
        // Three tones below 0.8x Nyquist (48 kHz), per channel, peak 0.9.
        let banded: [Double] = (0..<(n * chans)).map { k in
            let t = Double(k / chans) / 48000, c = Double(k % chans)
            return 0.3 * (sin(2 * .pi * 1000 * t + c) + sin(2 * .pi * 7000 * t) + sin(2 * .pi * 18000 * t - c))
        }
        for t0 in [0.0, 0.37, 12345.678] {
            for interp in AudioInterpolation.allCases {
                let input = interp == .sinc ? banded : input
                let out = AudioCoreTestSupport.run(input, channels: chans, interpolation: interp,
                                                   startTime: t0, split: 1000) { $0 }
                XCTAssertEqual(out.count, input.count, "\(interp) t0=\(t0)")
                guard out.count == input.count else { continue }
                if interp == .sinc {
                    // Away from the ends (the taps beyond them read copies of the edge frames).
                    let inner = zip(out, input).dropFirst(200 * chans).dropLast(200 * chans)
                    let maxErr = inner.map { abs($0 - $1) }.max() ?? 0
                    XCTAssertLessThanOrEqual(maxErr, 1e-4, "sinc t0=\(t0)")
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
