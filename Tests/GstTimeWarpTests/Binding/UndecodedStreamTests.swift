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
        forEachElement(in: dec) { element, factory in
            guard let klass = gst_element_factory_get_metadata(gst_element_get_factory(element), GST_ELEMENT_METADATA_KLASS)
            else { return }
            let words = String(cString: klass).split(separator: "/")
            if words.contains("Decoder"), words.contains("Video") { decoders.append(factory) }
        }
        let sinkPad = try XCTUnwrap(pipeline.child("sink")?.staticPad("sink"))
        return (decoders, sinkPad.mediaType)
    }
}
