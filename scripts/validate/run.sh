#!/usr/bin/env bash
# Development tool, NOT used by `make test`: runs GStreamer's gst-validate seek/scrub/trick-mode/pause
# scenarios on pipelines with videotimewarp / audiotimewarp and on the same pipelines with
# videorate / audioresample as references, then prints a variant x scenario table.
# Needs gst-validate 1.22, built once with ../shared/tools/gst-validate/build.sh (from the project
# root); this script sources its env file ($GST_VALIDATE_ENV, default ~/.cache/gst-validate-1.22/env.sh)
# when gst-validate-1.0 is not on PATH.
#
# Usage (from the project root):
#   PLUGIN_DIR=.build/release scripts/validate/run.sh
# Environment:
#   PLUGIN_DIR  directory holding libgsttimewarp.so (default $PWD/.build/release)
#   CLIP        test clip, generated if missing (default /tmp/timewarp-validate/clip.mkv):
#               10 s, 320x240 30 fps H.264 (keyframe every 30 frames) + Vorbis 48 kHz stereo, Matroska
#   LOG_DIR     where the logs go (default: a new mktemp -d directory, printed)
#   VARIANTS    space-separated subset of variant names (default: all; see `variants` below)
#   SCENARIOS   space-separated subset of scenario names (default: all; see `scenarios` below)
#   TIMEOUT     seconds per gst-validate run before it is killed (default 60; rc 124 in the table)
#   JOBS        runs in parallel (default 2: sync=true pipelines run in real time and use little CPU;
#               JOBS=1 doubles the wall time, about 12 min at JOBS=2, but avoids timing noise)
# Table cells: "rc C/W/I" = gst-validate return value (0 ok, 18 criticals, 124 timeout) and the
# number of distinct critical / warning / issue-level report types. Distinct messages with one
# example each go to $LOG_DIR/issues.txt. Our output segments are in output time on purpose:
# compare every report with the videorate/audioresample reference row.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
PLUGIN_DIR=$(cd "${PLUGIN_DIR:-$PWD/.build/release}" 2>/dev/null && pwd) || {
  echo "PLUGIN_DIR ${PLUGIN_DIR:-$PWD/.build/release} does not exist" >&2; exit 2; }
CLIP=${CLIP:-/tmp/timewarp-validate/clip.mkv}
TIMEOUT=${TIMEOUT:-60}
JOBS=${JOBS:-2}

if ! command -v gst-validate-1.0 >/dev/null; then
  env_file=${GST_VALIDATE_ENV:-$HOME/.cache/gst-validate-1.22/env.sh}
  [ -f "$env_file" ] || {
    echo "gst-validate-1.0 not found: build it with  env=\$(../shared/tools/gst-validate/build.sh)" >&2; exit 2; }
  # shellcheck disable=SC1090
  . "$env_file"
fi
[ -f "$PLUGIN_DIR/libgsttimewarp.so" ] || { echo "no libgsttimewarp.so in $PLUGIN_DIR" >&2; exit 2; }

LOG_DIR=${LOG_DIR:-$(mktemp -d /tmp/timewarp-validate.XXXXXX)}
mkdir -p "$LOG_DIR"
export GST_PLUGIN_PATH="$PLUGIN_DIR${GST_PLUGIN_PATH:+:$GST_PLUGIN_PATH}"
export GST_REGISTRY="$LOG_DIR/registry.bin"      # private registry: no stale plugin cache
export GST_VALIDATE_REPORTING_DETAILS=${GST_VALIDATE_REPORTING_DETAILS:-all}
export GST_VALIDATE_SCENARIOS_PATH="$here/scenarios${GST_VALIDATE_SCENARIOS_PATH:+:$GST_VALIDATE_SCENARIOS_PATH}"
export GST_DEBUG_NO_COLOR=1

gst-inspect-1.0 videotimewarp >/dev/null 2>&1 && gst-inspect-1.0 audiotimewarp >/dev/null 2>&1 || {
  echo "the timewarp elements do not load from $PLUGIN_DIR" >&2; exit 2; }

if [ ! -s "$CLIP" ]; then
  mkdir -p "$(dirname "$CLIP")"
  echo "generating $CLIP"
  gst-launch-1.0 -q \
    videotestsrc num-buffers=300 pattern=smpte ! video/x-raw,format=I420,width=320,height=240,framerate=30/1 \
    ! x264enc key-int-max=30 speed-preset=veryfast ! h264parse ! queue ! matroskamux name=m \
    ! filesink location="$CLIP.tmp" \
    audiotestsrc wave=ticks samplesperbuffer=4800 num-buffers=100 ! audio/x-raw,rate=48000,channels=2 \
    ! audioconvert ! vorbisenc ! queue ! m. || { echo "could not generate $CLIP" >&2; rm -f "$CLIP.tmp"; exit 2; }
  mv "$CLIP.tmp" "$CLIP"
