#!/usr/bin/python3
"""The cost per buffer of a GstController binding on videotimewarp's `factor`, for `make bench`:
the same pipeline with and without a bound InterpolationControlSource (a linear ramp 1 -> 2 over
60 s, so the map follows the controller), each run in a fresh process, interleaved, timed from
PLAYING to EOS. Prints the medians and minima in us per buffer and the difference (goal <= 5 us).

    controller-bench.py REPS PYTHON BUFFERS

Timings are printed, never asserted.
"""
import statistics
import subprocess
import sys

RUN = r'''
import sys, time
import gi
gi.require_version("Gst", "1.0"); gi.require_version("GstController", "1.0")
from gi.repository import Gst, GstController
Gst.init(None)
n, bind = int(sys.argv[1]), sys.argv[2] == "1"
p = Gst.parse_launch("videotestsrc num-buffers=%d pattern=black ! video/x-raw,format=GRAY8,width=16,height=16,"
                     "framerate=30/1 ! videotimewarp name=w factor=1.5 ! video/x-raw,framerate=0/1 ! "
                     "fakesink sync=false" % n)
if bind:
    cs = GstController.InterpolationControlSource()
    cs.set_property("mode", GstController.InterpolationMode.LINEAR)
    cs.set(0, 1.0); cs.set(60 * Gst.SECOND, 2.0)
    e = p.get_by_name("w")
    e.add_control_binding(GstController.DirectControlBinding.new_absolute(e, "factor", cs))
p.set_state(Gst.State.PAUSED)
p.get_state(60 * Gst.SECOND)
t = time.perf_counter()
p.set_state(Gst.State.PLAYING)
m = p.get_bus().timed_pop_filtered(600 * Gst.SECOND, Gst.MessageType.EOS | Gst.MessageType.ERROR)
dt = time.perf_counter() - t
p.set_state(Gst.State.NULL)
if m is None or m.type != Gst.MessageType.EOS:
    print("ERROR"); sys.exit(1)
print("%.6f" % dt)
'''

reps, python, buffers = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
times = {False: [], True: []}
for rep in range(reps):
    print("[controller %d/%d]" % (rep + 1, reps), file=sys.stderr, flush=True)
    for bind in (False, True):
        r = subprocess.run([python, "-c", RUN, str(buffers), "1" if bind else "0"], capture_output=True, text=True)
        out = (r.stdout.strip().splitlines() or ["ERROR"])[-1]
        if r.returncode != 0 or out.startswith("ERROR"):
            print("controller bench failed: %s %s" % (out, r.stderr.strip()[-200:]))
            sys.exit(0)
        times[bind].append(float(out) / buffers * 1e6)
plain, bound = times[False], times[True]
print()
print("GstController on factor, videotimewarp 16x16 GRAY8, %d buffers, %d interleaved runs:" % (buffers, reps))
print("  %-32s %8s %8s" % ("us per buffer", "min", "median"))
print("  %-32s %8.2f %8.2f" % ("no controller", min(plain), statistics.median(plain)))
print("  %-32s %8.2f %8.2f" % ("factor bound to a ramp", min(bound), statistics.median(bound)))
dmin, dmed = min(bound) - min(plain), statistics.median(bound) - statistics.median(plain)
print("  controller cost: +%.2f us (min), +%.2f us (median) per buffer (goal <= 5 us: %s)"
      % (dmin, dmed, "met" if dmed <= 5 else "NOT met"))
