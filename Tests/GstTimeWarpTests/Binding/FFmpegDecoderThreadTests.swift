import CGStreamer
@testable import GStreamerBinding
import XCTest

/// `avoidFrameThreadLossesInFFmpegDecoders`: from GStreamer 1.26 on, an FFmpeg video decoder that
/// a decodebin plugs decodes with slice threads (gst-libav 1.26 with FFmpeg 7 loses a varying
/// number of frames of a damaged stream under frame threads); before 1.26 it is left as it is.
final class FFmpegDecoderThreadTests: XCTestCase {
    func testAPluggedFFmpegDecoderUsesSliceThreadsFrom126On() throws {
        GStreamerTestSetup.ensure()
        for name in ["avdec_h264", "x264enc", "h264parse"] {
            guard let factory = gst_element_factory_find(name) else { throw XCTSkip("\(name) is not installed") }
            gst_object_unref(UnsafeMutableRawPointer(factory))
        }
        let pipeline = try Gst.parseLaunch("videotestsrc num-buffers=2 ! video/x-raw,width=64,height=48 ! x264enc "
                                           + "! h264parse ! decodebin name=dec ! fakesink")
        let dec = try XCTUnwrap(pipeline.child("dec"))
        dec.avoidFrameThreadLossesInFFmpegDecoders()
        defer { _ = pipeline.setState(.null) }
        _ = pipeline.setState(.paused)
        pipeline.waitForStateChange(timeoutNs: 10_000_000_000)

        // The decoder decodebin plugged, and its thread-type flags.
        var decoders: [UInt32] = []
        try forEachElement(in: dec) { element, factory in
            guard factory == "avdec_h264" else { return }
            let object = UnsafeMutableRawPointer(element).assumingMemoryBound(to: GObject.self)
            let klass = UnsafeMutableRawPointer(object.pointee.g_type_instance.g_class).assumingMemoryBound(to: GObjectClass.self)
            let spec = try XCTUnwrap(g_object_class_find_property(klass, "thread-type"))
            var value = GValue()
            g_value_init(&value, spec.pointee.value_type)
            g_object_get_property(object, "thread-type", &value)
            decoders.append(g_value_get_flags(&value))
            g_value_unset(&value)
        }

        var major: guint = 0, minor: guint = 0, micro: guint = 0, nano: guint = 0
        gst_version(&major, &minor, &micro, &nano)
        // gst-libav's GstLibAVVidDecThreadType: auto = 0 (its default), frame = 1, slice = 2.
        XCTAssertEqual(decoders, [major > 1 || minor >= 26 ? 2 : 0], "GStreamer \(major).\(minor)")
    }
}
