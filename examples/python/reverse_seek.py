#!/usr/bin/python3
"""Plays a file backwards through both elements with an application seek at rate -1.

Run it with the system Python (it has gi):
    /usr/bin/python3 examples/python/reverse_seek.py in.mkv
The seek is in output time, like every seek through the elements; videotimewarp fills its
fixed-rate slots in descending order and audiotimewarp runs its resampler backwards.
"""
import sys

import gi

gi.require_version("Gst", "1.0")
from gi.repository import Gst  # noqa: E402

Gst.init(None)
pipeline = Gst.parse_launch(
    "filesrc name=src ! decodebin name=d "
    "d. ! queue ! videoconvert ! videotimewarp name=v factor=2 ! video/x-raw,framerate=30/1 ! fakesink name=vs "
    "d. ! queue ! audioconvert ! audiotimewarp factor=2 ! fakesink")
pipeline.get_by_name("src").set_property("location", sys.argv[1])
frames = []
pipeline.get_by_name("vs").get_static_pad("sink").add_probe(
    Gst.PadProbeType.BUFFER, lambda pad, info: frames.append(info.get_buffer().pts) or Gst.PadProbeReturn.OK)

pipeline.set_state(Gst.State.PAUSED)
pipeline.get_state(Gst.CLOCK_TIME_NONE)
frames.clear()  # the preroll frame
ok, duration = pipeline.query_duration(Gst.Format.TIME)  # output time: T(D)
pipeline.seek(-1.0, Gst.Format.TIME, Gst.SeekFlags.FLUSH | Gst.SeekFlags.ACCURATE,
              Gst.SeekType.SET, 0, Gst.SeekType.SET, duration)
pipeline.set_state(Gst.State.PLAYING)
message = pipeline.get_bus().timed_pop_filtered(Gst.CLOCK_TIME_NONE, Gst.MessageType.EOS | Gst.MessageType.ERROR)
pipeline.set_state(Gst.State.NULL)
if message.type == Gst.MessageType.ERROR:
    raise SystemExit("error: %s" % message.parse_error()[0].message)
descending = all(a > b for a, b in zip(frames, frames[1:]))
print("played %.3f s backwards: %d frames, %s" % (duration / Gst.SECOND, len(frames),
                                                  "descending" if descending else "NOT descending"))
