#!/usr/bin/env bash
# gst-warp-launch warp against ffmpeg for the same job (issue 33): a 5.3 s 720p25 H.264 clip with
# 5.1 AAC played at half speed, encoded with x264 crf 20 `faster` and AAC 160 kbit/s:
#   ours:   gst-warp-launch warp in.mp4 out.mp4 --speed 0.5 --crf 20 --preset faster [-g 250]
#   ffmpeg: -filter_complex "[0:v]setpts=2*PTS,fps=25[v];[0:a]asetrate=24000,aresample=48000[a]"
# BENCH_TOOL_REPS interleaved runs each (default 3); the minimum CPU time (user + system) and
# wall time of each, the ratios ours / ffmpeg, and the bytes written, at our default keyframe
# interval and at x264's (-g 250, what ffmpeg writes); and the audio-only job (.m4a, ffmpeg -vn).
# Printed, never asserted.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
launch=${GST_WARP_LAUNCH:-$here/../.build/release/gst-warp-launch}
reps=${BENCH_TOOL_REPS:-3}
if ! command -v ffmpeg >/dev/null || [ ! -x /usr/bin/time ]; then
  echo "bench-tool: needs ffmpeg and /usr/bin/time (scripts/install-deps.sh)" >&2; exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
ffmpeg -v error -y -f lavfi -i "testsrc2=size=1280x720:rate=25:duration=5.3" \
  -f lavfi -i "sine=frequency=440:sample_rate=48000:duration=5.3" \
  -filter_complex "[1:a]pan=5.1|c0=c0|c1=c0|c2=c0|c3=c0|c4=c0|c5=c0[a]" -map 0:v -map "[a]" \
  -c:v libx264 -preset faster -crf 18 -c:a aac -b:a 384k in.mp4

# measure NAME COMMAND...: appends "cpu wall" of one run to NAME.times.
measure() {
  local name=$1; shift
  /usr/bin/time -f "%U %S %e" -o t.txt "$@" >/dev/null 2>err.txt || { cat err.txt >&2; exit 1; }
  awk '{ print $1 + $2, $3 }' t.txt >> "$name.times"
}
ours() { measure ours "$launch" warp in.mp4 ours.mp4 --speed 0.5 --crf 20 --preset faster -q -y "$@"; }
theirs() {
  measure ffmpeg ffmpeg -v error -y -i in.mp4 \
    -filter_complex "[0:v]setpts=2*PTS,fps=25[v];[0:a]asetrate=24000,aresample=48000[a]" -map "[v]" -map "[a]" \
    -c:v libx264 -crf 20 -preset faster -c:a aac -b:a 160k ffmpeg.mp4
}
# The audio-only job (an .m4a from the same clip): the video is neither decoded nor encoded.
ours_audio() { measure ours_audio "$launch" warp in.mp4 ours.m4a --speed 0.5 -q -y; }
theirs_audio() {
  measure ffmpeg_audio ffmpeg -v error -y -i in.mp4 -vn -filter_complex "[0:a]asetrate=24000,aresample=48000[a]" \
    -map "[a]" -c:a aac -b:a 160k ffmpeg.m4a
}
for _ in $(seq "$reps"); do ours; theirs; ours_audio; theirs_audio; done
ours_bytes=$(stat -c %s ours.mp4); ffmpeg_bytes=$(stat -c %s ffmpeg.mp4)
"$launch" warp in.mp4 ours250.mp4 --speed 0.5 --crf 20 --preset faster -g 250 -q -y
ours250_bytes=$(stat -c %s ours250.mp4)
min() { sort -n -k"$2" "$1" | head -1 | awk -v k="$2" '{ print $k }'; }
awk -v oa="$(min ours_audio.times 1)" -v fa="$(min ffmpeg_audio.times 1)" -v oc="$(min ours.times 1)" -v ow="$(min ours.times 2)" -v fc="$(min ffmpeg.times 1)" -v fw="$(min ffmpeg.times 2)" \
    -v ob="$ours_bytes" -v o250="$ours250_bytes" -v fb="$ffmpeg_bytes" -v n="$reps" 'BEGIN {
  printf "warp against ffmpeg, 5.3 s 720p25 H.264 + 5.1 AAC at half speed (x264 crf 20 faster, AAC 160k), min of %d runs:\n", n
  printf "  %-22s cpu %5.2f s  wall %5.2f s  %9d bytes (-g 250: %d)\n", "gst-warp-launch warp", oc, ow, ob, o250
  printf "  %-22s cpu %5.2f s  wall %5.2f s  %9d bytes\n", "ffmpeg", fc, fw, fb
  printf "  ours / ffmpeg: cpu %.2f (goal <= 1.0), wall %.2f, bytes %.3f, at -g 250 %.3f (goal within 3 %%)\n",
    oc / fc, ow / fw, ob / fb, o250 / fb
  printf "  audio only (.m4a): cpu ours %.2f s, ffmpeg %.2f s, ours / ffmpeg %.2f\n", oa, fa, oa / fa }'
