#!/usr/bin/python3
"""Cost per buffer of a GstController binding on factor: the same pipelines with and without one,
best of three runs each (run with GST_PLUGIN_PATH set to the plugin directory)."""
import time, sys
import gi
gi.require_version("Gst", "1.0"); gi.require_version("GstController", "1.0")
from gi.repository import Gst, GstController
Gst.init(None)
def run(desc, bind, name):
    p = Gst.parse_launch(desc)
    if bind:
        cs = GstController.InterpolationControlSource(); cs.set_property("mode", GstController.InterpolationMode.LINEAR)
        cs.set(0, 1.0); cs.set(60 * Gst.SECOND, 2.0)
        e = p.get_by_name(name); e.add_control_binding(GstController.DirectControlBinding.new_absolute(e, "factor", cs))
    t = time.perf_counter()
    p.set_state(Gst.State.PLAYING)
    p.get_bus().timed_pop_filtered(Gst.CLOCK_TIME_NONE, Gst.MessageType.EOS | Gst.MessageType.ERROR)
    dt = time.perf_counter() - t
    p.set_state(Gst.State.NULL)
    return dt
N = 3000
v = "videotestsrc num-buffers=%d pattern=black ! video/x-raw,format=GRAY8,width=16,height=16,framerate=30/1 ! videotimewarp name=w factor=1.5 ! video/x-raw,framerate=0/1 ! fakesink sync=false" % N
a = "audiotestsrc num-buffers=%d samplesperbuffer=480 ! audio/x-raw,format=F32LE,rate=48000,channels=2 ! audiotimewarp name=w factor=1.5 ! fakesink sync=false" % N
for desc, label in ((v, "video"), (a, "audio")):
    best = {}
    for bind in (False, True, False, True, False, True):
        dt = run(desc, bind, "w")
        best[bind] = min(best.get(bind, 9e9), dt)
    print("%s: %.1f us/buffer without, %.1f with controller, +%.1f us" % (label, best[False]/N*1e6, best[True]/N*1e6, (best[True]-best[False])/N*1e6))
