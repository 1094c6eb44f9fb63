import CGStreamer
@testable import GStreamerBinding
import XCTest

/// `leaveUndecoded`: a decodebin told to leave video undecoded plugs no video decoder and
/// exposes the stream as the parser gives it (an audio-only output does not pay for decoding the
/// pictures); without it, the same stream is decoded.
final class UndecodedStreamTests: XCTestCase {
    func testAVideoStreamLeftUndecodedComesOutEncoded() throws {
        let (decoders, caps) = try decode(leavingUndecoded: ["Video"])
        XCTAssertEqual(decoders, [])
        XCTAssertTrue(caps.hasPrefix("video/x-h264"), caps)
    }

    func testAVideoStreamIsDecodedOtherwise() throws {
        let (decoders, caps) = try decode(leavingUndecoded: nil)
        XCTAssertEqual(decoders.count, 1, "\(decoders)")
        XCTAssertTrue(caps.hasPrefix("video/x-raw"), caps)
    }

    func testLeavingAudioUndecodedKeepsTheVideoDecoder() throws {
        let (decoders, caps) = try decode(leavingUndecoded: ["Audio"])
        XCTAssertEqual(decoders.count, 1, "\(decoders)")
        XCTAssertTrue(caps.hasPrefix("video/x-raw"), caps)
    }

    /// Prerolls two H.264 frames through a decodebin; returns the factories of the video
    /// decoders it plugged and the caps of the pad it exposed.
    private func decode(leavingUndecoded kinds: Set<String>?) throws -> (decoders: [String], caps: String) {
        GStreamerTestSetup.ensure()
        for name in ["x264enc", "h264parse"] {
            guard let factory = gst_element_factory_find(name) else { throw XCTSkip("\(name) is not installed") }
            gst_object_unref(UnsafeMutableRawPointer(factory))
        }
        let pipeline = try Gst.parseLaunch("videotestsrc num-buffers=2 ! video/x-raw,width=64,height=48 ! x264enc "
                                           + "! h264parse ! decodebin name=dec ! fakesink name=sink")
        let dec = try XCTUnwrap(pipeline.child("dec"))
        if let kinds { dec.leaveUndecoded(kinds) }
        defer { _ = pipeline.setState(.null) }
        _ = pipeline.setState(.paused)
        pipeline.waitForStateChange(timeoutNs: 10_000_000_000)

        var decoders: [String] = []
        let bin = UnsafeMutableRawPointer(dec.raw).assumingMemoryBound(to: GstBin.self)
        let iterator = try XCTUnwrap(gst_bin_iterate_recurse(bin))
        defer { gst_iterator_free(iterator) }
        var item = GValue()
        while gst_iterator_next(iterator, &item) == GST_ITERATOR_OK {
            defer { g_value_reset(&item) }
            guard let element = g_value_get_object(&item),
                  let factory = gst_element_get_factory(element.assumingMemoryBound(to: GstElement.self)),
                  let klass = gst_element_factory_get_metadata(factory, GST_ELEMENT_METADATA_KLASS) else { continue }
            let words = String(cString: klass).split(separator: "/")
            guard words.contains("Decoder"), words.contains("Video"),
                  let name = gst_object_get_name(UnsafeMutableRawPointer(factory).assumingMemoryBound(to: GstObject.self))
            else { continue }
            decoders.append(String(cString: name))
            g_free(name)
        }
        if item.g_type != 0 { g_value_unset(&item) }
        let sinkPad = try XCTUnwrap(pipeline.child("sink")?.staticPad("sink"))
        return (decoders, sinkPad.mediaType)
    }
}
