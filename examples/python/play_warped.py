#!/usr/bin/python3
# Plays a file with its middle slowed down, after a seek to the middle of the *warped*
# timeline. Run with the system Python (/usr/bin/python3 has gi; see README.md), the plugin
# installed or GST_PLUGIN_PATH=.build/release:
#     /usr/bin/python3 examples/python/play_warped.py in.mp4
# A second argument replaces the video and audio sinks (make test passes fakesink).
import sys
import gi
gi.require_version("Gst", "1.0")
from gi.repository import Gst

Gst.init(None)
video_sink, audio_sink = ("autovideosink", "autoaudiosink") if len(sys.argv) < 3 else (sys.argv[2], sys.argv[2])
curve = "function=triangle factor=2 modifier=0.5"
pipeline = Gst.parse_launch(
    "filesrc name=src ! decodebin name=d "
    f"d. ! queue ! videoconvert ! videotimewarp name=vwarp {curve} "
    f"   ! video/x-raw,framerate=30/1 ! videoconvert ! {video_sink} "
    f"d. ! queue ! audioconvert ! audioresample ! audiotimewarp {curve} "
    f"   ! audioconvert ! {audio_sink}")
pipeline.get_by_name("src").set_property("location", sys.argv[1])

# Preroll, then ask for the duration: answered in output time, D * F(1).
pipeline.set_state(Gst.State.PAUSED)
pipeline.get_state(Gst.CLOCK_TIME_NONE)
ok, duration = pipeline.query_duration(Gst.Format.TIME)
print(f"warped duration: {duration / Gst.SECOND:.3f} s")

# Seek to the middle of the *output*: the elements map the position through T^-1.
pipeline.seek_simple(Gst.Format.TIME, Gst.SeekFlags.FLUSH | Gst.SeekFlags.ACCURATE, duration // 2)
pipeline.get_state(Gst.CLOCK_TIME_NONE)
pipeline.set_state(Gst.State.PLAYING)

bus = pipeline.get_bus()
msg = bus.timed_pop_filtered(Gst.CLOCK_TIME_NONE, Gst.MessageType.EOS | Gst.MessageType.ERROR)
if msg.type == Gst.MessageType.ERROR:
    print("error:", msg.parse_error()[0].message)
    sys.exit(1)
ok, position = pipeline.query_position(Gst.Format.TIME)
print(f"ended at {position / Gst.SECOND:.3f} s; frames out: {pipeline.get_by_name('vwarp').get_property('out')}")
pipeline.set_state(Gst.State.NULL)