fi

src="filesrc location=$CLIP ! matroskademux name=d"
vbranch() { echo "d.video_0 ! queue ! avdec_h264 ! $1 ! video/x-raw,framerate=$2 ! fakesink name=vsink sync=true"; }
abranch() { echo "d.audio_0 ! queue ! vorbisdec ! audioconvert ! $1 ! fakesink name=asink sync=true"; }
vcos="videotimewarp function=cosine"
vdss="videotimewarp function=double-smoothstep factor=1.5"
acos="audiotimewarp function=cosine"
adss="audiotimewarp function=double-smoothstep factor=1.5"

variants=(v-cosine-30 v-cosine-vfr v-dss-30 v-dss-vfr v-videorate-ref
          a-cosine a-dss a-audioresample-ref
          av-cosine av-dss av-reference)
declare -A pipeline=(
  [v-cosine-30]="$src $(vbranch "$vcos" 30/1)"
  [v-cosine-vfr]="$src $(vbranch "$vcos" 0/1)"
  [v-dss-30]="$src $(vbranch "$vdss" 30/1)"
  [v-dss-vfr]="$src $(vbranch "$vdss" 0/1)"
  [v-videorate-ref]="$src $(vbranch videorate 30/1)"
  [a-cosine]="$src $(abranch "$acos")"
  [a-dss]="$src $(abranch "$adss")"
  [a-audioresample-ref]="$src $(abranch audioresample)"
  [av-cosine]="$src $(vbranch "$vcos" 30/1) $(abranch "$acos")"
  [av-dss]="$src $(vbranch "$vdss" 30/1) $(abranch "$adss")"
  [av-reference]="$src $(vbranch videorate 30/1) $(abranch audioresample)"
)
scenarios=(seek_forward seek_backward scrub_forward_seeking scrub_backward_seeking fast_forward
           fast_backward reverse_playback pause_resume non_flushing_seek segment_seek_loop)
declare -A short=([seek_forward]=seek_fw [seek_backward]=seek_bw [scrub_forward_seeking]=scrub_fw
  [scrub_backward_seeking]=scrub_bw [fast_forward]=fast_fw [fast_backward]=fast_bw
  [reverse_playback]=reverse [pause_resume]=pause [non_flushing_seek]=nonflush
  [segment_seek_loop]=seg_loop)
[ -n "${VARIANTS:-}" ] && read -r -a variants <<<"$VARIANTS"
[ -n "${SCENARIOS:-}" ] && read -r -a scenarios <<<"$SCENARIOS"
for v in "${variants[@]}"; do [ -n "${pipeline[$v]:-}" ] || { echo "unknown variant $v" >&2; exit 2; }; done

echo "plugin: $PLUGIN_DIR/libgsttimewarp.so"
echo "clip:   $CLIP"
echo "logs:   $LOG_DIR"
for v in "${variants[@]}"; do printf '%s\t%s\n' "$v" "${pipeline[$v]}"; done >"$LOG_DIR/pipelines.tsv"

run_one() {  # variant scenario
  local log="$LOG_DIR/$1.$2.log" rc
  timeout -k 10 "$TIMEOUT" gst-validate-1.0 --set-scenario "$2" "${pipeline[$1]}" >"$log" 2>&1 </dev/null
  rc=$?
  echo "$rc" >"$LOG_DIR/$1.$2.rc"
  echo "  $(date +%T) $1 / $2: rc=$rc"
}

start=$(date +%s)
running=0
for v in "${variants[@]}"; do
  for s in "${scenarios[@]}"; do
    run_one "$v" "$s" &
    running=$((running + 1))
    if [ "$running" -ge "$JOBS" ]; then wait -n; running=$((running - 1)); fi
  done
done
wait
echo "wall time: $(( $(date +%s) - start )) s"
echo

cols=()
for s in "${scenarios[@]}"; do cols+=("${short[$s]:-$s}"); done
python3 "$here/summarize.py" "$LOG_DIR" "${variants[*]}" "${scenarios[*]}" "${cols[*]}"
echo
echo "logs: $LOG_DIR  (one <variant>.<scenario>.log per run, pipelines.tsv, issues.txt)"
