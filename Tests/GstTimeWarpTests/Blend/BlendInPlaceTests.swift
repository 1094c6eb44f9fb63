import XCTest
import GStreamerBinding
@testable import GstTimeWarp

/// A mix written over one of its own source frames (`BlendRenderer.render(over:)`, used when no
/// later slot needs that frame) equals the mix written into a fresh buffer, sample for sample,
/// in every blendable format, for each kernel family and whichever source is overwritten; and
/// a buffer someone else still holds is not writable in place.
final class BlendInPlaceTests: XCTestCase {
    override func setUp() { GStreamerTestSetup.ensure() }

    func testAMixWrittenOverASourceEqualsTheMixInANewBuffer() throws {
        let workers = FrameWorkers(threads: 2)
        for name in BlendWorkersTests.formats {
            // A size with no row or plane padding in any of these formats (padding is not part of a frame).
            guard let caps = Caps.parse("video/x-raw,format=\(name),width=24,height=8,framerate=30/1")
            else { return XCTFail("caps of \(name)") }
            let layout = try VideoLayout.of(caps).get()
            let format = BlendFormat(layout: layout, info: try XCTUnwrap(VideoInfo(caps)))
            let size = format.info.size
            let scale = layout.sampleBytes == 1 ? PixelMix.scale8 : PixelMix.scale16
            let mixes: [[UInt32]] = [
                [scale / 4, scale - scale / 4], [scale / 2, scale / 2], Array(repeating: scale / 4, count: 4),
                [scale / 8, scale / 8, scale / 4, scale / 2], [scale / 4, scale / 4, scale / 2],
                [scale / 8, scale / 8, scale / 4, scale / 4, scale / 4 - 3, 3],
            ]
            for weights in mixes {
                let fresh = weights.indices.map { BlendFrame.Box(Buffer.noise(size: size, seed: UInt32($0 + 7))) }
                var output = Buffer.allocate(size: size)!
                XCTAssertTrue(BlendRenderer.render(into: &output, sources: fresh, weights: weights, format: format))
                let expected = try XCTUnwrap(output.withBytes { Array($0) })
                for target in weights.indices {
                    for pool in [nil, workers] {
                        let sources = weights.indices.map { BlendFrame.Box(Buffer.noise(size: size, seed: UInt32($0 + 7))) }
                        XCTAssertTrue(sources[target].buffer.isWritableInPlace)
                        XCTAssertTrue(BlendRenderer.render(over: target, sources: sources, weights: weights, format: format,
                                                           workers: pool, minimumBytes: 0))
                        XCTAssertEqual(sources[target].buffer.withBytes { Array($0) }, expected,
                                       "\(name) weights \(weights) over source \(target)")
                    }
                }
            }
        }
    }

    /// Whether `buffer` is writable in place while a shallow copy of it (a frame pushed as
    /// itself, held downstream) is alive.
    func writableWhileCopied(_ buffer: borrowing Buffer) -> Bool? {
        guard let copy = buffer.shallowCopy() else { return nil }
        let writable = buffer.isWritableInPlace
        _ = consume copy  // downstream lets it go
        return writable
    }

    func testABufferSharedWithACopyIsNotWritableInPlace() {
        let buffer = Buffer.noise(size: 64, seed: 1)
        XCTAssertTrue(buffer.isWritableInPlace)
        XCTAssertEqual(writableWhileCopied(buffer), false)
        XCTAssertTrue(buffer.isWritableInPlace)
    }
}
