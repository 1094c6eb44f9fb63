#!/usr/bin/env bash
# Quality of `warp`'s H.264 against ffmpeg's libx264 at the same CRF and preset (issue 10).
# Not part of `make test` (it needs ffmpeg and a minute of CPU). Usage:
#     scripts/compare-ffmpeg.sh [CRF] [PRESET] [SECONDS]
# 1. A 1280x720 30 fps source with fine moving detail (a zone plate and a ball), stored
#    losslessly (x264 pass=quant quantizer=0).
# 2. The warped frames, losslessly (videotimewarp with the same curve as step 3, to y4m, through
#    NV12 so that decoder padding is not written into the y4m frames): the
#    reference both encodings are measured against.
# 3. gst-warp-launch warp with --crf/--preset; ffmpeg -c:v libx264 -crf/-preset on the
#    reference; and, for comparison, x264enc with its default bitrate=2048 as the VBV cap (what
#    warp used before issue 10).
# 4. Y-PSNR of each against the reference (ffmpeg's psnr filter), and the file sizes.
set -euo pipefail
crf=${1:-20}; preset=${2:-faster}; seconds=${3:-10}
cd "$(dirname "$0")/.."
launch=$PWD/.build/release/gst-warp-launch
command -v ffmpeg >/dev/null || { echo "ffmpeg is not installed (apt-get install ffmpeg)"; exit 1; }
dir=$(mktemp -d); [ -n "${KEEP:-}" ] || trap 'rm -rf "$dir"' EXIT
cd "$dir"
frames=$((30 * seconds))
curve="function=triangle factor=0.4 modifier=0.8"   # speeds the middle up to 2.5x: fast motion
"$launch" -q videotestsrc pattern=zone-plate kx2=20 ky2=20 kt=1 num-buffers=$frames \
  ! video/x-raw,width=1280,height=720,framerate=30/1 \
  ! compositor name=c ! videoconvert ! video/x-raw,format=I420 ! x264enc pass=quant quantizer=0 speed-preset=ultrafast ! h264parse \
  ! matroskamux ! filesink location=src.mkv \
  videotestsrc pattern=ball num-buffers=$frames ! video/x-raw,width=320,height=180,framerate=30/1 ! c.
duration_ns=$((seconds * 1000000000))
"$launch" -q filesrc location=src.mkv ! decodebin ! videoconvert \
  ! videotimewarp $curve duration=$duration_ns ! video/x-raw,framerate=30/1 \
  ! videoconvert ! video/x-raw,format=NV12 ! videoconvert ! video/x-raw,format=I420 ! y4menc ! filesink location=ref.y4m
"$launch" warp src.mkv ours.mp4 --function triangle --factor 0.4 --modifier 0.8 --crf "$crf" --preset "$preset" -q -y
ffmpeg -v error -y -i ref.y4m -c:v libx264 -crf "$crf" -preset "$preset" -pix_fmt yuv420p ffmpeg.mp4
"$launch" -q filesrc location=ref.y4m ! y4mdec ! videoconvert ! video/x-raw,format=I420 \
  ! x264enc speed-preset="$preset" pass=qual quantizer="$crf" key-int-max=60 ! h264parse ! mp4mux ! filesink location=capped.mp4
psnr() { ffmpeg -v info -i "$1" -i ref.y4m -lavfi "[0:v][1:v]psnr" -f null - 2>&1 | grep -o 'PSNR y:[0-9.inf]*' | cut -d: -f2; }
count() { ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames -of csv=p=0 "$1"; }
echo "source: ${seconds} s 1280x720, curve $curve, CRF $crf, preset $preset; reference: $(count ref.y4m) warped frames"
printf "%-44s %10s %12s %8s\n" encoding "Y-PSNR dB" "size bytes" frames
for f in ours.mp4 ffmpeg.mp4 capped.mp4; do
  case $f in
    ours.mp4) what="gst-warp-launch warp (x264enc, cap lifted)";;
    ffmpeg.mp4) what="ffmpeg libx264";;
    capped.mp4) what="x264enc pass=qual, default bitrate=2048 cap";;
  esac
  printf "%-44s %10s %12s %8s\n" "$what" "$(psnr $f)" "$(stat -c %s $f)" "$(count $f)"
done
