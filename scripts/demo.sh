#!/usr/bin/env bash
# `make demo`: warps a generated 10 s clip (a moving ball, the original time burnt in, and a
# 440 Hz tone that ticks once a second) with the double-smoothstep curve at factor 1.5, and
# writes out/demo-warped.mp4 (H.264/AAC). Prints the expected and the measured duration.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p out
out="$PWD/out/demo-warped.mp4"
launch=".build/release/gst-warp-launch"
curve="function=double-smoothstep factor=1.5 modifier=0.5 duration=10000000000"

expected=$(/usr/bin/python3 - "$curve" <<'PY'
import sys, gi
gi.require_version("Gst", "1.0")
from gi.repository import Gst
Gst.init(None)
e = Gst.parse_launch("videotimewarp " + sys.argv[1])
print("%.3f" % (e.get_property("output-duration") / 1e9))
PY
)
echo "Warping a 10 s test clip with $curve"
echo "Expected output duration: $expected s"

"$launch" -q -e \
  videotestsrc pattern=ball num-buffers=300 \
  ! video/x-raw,width=640,height=360,framerate=30/1 \
  ! timeoverlay halignment=right valignment=bottom font-desc="Sans 28" text="original time" \
  ! videotimewarp $curve ! video/x-raw,framerate=30/1 \
  ! videoconvert ! x264enc speed-preset=veryfast ! h264parse ! queue ! mux. \
  audiotestsrc wave=ticks freq=440 samplesperbuffer=960 num-buffers=500 \
  ! audio/x-raw,format=F32LE,rate=48000,channels=2 \
  ! audiotimewarp $curve ! audioconvert ! avenc_aac ! aacparse ! queue ! mux. \
  mp4mux name=mux ! filesink location="$out"

measured=$(/usr/bin/python3 - "$out" <<'PY'
import sys, gi
gi.require_version("Gst", "1.0"); gi.require_version("GstPbutils", "1.0")
from gi.repository import Gst, GstPbutils
Gst.init(None)
info = GstPbutils.Discoverer.new(10 * Gst.SECOND).discover_uri(Gst.filename_to_uri(sys.argv[1]))
print("%.3f" % (info.get_duration() / 1e9))
PY
)
echo "Wrote $out"
echo "Measured duration of the file: $measured s (expected $expected s)"
echo "Play it with: gst-play-1.0 $out"
