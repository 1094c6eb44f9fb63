#!/usr/bin/env bash
# `make demo`: runs gst-warp-launch demo into out/. It generates a 10 s test clip (a moving
# ball, the original time burnt in, a tick every second), warps it with a named curve
# (--function double-smoothstep --factor 1.5) and writes out/demo-original.mp4,
# out/demo-warped.mp4 and out/demo-warped.svg; it prints the plan, the expected and the measured
# duration, and how to play the result, with paths from the repository's root, where make runs.
# Then out/demo-slowmo.mp4: the first 2.5 s of a moving ball at quarter speed,
# frame-mode=nearest (repeated frames) on the left, frame-mode=blend (mixed frames) in the middle
# and frame-mode=flow (frames moved along their optical flow) on the right.
set -euo pipefail
cd "$(dirname "$0")/.."
# The elements for the gst-launch-1.0 line below (make exports this too).
export GST_PLUGIN_PATH="$PWD/.build/release${GST_PLUGIN_PATH:+:$GST_PLUGIN_PATH}"
mkdir -p out
.build/release/gst-warp-launch demo out

echo
echo "Slow motion at 1/4 speed: repeated frames (left, frame-mode=nearest), blended frames"
echo "(middle, frame-mode=blend), motion-compensated frames (right, frame-mode=flow) -> out/demo-slowmo.mp4"
caps="video/x-raw,format=I420,width=640,height=360,framerate=30/1"
label="halignment=left valignment=top font-desc=\"Sans 20\" shaded-background=true"
gst-launch-1.0 -q videotestsrc pattern=ball num-buffers=75 ! $caps ! tee name=t \
  compositor name=mix sink_1::xpos=640 sink_2::xpos=1280 ! videoconvert ! x264enc speed-preset=faster ! h264parse \
    ! mp4mux ! filesink location=out/demo-slowmo.mp4 \
  t. ! queue ! videotimewarp factor=4 ! $caps ! textoverlay text="nearest" $label ! mix.sink_0 \
  t. ! queue ! videotimewarp factor=4 frame-mode=blend ! $caps ! textoverlay text="blend" $label ! mix.sink_1 \
  t. ! queue ! videotimewarp factor=4 frame-mode=flow ! $caps ! textoverlay text="flow" $label ! mix.sink_2
echo "Play it:   gst-play-1.0 out/demo-slowmo.mp4"
echo "           (or the same with the CLI: .build/release/gst-warp-launch warp IN OUT --speed 0.25 --blend, or --flow)"
