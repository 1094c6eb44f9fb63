import XCTest
import GStreamerBinding
@testable import GstTimeWarp

/// Frame blending through the element's row workers (`FrameWorkers`): the rows of each plane
/// are split across threads, and the frame must equal the one rendered on one thread bit for
/// bit, for every blendable format, odd heights (chroma planes of odd row counts) and each
/// kernel family (two-frame mix, equal-weight averages, weighted many-frame mixes, 16-bit).
final class BlendWorkersTests: XCTestCase {
    /// Every format frame blending mixes, by name (`VideoLayout.blendableFormats`).
    static let formats = ["I420", "YV12", "Y42B", "Y444", "NV12", "NV21", "GRAY8", "RGBA", "BGRA", "ARGB", "ABGR",
                          "RGBx", "BGRx", "xRGB", "xBGR", "RGB", "BGR", "YUY2", "UYVY", "P010_10LE", "I420_10LE",
                          "GRAY16_LE"]

    override func setUp() { GStreamerTestSetup.ensure() }

    /// The rendered bytes of `weights` over fresh noise frames, with or without `workers`.
    func render(_ format: BlendFormat, weights: [UInt32], workers: FrameWorkers?) -> [UInt8]? {
        let size = format.info.size
        let sources = weights.indices.map { BlendFrame.Box(Buffer.noise(size: size, seed: UInt32($0 + 1))) }
        var output = Buffer.allocate(size: size)!
        _ = output.withMutableBytes { $0.initializeMemory(as: UInt8.self, repeating: 0) }
        guard BlendRenderer.render(into: &output, sources: sources, weights: weights, format: format,
                                   workers: workers, minimumBytes: 0) else { return nil }
        return output.withBytes { Array($0) }
    }

    func testRowsThroughThePoolEqualOneThreadBitForBitInEveryFormat() throws {
        // 3 threads besides the caller: 32 parts, more than the rows of every plane here.
        let workers = FrameWorkers(threads: 3)
        for name in Self.formats {
            for (width, height) in [(34, 17), (6, 5), (2, 1)] {
                guard let caps = Caps.parse("video/x-raw,format=\(name),width=\(width),height=\(height),framerate=30/1")
                else { return XCTFail("caps of \(name)") }
                let layout = try VideoLayout.of(caps).get()
                let format = BlendFormat(layout: layout, info: try XCTUnwrap(VideoInfo(caps)))
                let scale = layout.sampleBytes == 1 ? PixelMix.scale8 : PixelMix.scale16
                let mixes: [[UInt32]] = [
                    [scale / 4, scale - scale / 4],                    // two-frame mix
                    [scale / 2, scale / 2],                            // equal pair
                    Array(repeating: scale / 4, count: 4),             // four-frame average
                    [scale / 8, scale / 8, scale / 4, scale / 2],      // weighted, even count
                    [scale / 4, scale / 4, scale / 2],                 // weighted, odd count
                    [scale / 8, scale / 8, scale / 4, scale / 4, scale / 4 - 3, 3],  // six frames
                ]
                for weights in mixes {
                    let one = try XCTUnwrap(render(format, weights: weights, workers: nil), name)
                    let pooled = try XCTUnwrap(render(format, weights: weights, workers: workers), name)
                    XCTAssertEqual(one, pooled, "\(name) \(width)x\(height) weights \(weights)")
                    // Every sample was written (the output started at 0; noise mixes are not all 0).
                    XCTAssertNotEqual(one, Array(repeating: 0, count: one.count), "\(name) \(width)x\(height)")
                }
            }
        }
    }

    func testThePartsOfARangeCoverItOnceInOrder() {
        for count in [0, 1, 2, 5, 17, 1080] {
            for parts in 1...9 {
                let pieces = (0..<parts).map { FrameWorkers.share(of: 3..<(3 + count), part: $0, parts: parts) }
                XCTAssertEqual(pieces.flatMap { Array($0) }, Array(3..<(3 + count)), "count \(count) parts \(parts)")
                XCTAssertLessThanOrEqual((pieces.map(\.count).max() ?? 0) - (pieces.map(\.count).min() ?? 0), 1)
            }
        }
    }

    func testEveryPartRunsOnceAndTheCallerWaitsForAll() {
        let workers = FrameWorkers(threads: 2)
        for _ in 0..<200 {
            let hits = UnsafeMutableBufferPointer<Int>.allocate(capacity: workers.parts)
            hits.initialize(repeating: 0)
            defer { hits.deallocate() }
            let expected = workers.parts
            XCTAssertGreaterThan(expected, 3)  // more parts than threads
            workers.split { part, parts in
                XCTAssertEqual(parts, expected)
                hits[part] += 1  // each part writes its own slot
            }
            XCTAssertEqual(Array(hits), Array(repeating: 1, count: expected))
        }
    }

    func testAPoolWithoutThreadsRunsEveryPartOnTheCaller() {
        let workers = FrameWorkers(threads: 0)
        var seen: [Int] = []
        workers.split { part, parts in seen.append(part * 10 + parts) }
        XCTAssertEqual(seen, [1])
    }
}
