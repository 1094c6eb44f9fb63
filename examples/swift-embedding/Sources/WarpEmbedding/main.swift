// Plays a file through videotimewarp with a time map written in Swift:
//     swift run --package-path examples/swift-embedding WarpEmbedding in.mp4 [sink]
import CGStreamer
import GstTimeWarp

gst_init(nil, nil)
guard TimeWarpPlugin.register() else { fatalError("could not register the timewarp plugin") }

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    print("usage: WarpEmbedding FILE [video-sink]")
    exit(2)
}
let sink = arguments.count > 2 ? arguments[2] : "autovideosink"
guard let pipeline = gst_parse_launch(
    "filesrc location=\"\(arguments[1])\" ! decodebin ! videoconvert ! videotimewarp name=warp "
    + "! video/x-raw,framerate=30/1 ! \(sink)", nil),
    let warp = gst_bin_get_by_name(UnsafeMutableRawPointer(pipeline).assumingMemoryBound(to: GstBin.self), "warp")
else { fatalError("could not build the pipeline") }

// The article's variable-rate example: F(u) = u²/2, so s(u) = u (fast start, normal speed at the end).
try TimeWarpPlugin.setIntegrator(on: Element(retaining: warp)) { u in u * u / 2 }
// ...or a scale function, integrated once into a table (T stays O(1) per call):
// try TimeWarpPlugin.setScaleFunction(on: Element(retaining: warp)) { u in 1 + 0.5 * sin(2 * .pi * u) }

gst_element_set_state(pipeline, GST_STATE_PLAYING)
let bus = gst_element_get_bus(pipeline)
let message = gst_bus_timed_pop_filtered(bus, GstClockTime.max,  // GST_CLOCK_TIME_NONE: wait until one comes
                                         GstMessageType(GST_MESSAGE_EOS.rawValue | GST_MESSAGE_ERROR.rawValue))
let failed = message.map { $0.pointee.type == GST_MESSAGE_ERROR } ?? true
print(failed ? "error while playing" : "played to the end")
if let message { gst_message_unref(message) }
gst_object_unref(bus)
gst_element_set_state(pipeline, GST_STATE_NULL)
gst_object_unref(warp)
gst_object_unref(pipeline)
exit(failed ? 1 : 0)
