#!/usr/bin/env bash
# `warp --reverse` from a bounded store: peak RSS (/usr/bin/time -v) of the reversed warp on
# H.264 + AAC clips with short and long keyframe intervals, and its wall time beside the
# forward warp of the same file. Timings and sizes are printed, never asserted.
#
#   scripts/bench-reverse.sh [gst-warp-launch]     (make bench runs it; default .build/release)
#
# Knobs: BENCH_REVERSE_CLIPS (a subset of: 720p-g2 720p-g10 1080p-g10), BENCH_REVERSE_SECONDS
# (the 720p length, default 60; the 1080p clip is a third of it).
set -euo pipefail
LAUNCH=${1:-.build/release/gst-warp-launch}
CLIPS=${BENCH_REVERSE_CLIPS:-720p-g2 720p-g10 1080p-g10}
SECONDS_720=${BENCH_REVERSE_SECONDS:-60}
if ! command -v ffmpeg >/dev/null || [ ! -x /usr/bin/time ]; then
  echo "bench-reverse: needs ffmpeg and /usr/bin/time (scripts/install-deps.sh)" >&2
  exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# clip NAME SIZE SECONDS GOP_FRAMES: H.264 (fixed keyframe interval) + AAC in MP4.
clip() {
  ffmpeg -v error -f lavfi -i "testsrc2=size=$2:rate=30:duration=$3" -f lavfi -i "sine=frequency=440:sample_rate=48000:duration=$3" \
    -c:v libx264 -preset veryfast -g "$4" -keyint_min "$4" -sc_threshold 0 -pix_fmt yuv420p -c:a aac -ac 2 \
    -shortest "$work/$1.mp4"
}

# seconds H:MM:SS.ss|M:SS.ss: the seconds of /usr/bin/time's elapsed field.
seconds() { awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; print s }' <<<"$1"; }

# measure LABEL ARGS...: prints "LABEL  wall s  peak RSS MB  output size"; the wall seconds in $last_wall.
measure() {
  local label=$1; shift
  /usr/bin/time -v "$LAUNCH" "$@" -y -q 2>"$work/time.txt" >/dev/null || { cat "$work/time.txt" >&2; return 1; }
  local rss wall size
  rss=$(awk -F: '/Maximum resident set size/ {print int($2/1024)}' "$work/time.txt")
  wall=$(awk '/Elapsed \(wall clock\)/ {print $NF}' "$work/time.txt")
  size=$(stat -c %s "$work/out.mp4")
  last_wall=$(seconds "$wall")
  printf '%-34s wall %8s   peak RSS %6s MB   output %6.2f MB\n' "$label" "$wall" "$rss" "$(awk -v b="$size" 'BEGIN { print b / 1e6 }')"
}

printf 'warp --reverse vs forward warp (%s)\n' "$LAUNCH"
for name in $CLIPS; do
  case $name in
    720p-g2) clip "$name" 1280x720 "$SECONDS_720" 60 ;;
    720p-g10) clip "$name" 1280x720 "$SECONDS_720" 300 ;;
    1080p-g10) clip "$name" 1920x1080 $((SECONDS_720 / 3)) 300 ;;
    *) echo "bench-reverse: unknown clip $name" >&2; exit 1 ;;
  esac
  measure "$name forward" warp "$work/$name.mp4" "$work/out.mp4"
  forward_wall=$last_wall
  measure "$name --reverse" warp "$work/$name.mp4" "$work/out.mp4" --reverse
  awk -v r="$last_wall" -v f="$forward_wall" -v n="$name" 'BEGIN { printf "%-34s wall %.2fx the forward warp\n", n " --reverse", (f > 0 ? r / f : 0) }'
done
