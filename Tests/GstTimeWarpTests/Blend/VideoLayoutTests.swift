import XCTest
import CGStreamer
@testable import GstTimeWarp

/// The plane layout blending mixes, checked against GStreamer's own default strides: at a width
/// where no row needs padding (16 pixels), the bytes of samples in a row are the whole stride.
final class VideoLayoutTests: XCTestCase {
    static let blendable = ["I420", "YV12", "Y42B", "Y444", "NV12", "NV21", "GRAY8", "RGBA", "BGRA", "ARGB", "ABGR",
                            "RGBx", "BGRx", "xRGB", "xBGR", "RGB", "BGR", "YUY2", "UYVY",
                            "P010_10LE", "I420_10LE", "GRAY16_LE"]

    func testEveryBlendableFormatCoversWholeRows() {
        GStreamerTestSetup.ensure()
        for format in Self.blendable {
            let text = "video/x-raw,format=\(format),width=16,height=4,framerate=30/1"
            guard let caps = Caps.parse(text), let info = VideoInfo(caps) else { return XCTFail(format) }
            guard case .success(let layout) = VideoLayout.of(caps) else { return XCTFail("\(format) not blendable") }
            XCTAssertEqual(layout.planes.count, Int(info.raw.finfo.pointee.n_planes), format)
            let strides = withUnsafeBytes(of: info.raw.stride) { Array($0.bindMemory(to: Int32.self)) }
            for (p, plane) in layout.planes.enumerated() {
                XCTAssertEqual(plane.rowBytes, Int(strides[p]), "\(format) plane \(p)")
            }
            // Rows: the planes' rows times their strides add up to the frame size.
            let total = layout.planes.enumerated().reduce(0) { $0 + $1.element.rows * Int(strides[$1.offset]) }
            XCTAssertEqual(total, info.size, format)
            XCTAssertEqual(layout.sampleBytes, format.hasSuffix("LE") ? 2 : 1, format)
        }
    }

    func testOtherFormatsAreRefusedByName() {
        GStreamerTestSetup.ensure()
        for format in ["v210", "NV12_10LE32", "RGB16", "AYUV64"] {
            guard let caps = Caps.parse("video/x-raw,format=\(format),width=16,height=4") else { return XCTFail(format) }
            guard case .failure(let unsupported) = VideoLayout.of(caps) else { return XCTFail("\(format) accepted") }
            XCTAssertEqual(unsupported.name, format)
        }
        let gl = Caps.parse("video/x-raw(memory:GLMemory),format=RGBA,width=16,height=4")!
        guard case .failure = VideoLayout.of(gl) else { return XCTFail("GL memory accepted") }
    }
}
