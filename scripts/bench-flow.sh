#!/usr/bin/env bash
# frame-mode=flow's throughput at 1080p and 4K: 12.5 fps rebuilt to 25 fps (2 s of output, 25
# input frames of bikes.mp4 scaled up, or of videotestsrc's ball where the clip is absent),
# through videotimewarp to fakesink, beside FFmpeg's minterpolate on the same 1080p input in the
# same run. Wall and CPU time (user + system) of each whole run, the output frames per second
# and the multiple of real time (goals, issue 32: 1080p at or below 0.6x real time on two cores,
# 4K within 2.5x). Printed, never asserted.
#
#   scripts/bench-flow.sh      (make bench runs it; BENCH_FLOW_4K=0 skips 4K)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
clip=${FLOW_BENCH_CLIP:-$here/../../shared/media/bikes.mp4}
if [ ! -x /usr/bin/time ]; then echo "bench-flow: needs /usr/bin/time (scripts/install-deps.sh)" >&2; exit 1; fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
frames=25
out_seconds=2

# input WIDTH HEIGHT FILE: 25 frames at 12.5 fps (every other frame of the clip), raw I420.
input() {
  if [ -f "$clip" ] && command -v ffmpeg >/dev/null; then
    ffmpeg -v error -y -i "$clip" -vf "select='not(mod(n\,2))',scale=$1:$2" -fps_mode passthrough \
      -frames:v $frames -pix_fmt yuv420p -f rawvideo "$3"
  else
    gst-launch-1.0 -q videotestsrc num-buffers=$frames pattern=ball ! "video/x-raw,format=I420,width=$1,height=$2" \
      ! filesink location="$3"
  fi
}

# ours WIDTH HEIGHT FILE: the pipeline reading FILE through videotimewarp frame-mode=flow.
ours() {
  echo "filesrc location=$3 ! rawvideoparse width=$1 height=$2 format=i420 framerate=25/2 ! videotimewarp frame-mode=flow ! video/x-raw,framerate=25/1 ! fakesink sync=false"
}

# run LABEL COMMAND...: one line with wall, CPU, output fps and the multiple of real time.
run() {
  local label=$1; shift
  /usr/bin/time -f "%e %U %S" -o "$work/time" "$@" >/dev/null 2>"$work/err" || { cat "$work/err" >&2; return 1; }
  read -r wall user sys < "$work/time"
  awk -v l="$label" -v w="$wall" -v u="$user" -v y="$sys" -v n=$((2 * frames)) -v s=$out_seconds 'BEGIN {
    c = u + y; printf "%-34s wall %6.2f s  cpu %6.2f s  %5.1f frames/s  %4.2fx real time\n", l, w, c, n / w, w / s }'
  echo "$wall" > "$work/wall"
}

echo "frame-mode=flow, 12.5 -> 25 fps, ${out_seconds} s of output ($( [ -f "$clip" ] && echo "bikes.mp4 scaled up" || echo "videotestsrc ball")):"
input 1920 1080 "$work/in1080.yuv"
run "1080p videotimewarp frame-mode=flow" gst-launch-1.0 -q $(ours 1920 1080 "$work/in1080.yuv")
ours_wall=$(cat "$work/wall")
if command -v ffmpeg >/dev/null; then
  run "1080p ffmpeg minterpolate" ffmpeg -v error -f rawvideo -pix_fmt yuv420p -s 1920x1080 -r 25/2 -i "$work/in1080.yuv" \
    -vf minterpolate=fps=25:mi_mode=mci:mc_mode=aobmc:me_mode=bidir -f null -
  awk -v o="$ours_wall" -v m="$(cat "$work/wall")" 'BEGIN { printf "flow / minterpolate wall at 1080p: %.2f\n", o / m }'
fi
if [ "${BENCH_FLOW_4K:-1}" != 0 ]; then
  rm -f "$work/in1080.yuv"
  input 3840 2160 "$work/in4k.yuv"
  run "4K videotimewarp frame-mode=flow" gst-launch-1.0 -q $(ours 3840 2160 "$work/in4k.yuv")
fi
