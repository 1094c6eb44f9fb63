#!/usr/bin/env bash
# `make test`: runs every example of README.md, so that none can drift.
#  1. The Python and Swift examples are files under examples/; README.md quotes them whole, and
#     this checks that each quoted block is the file, then runs them on a short clip.
#  2. Every command shown in an indented block of README.md that starts with gst-warp-launch or
#     gst-launch-1.0 (after an optional "$ "), synopses with [OPTIONS] or UPPER-CASE placeholders
#     excepted, is run in a scratch directory holding the input files the examples name, with
#     fakesink for the audio and video sinks; each must exit 0.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
launch="$root/.build/release/gst-warp-launch"
export GST_PLUGIN_PATH="$root/.build/release${GST_PLUGIN_PATH:+:$GST_PLUGIN_PATH}"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
failures=0
fail() { echo "FAIL $*"; failures=$((failures + 1)); }

# The README's fenced block that follows the line naming the file must be the file.
quoted_block() {  # $1: language of the fence, $2: the file name mentioned just before it
  awk -v lang="$1" -v name="$2" '
    index($0, name) { armed = 1 }
    armed && $0 == "```" lang { inside = 1; next }
    inside && $0 == "```" { exit }
    inside { print }' README.md
}
for pair in "python examples/python/play_warped.py" "python examples/python/live_control.py" \
            "python examples/python/reverse_seek.py" "swift examples/swift-embedding/Sources/WarpEmbedding/main.swift" \
            "swift examples/swift-embedding/Package.swift"; do
  set -- $pair
  if diff -u "$2" <(quoted_block "$1" "$2") >/dev/null; then echo "PASS README.md quotes $2 as it is"
  else fail "README.md does not quote $2 as it is:"; diff -u "$2" <(quoted_block "$1" "$2") | head -20 || true; fi
done

# Input clips the examples name: 3 s, small, H.264/AAC (gst-warp-launch run, i.e. gst-launch-1.0);
# the audio ends before the video so that the container's duration D is the video's, 3 s.
"$launch" -q videotestsrc pattern=ball num-buffers=90 ! video/x-raw,width=160,height=90,framerate=30/1 \
  ! x264enc speed-preset=ultrafast ! h264parse ! queue ! mux. \
  audiotestsrc wave=ticks num-buffers=138 samplesperbuffer=1024 ! audio/x-raw,rate=48000,channels=2 \
  ! avenc_aac ! aacparse ! queue ! mux. mp4mux name=mux ! filesink location="$scratch/in.mp4"
for name in holiday.mp4 long.mp4 clip.mp4; do cp "$scratch/in.mp4" "$scratch/$name"; done

# 1. The example programs. D = 3 s, triangle factor 2 modifier 0.5: F(1) = 1 + (2 - 1) * 0.25, 3.750 s.
out=$(cd "$scratch" && /usr/bin/python3 "$root/examples/python/play_warped.py" in.mp4 fakesink 2>&1) \
  && grep -q "warped duration: 3.750 s" <<<"$out" && echo "PASS examples/python/play_warped.py: $(tr '\n' ' ' <<<"$out")" \
  || fail "examples/python/play_warped.py: $out"
out=$(/usr/bin/python3 "$root/examples/python/live_control.py" 2>&1) \
  && grep -q "played 3 s of input as 5.000 s of output" <<<"$out" && echo "PASS examples/python/live_control.py: $out" \
  || fail "examples/python/live_control.py: $out"
# T(D) at factor 2 over D = 3 s: 6 s played backwards, 180 frames at 30 fps, descending.
out=$(/usr/bin/python3 "$root/examples/python/reverse_seek.py" "$scratch/in.mp4" 2>&1) \
  && grep -q "played 6.000 s backwards: 180 frames, descending" <<<"$out" && echo "PASS examples/python/reverse_seek.py: $out" \
  || fail "examples/python/reverse_seek.py: $out"
# A fresh build directory each time: SwiftPM does not notice files added to a path dependency
# in an existing one.
if out=$(swift build --package-path examples/swift-embedding --scratch-path "$scratch/build" 2>&1 \
           | grep -v 'prohibited flag'); then
  out=$(GST_PLUGIN_PATH= "$scratch/build/debug/WarpEmbedding" "$scratch/in.mp4" fakesink 2>&1) \
    && echo "PASS examples/swift-embedding: $out" || fail "examples/swift-embedding: $out"
else
  fail "examples/swift-embedding does not build: $out"
fi

# 2. The commands, each in a fresh directory holding the inputs.
while IFS= read -r cmd; do
  # Synopses (placeholders) and transcript lines the tool printed ("gst-warp-launch demo: ...").
  if grep -qE '\[|\.\.\.|\b(INPUT|OUTPUT|NAME|FILE|KEYS|EXPR|PIPELINE)|^gst-warp-launch [a-z]+:' <<<"$cmd"; then continue; fi
  run=${cmd//autovideosink/fakesink}
  run=${run//autoaudiosink/fakesink}
  run=${run/#gst-warp-launch/\"$launch\"}
  work=$(mktemp -d -p "$scratch")
  cp "$scratch"/*.mp4 "$work/"
  if (cd "$work" && eval "$run") > "$work/.log" 2>&1; then
    echo "PASS README: $cmd"
  else
    fail "README: $cmd"; tail -5 "$work/.log"
  fi
done < <(awk '
  /^    (\$ )?(gst-warp-launch|gst-launch-1\.0) / { cmd = $0; sub(/^    (\$ )?/, "", cmd); cont = (cmd ~ /\\$/); if (!cont) print cmd; next }
  cont { line = $0; sub(/^ +/, "", line); cmd = substr(cmd, 1, length(cmd) - 1) " " line; cont = (line ~ /\\$/); if (!cont) print cmd }
' README.md)
if [ "$failures" -eq 0 ]; then echo "All README examples ran."; else echo "$failures README example(s) failed"; exit 1; fi
