import XCTest
@testable import TimeWarpAudioCore
@testable import TimeWarpMap

/// The sinc kernel's cost must not grow with the roughness of the curve: with a key every few
/// hundred samples, the cut-off follows the speed at the window's scale, so few tables are
/// built (each build costs tens of microseconds; one per key made 10,000 keys 50 times slower).
final class AudioCoreRoughCurveTests: XCTestCase {
    func testTenThousandRandomKeysBuildFewTables() throws {
        try checkRandomKeysBuildFewTables(quality: .standard)
    }

    /// At quality 10 a table takes about 3 MB and only 8 fit in the cache: before tables were
    /// built on demand only (`WarpSincBank.charge`), every level switch rebuilt one (10 s of
    /// stereo with 10,000 keys took 30 s).
    func testTenThousandRandomKeysAtQualityTenBuildFewTables() throws {
        try checkRandomKeysBuildFewTables(quality: WarpSincQuality(10))
    }

    /// Table levels and direct rows are the same weights: a direct row at a table's phase equals
    /// that table row.
    func testDirectRowsMatchTableRows() {
        for quality in [WarpSincQuality(0), .standard, WarpSincQuality(10)] {
            let prototype = WarpSincTable.shared(quality)
            let bank = WarpSincBank(prototype: prototype)
            for q in [0, 7, 40, bank.maxLevel] {
                let level = WarpSincLevel(level: q, deepest: bank.maxLevel, prototype: prototype)
                let direct = WarpSincDirectRow()
                let taps = 2 * level.halfTaps
                for phi in [0, 1, level.phases / 3, level.phases - 1] {
                    direct.fill(prototype: prototype, bandwidth: WarpSincBank.bandwidths[level.level],
                                halfTaps: level.halfTaps, fraction: Double(phi) / Double(level.phases))
                    let worst = (0..<taps).map { abs(direct.doubles[$0] - level.rows[phi * taps + $0]) }.max() ?? 0
                    XCTAssertLessThanOrEqual(worst, 1e-15, "quality \(quality.level) level \(q) row \(phi)")
                }
            }
        }
    }

    private func checkRandomKeysBuildFewTables(quality: WarpSincQuality) throws {
        // Deterministic pseudo-random scales in [0.3, 3].
        var x: UInt64 = 88172645463325252
        func next() -> Double {
            x ^= x << 13; x ^= x >> 7; x ^= x << 17
            return 0.3 + 2.7 * Double(x % 1_000_000) / 1_000_000
        }
        let n = 10_000
        let text = (0..<n).map { "\(Double($0) / Double(n - 1)):\(next())" }.joined(separator: ", ")
        let spec = try KeyframeSpec.parse(text)
        let map = try TimeMap(curve: try spec.makeCurve(mediaDuration: 10), mediaDuration: 10)
        var r = WarpResampler(channels: 1, rate: 48000, interpolation: .sinc, sincQuality: quality, startTime: 0,
                              warpTimes: map.inPlaceWarp())
        let input = [Float](repeating: 0.25, count: 48000)
        var out: [Float] = []
        for _ in 0..<3 { input.withUnsafeBufferPointer { r.process($0, into: &out) } }  // 3 s: 3000 keys
        r.drain(into: &out)
        let builds = r.sinc?.bank.builds ?? 0
        // Scales below 1 span 1.7 octaves, 55 levels of 1/32 octave: a table per key would be
        // thousands of builds. The smoothed scale needs at most a few per level.
        XCTAssertLessThanOrEqual(builds, 100, "\(builds) tables built")
        XCTAssertGreaterThan(out.count, 0)
    }
}
