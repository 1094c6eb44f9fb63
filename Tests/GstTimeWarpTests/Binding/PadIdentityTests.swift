import CGStreamer
import GStreamerBinding
import XCTest

/// `Pad` values are compared by the pad they name, not by how they were obtained.
final class PadIdentityTests: XCTestCase {
    func testThePadsOfOneElementCompareByIdentity() throws {
        GStreamerTestSetup.ensure()
        let raw = try XCTUnwrap(gst_element_factory_make("videotimewarp", nil))
        _ = gst_object_ref_sink(raw)
        defer { gst_object_unref(raw) }
        let element = ElementHandle(raw: raw)
        XCTAssertEqual(element.sinkPad, ElementHandle(raw: raw).sinkPad)
        XCTAssertEqual(element.srcPad, element.srcPad)
        XCTAssertNotEqual(element.sinkPad, element.srcPad)
    }

    func testAStaticPadOfAParsedElementIsThatElementsPad() throws {
        GStreamerTestSetup.ensure()
        let pipeline = try Gst.parseLaunch("fakesrc name=a ! fakesink name=b")
        let source = try XCTUnwrap(pipeline.child("a")), sink = try XCTUnwrap(pipeline.child("b"))
        XCTAssertEqual(source.staticPad("src"), source.staticPad("src"))
        XCTAssertNotEqual(source.staticPad("src"), sink.staticPad("sink"))
        XCTAssertTrue(try XCTUnwrap(source.staticPad("src")).isLinked)
    }
}
