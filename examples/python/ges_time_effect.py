#!/usr/bin/python3
"""A GES timeline whose clip plays through videotimewarp function=triangle factor=2, with the
effect made a time effect (examples/python/ges_timewarp.py), stretched to its duration-limit
D*F(1) and rendered. Run with the system Python, the plugin installed or
GST_PLUGIN_PATH=.build/release:
    /usr/bin/python3 examples/python/ges_time_effect.py in.mp4 out.mkv
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ges_timewarp  # noqa: E402
from gi.repository import GES, Gst, GstPbutils  # noqa: E402

Gst.init(None)
GES.init()
source, target = (os.path.abspath(a) for a in sys.argv[1:3])

timeline = GES.Timeline.new_audio_video()
layer = timeline.append_layer()
asset = GES.UriClipAsset.request_sync(Gst.filename_to_uri(source))
clip = layer.add_asset(asset, 0, 0, asset.get_duration(), GES.TrackType.VIDEO)

effect = GES.Effect.new("videotimewarp function=triangle factor=2")
ges_timewarp.make_time_effect(effect)  # before the effect joins the clip
clip.add(effect)
clip.set_duration(clip.get_duration_limit())  # the whole source, warped: D * F(1)
print("source %.3f s, duration-limit %.3f s" % (asset.get_duration() / Gst.SECOND,
                                                 clip.get_duration_limit() / Gst.SECOND))

profile = GstPbutils.EncodingContainerProfile.new("mkv", None, Gst.Caps.from_string("video/x-matroska"), None)
profile.add_profile(GstPbutils.EncodingVideoProfile.new(Gst.Caps.from_string("video/x-h264"), None, None, 0))
pipeline = GES.Pipeline()
pipeline.set_timeline(timeline)
pipeline.set_render_settings(Gst.filename_to_uri(target), profile)
pipeline.set_mode(GES.PipelineFlags.RENDER)
pipeline.set_state(Gst.State.PLAYING)
message = pipeline.get_bus().timed_pop_filtered(Gst.CLOCK_TIME_NONE, Gst.MessageType.EOS | Gst.MessageType.ERROR)
pipeline.set_state(Gst.State.NULL)
if message.type == Gst.MessageType.ERROR:
    sys.exit("error: " + message.parse_error()[0].message)
print("rendered", target)
