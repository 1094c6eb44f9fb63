#!/usr/bin/python3
"""Drives the speed of an audio/video pipeline from a GstController ramp.

One InterpolationControlSource is bound to `factor` on both elements, so audio and video follow
the same map: normal speed at 0 s, easing linearly to half speed (factor 2) at 2 s of input.
Run it with the system Python (it has gi): /usr/bin/python3 examples/python/live_control.py
"""
import gi

gi.require_version("Gst", "1.0")
gi.require_version("GstController", "1.0")
from gi.repository import Gst, GstController  # noqa: E402

Gst.init(None)
pipeline = Gst.parse_launch(
    "videotestsrc num-buffers=90 ! video/x-raw,framerate=30/1 ! videotimewarp name=v ! fakesink sync=false "
    "audiotestsrc num-buffers=150 samplesperbuffer=960 ! audio/x-raw,rate=48000 ! audiotimewarp name=a "
    "! fakesink sync=false")

ramp = GstController.InterpolationControlSource()
ramp.set_property("mode", GstController.InterpolationMode.LINEAR)
ramp.set(0, 1.0)               # factor 1 at 0 s
ramp.set(2 * Gst.SECOND, 2.0)  # factor 2 (twice as long) from 2 s on
for name in ("v", "a"):
    element = pipeline.get_by_name(name)
    element.add_control_binding(GstController.DirectControlBinding.new_absolute(element, "factor", ramp))

pipeline.set_state(Gst.State.PLAYING)
message = pipeline.get_bus().timed_pop_filtered(Gst.CLOCK_TIME_NONE, Gst.MessageType.EOS | Gst.MessageType.ERROR)
ok, position = pipeline.query_position(Gst.Format.TIME)
pipeline.set_state(Gst.State.NULL)
if message.type == Gst.MessageType.ERROR:
    raise SystemExit("error: %s" % message.parse_error()[0].message)
# 3 s of input: T(2) = 2 + 2²/4 = 3 s, then 1 s at factor 2: 5 s of output.
print("played 3 s of input as %.3f s of output" % (position / Gst.SECOND))
