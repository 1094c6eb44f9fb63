import XCTest
@testable import TimeWarpAudioCore

/// `WarpSincKernel.blend` finds a table row and a blend without a trapping conversion: for any
/// `fp` in `0 ... phases` the row is in range and row plus blend is `fp` again (the blend rounded
/// to 2^-20 of a step), including a whole `fp`, where either neighbouring row may be chosen.
final class AudioCoreSincBlendTests: XCTestCase {
    func testRowAndBlendRebuildThePhase() {
        let phases = 128
        var values: [Double] = [0, .leastNonzeroMagnitude, 1e-300, 0.25, 0.5, 1, 1.5, 2, 3, 63.75, 64,
                                127, 127.5, Double(phases).nextDown, Double(phases)]
        var x: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<10_000 {
            x ^= x << 13; x ^= x >> 7; x ^= x << 17
            values.append(Double(x % 1_000_000_007) / 1_000_000_007 * Double(phases))
        }
        for fp in values {
            for (phi, alpha) in [WarpSincKernel<Float>.blend(fp, phases: phases)].map({ ($0.phi, Double($0.alpha)) })
                + [WarpSincKernel<Double>.blend(fp, phases: phases)].map({ ($0.phi, $0.alpha) }) {
                XCTAssert(phi >= 0 && phi < phases, "fp \(fp): row \(phi)")
                XCTAssert(alpha >= 0 && alpha <= 1, "fp \(fp): blend \(alpha)")
                // Rounded to a multiple of 2^-20: at most half of that away.
                XCTAssertLessThanOrEqual(abs(Double(phi) + alpha - fp), 0x1p-21 * (1 + 1e-12), "fp \(fp)")
            }
        }
        // Not whole: the row below (floor).
        XCTAssertEqual(WarpSincKernel<Float>.blend(2.75, phases: phases).phi, 2)
        XCTAssertEqual(WarpSincKernel<Float>.blend(2.75, phases: phases).alpha, 0.75)
        // A whole even fp: that row, blend 0.
        XCTAssertEqual(WarpSincKernel<Float>.blend(64, phases: phases).phi, 64)
        XCTAssertEqual(WarpSincKernel<Float>.blend(64, phases: phases).alpha, 0)
        // fp == phases (f rounded up to 1 in the product): the last row, blended fully.
        XCTAssertEqual(WarpSincKernel<Float>.blend(Double(phases), phases: phases).phi, phases - 1)
        XCTAssertEqual(WarpSincKernel<Float>.blend(Double(phases), phases: phases).alpha, 1)
    }
}
