#!/usr/bin/env bash
# `make demo`: runs gst-warp-launch without arguments in out/. It generates a 10 s test clip (a
# moving ball, the original time burnt in, a tick every second), warps it with the article app's
# default curve (double smoothstep, factor 1.5) and writes out/demo-original.mp4,
# out/demo-warped.mp4 and out/demo-warped.svg; it prints the plan, the expected and the measured
# duration, and how to play the result.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p out
cd out
exec ../.build/release/gst-warp-launch demo
