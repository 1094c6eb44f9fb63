#!/usr/bin/env bash
# `make test`: runs every example of README.md and of docs/*.md, so that none can drift.
#  1. The Python and Swift examples are files under examples/; the documents quote them whole (a
#     ```python or ```swift block after the line that names the file), and this checks that each
#     such block is the file it names, that each example is quoted, then runs them on a short clip.
#  2. Every command shown in an indented block of the documents that starts with gst-warp-launch or
#     gst-launch-1.0 (after an optional "$ "), synopses with [OPTIONS] or UPPER-CASE placeholders
#     excepted, is run in a scratch directory holding the input files the examples name, with
#     fakesink for the audio and video sinks (no display, no sound card); each must exit 0.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
launch="$root/.build/release/gst-warp-launch"
export GST_PLUGIN_PATH="$root/.build/release${GST_PLUGIN_PATH:+:$GST_PLUGIN_PATH}"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
failures=0
fail() { echo "FAIL $*"; failures=$((failures + 1)); }

docs=(README.md docs/*.md)
examples=(examples/python/play_warped.py examples/python/live_control.py examples/python/reverse_seek.py
          examples/python/ges_time_effect.py
          examples/swift-embedding/Sources/WarpEmbedding/main.swift examples/swift-embedding/Package.swift)

# Each ```python or ```swift block of a document, as "DOC:LINE:FILE" (FILE: the examples/ file the
# text before the block names last, "-" if none) followed by the block's lines, one record per block.
quoted_blocks() {  # $1: the document
  awk -v doc="$1" '
    !inside && $0 ~ /^```(python|swift)$/ { inside = 1; printf "\036%s:%d:%s\n", doc, NR, (name == "" ? "-" : name); next }
    inside && $0 == "```" { inside = 0; name = ""; next }
    inside { print; next }
    { line = $0
      while (match(line, /examples\/[A-Za-z0-9_.\/-]+\.(py|swift)/)) { name = substr(line, RSTART, RLENGTH); line = substr(line, RSTART + RLENGTH) } }' "$1"
}
quotes=$(mktemp -d -p "$scratch")
for doc in "${docs[@]}"; do quoted_blocks "$doc"; done \
  | awk -v dir="$quotes" '/^\036/ { n++; print substr($0, 2) > (dir "/" n ".name"); next } { print > (dir "/" n) }'
quoted=" "
for record in "$quotes"/*.name; do
  [ -e "$record" ] || continue
  where=$(cat "$record"); block=${record%.name}; [ -e "$block" ] || : > "$block"
  file=${where##*:}; place=${where%:*}
  if [ "$file" = - ] || [ ! -f "$file" ]; then
    fail "$place: a quoted block that names no examples/ file before it"
  elif diff -u "$file" "$block" >/dev/null; then
    echo "PASS $place quotes $file as it is"; quoted+="$file "
  else
    fail "$place does not quote $file as it is:"; diff -u "$file" "$block" | head -20 || true
  fi
done
for file in "${examples[@]}"; do
  [[ $quoted == *" $file "* ]] || fail "no document quotes $file"
done

# Input clips the examples name: 3 s, small, H.264/AAC (gst-warp-launch run, i.e. gst-launch-1.0);
# the audio ends before the video so that the container's duration D is the video's, 3 s.
"$launch" -q videotestsrc pattern=ball num-buffers=90 ! video/x-raw,width=160,height=90,framerate=30/1 \
  ! x264enc speed-preset=ultrafast ! h264parse ! queue ! mux. \
  audiotestsrc wave=ticks num-buffers=138 samplesperbuffer=1024 ! audio/x-raw,rate=48000,channels=2 \
  ! avenc_aac ! aacparse ! queue ! mux. mp4mux name=mux ! filesink location="$scratch/in.mp4"
for name in holiday.mp4 long.mp4 clip.mp4; do cp "$scratch/in.mp4" "$scratch/$name"; done
# Subtitles for the texttimewarp example (docs/pipelines.md).
printf '1\n00:00:00,500 --> 00:00:01,500\nOne\n\n2\n00:00:01,500 --> 00:00:02,500\nTwo\n' > "$scratch/subs.srt"

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
# GES: D = 3 s, triangle factor 2: duration-limit 3.750 s, rendered.
out=$(cd "$scratch" && /usr/bin/python3 "$root/examples/python/ges_time_effect.py" in.mp4 ges.mkv 2>&1) \
  && grep -q "duration-limit 3.750 s" <<<"$out" && [ -s "$scratch/ges.mkv" ] \
  && echo "PASS examples/python/ges_time_effect.py: $(grep duration-limit <<<"$out")" \
  || fail "examples/python/ges_time_effect.py: $out"
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
while IFS=$'\t' read -r doc cmd; do
  # Synopses (placeholders) and transcript lines the tool printed ("gst-warp-launch demo: ...").
  if grep -qE '\[|\.\.\.|\b(INPUT|OUTPUT|NAME|FILE|KEYS|EXPR|PIPELINE)|^gst-warp-launch [a-z]+:' <<<"$cmd"; then continue; fi
  run=${cmd//autovideosink/fakesink}
  run=${run//autoaudiosink/fakesink}
  run=${run/#gst-warp-launch/\"$launch\"}
  work=$(mktemp -d -p "$scratch")
  cp "$scratch"/*.mp4 "$scratch"/*.srt "$work/"
  if (cd "$work" && eval "$run") > "$work/.log" 2>&1; then
    echo "PASS $doc: $cmd"
  else
    fail "$doc: $cmd"; tail -5 "$work/.log"
  fi
done < <(for doc in "${docs[@]}"; do awk -v doc="$doc" '
  /^    (\$ )?(gst-warp-launch|gst-launch-1\.0) / { cmd = $0; sub(/^    (\$ )?/, "", cmd); cont = (cmd ~ /\\$/); if (!cont) print doc "\t" cmd; next }
  cont { line = $0; sub(/^ +/, "", line); cmd = substr(cmd, 1, length(cmd) - 1) " " line; cont = (line ~ /\\$/); if (!cont) print doc "\t" cmd }
' "$doc"; done)
if [ "$failures" -eq 0 ]; then echo "All examples of README.md and docs/ ran."; else echo "$failures example(s) of README.md and docs/ failed"; exit 1; fi
