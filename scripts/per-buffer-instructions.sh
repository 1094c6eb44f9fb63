#!/usr/bin/env bash
# Instructions per input buffer of whole 64x64 video pipelines and 960-frame stereo F32 audio
# pipelines (white noise, the bench's audio pairs), from callgrind: each pipeline runs at
# two lengths and the difference is divided by the extra buffers, so start-up, plugin loading and
# negotiation cancel out. Valgrind cannot read Swift's DWARF 5, so it runs a copy of the plugin
# made with `objcopy --strip-debug`. Deterministic to about ±0.3 % between sessions (wall-time
# ratios on the shared 2-core machine move by ±10 %). The element's own cost is a row minus the
# "no element" row (the same source, capsfilter and sink): for audio, where the source's white
# noise is most of the pipeline, that is the measure of the element (issue 33).
#
#   scripts/per-buffer-instructions.sh [.build/release/libgsttimewarp.so]
set -euo pipefail
lib=${1:-.build/release/libgsttimewarp.so}
command -v valgrind >/dev/null || { echo "per-buffer instructions: valgrind not installed"; exit 0; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
objcopy --strip-debug "$lib" "$work/libgsttimewarp.so"
export GST_PLUGIN_PATH=$work GST_REGISTRY=$work/registry.bin
gst-inspect-1.0 videotimewarp >/dev/null
audio="audiotestsrc samplesperbuffer=960 wave=white-noise ! audio/x-raw,format=F32LE,rate=48000,channels=2,layout=interleaved"
src="videotestsrc pattern=solid-color ! video/x-raw,width=64,height=64,framerate=30/1"
# instructions SOURCE N TAIL: instructions of `SOURCE ! TAIL ! fakesink` with N buffers (SOURCE's
# first word is its element, which gets num-buffers=N)
instructions() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null gst-launch-1.0 -q \
    ${1%% *} num-buffers="$2" ${1#* } ! $3 ! fakesink sync=false 2>&1 | awk '/I +refs/ {gsub(",", "", $4); print $4}'
}
# irs N TAIL: the video source (@D@ in TAIL: N frames at 30 fps, in ns); airs N TAIL: the audio one
irs() { instructions "$src" "$1" "${2//@D@/$(( $1 * 1000000000 / 30 ))}"; }
airs() { instructions "$audio" "$1" "$2"; }
row() {  # label tail [short long counter] -> prints the row, sets $last to the instructions per buffer
  local a b short=${3:-10000} long=${4:-30000} count=${5:-irs}
  a=$($count "$short" "$2"); b=$($count "$long" "$2")
  last=$(( (b - a) / (long - short) ))
  printf '  %-58s %7d\n' "$1" "$last"
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }
echo "instructions per input buffer, whole pipeline ($src ! ... ! fakesink):"
row "no element (capsfilter caps=video/x-raw)" "capsfilter caps=video/x-raw"; none=$last
row "identity ! video/x-raw" "identity ! video/x-raw"; identity=$last
row "videotimewarp variable rate (cosine) ! framerate=0/1" \
    "videotimewarp function=cosine factor=1 duration=@D@ ! video/x-raw,framerate=0/1"; variable=$last
row "videorate ! framerate=60/1" "videorate ! video/x-raw,framerate=60/1"; videorate=$last
row "videotimewarp ! framerate=60/1" "videotimewarp ! video/x-raw,framerate=60/1"; fixed=$last
echo "whole-pipeline ratios (what make bench times):"
echo "  variable rate / identity: $(ratio "$variable" "$identity")   (no element / identity, the floor: $(ratio "$none" "$identity"))"
echo "  30 -> 60 / videorate:     $(ratio "$fixed" "$videorate")"
echo "each element's own cost (its row minus the no-element row, the second push downstream included for 30 -> 60):"
echo "  videotimewarp variable rate $(( variable - none )) / identity $(( identity - none )) = $(ratio $(( variable - none )) $(( identity - none )))"
echo "  videotimewarp 30 -> 60 $(( fixed - none )) / videorate $(( videorate - none )) = $(ratio $(( fixed - none )) $(( videorate - none )))"
echo "instructions per input buffer, whole pipeline ($audio ! ... ! fakesink):"
row "no element (capsfilter caps=audio/x-raw)" "capsfilter caps=audio/x-raw" 1000 3000 airs; anone=$last
row "audiotimewarp interpolation=linear factor=1.5" "audiotimewarp interpolation=linear factor=1.5" 1000 3000 airs; linear=$last
row "audiotimewarp interpolation=sinc factor=1.5" "audiotimewarp interpolation=sinc factor=1.5" 1000 3000 airs; sinc=$last
row "audioresample ! rate=44100" "audioresample ! audio/x-raw,rate=44100" 1000 3000 airs; resample=$last
echo "  whole pipeline: linear / audioresample $(ratio "$linear" "$resample"), sinc / audioresample $(ratio "$sinc" "$resample")"
echo "  own cost: linear $(( linear - anone )) / audioresample $(( resample - anone )) = $(ratio $(( linear - anone )) $(( resample - anone ))) (goal <= 0.6)," \
  "sinc $(( sinc - anone )) = $(ratio $(( sinc - anone )) $(( resample - anone ))) (goal <= 1.0)"
