#!/usr/bin/env bash
# Times videotimewarp (and audiotimewarp) against GStreamer's own elements, in the same run.
#
#   make bench                 (exports GST_PLUGIN_PATH=.build/release)
#   GST_PLUGIN_PATH=/dir/with/libgsttimewarp.so scripts/bench.sh
#
# Each pair (ours vs GStreamer's) is run BENCH_REPS times, interleaved (ours, theirs, ours, ...),
# each run in a fresh process; the wall time from PLAYING to EOS is measured inside the process
# (process start-up, plugin loading and preroll are not counted). The table shows the minimum
# and the median of each, and the ratios ours / GStreamer's of the minima (the steadier figure
# on a shared machine) and of the medians. Timings are printed, never asserted.
#
# Knobs: BENCH_REPS (default 5), BENCH_SCALE (default 1: multiplies every frame/buffer count),
#        BENCH_ONLY (a substring: run only the pairs whose label contains it; "blend" runs
#        only the frame-blending comparison, "controller" only the controller cost, "remap" only
#        the time-remapping rewind (scripts/bench-remap.sh), "flow" only frame-mode=flow at
#        1080p and 4K (scripts/bench-flow.sh), "tool" only warp against ffmpeg for the same job
#        (scripts/bench-tool.sh), "reverse" only
#        warp --reverse: scripts/bench-reverse.sh), PYTHON.
#
# On the shared machine the 64x64 wall-time ratios move by about 0.1 from run to run;
# scripts/per-buffer-instructions.sh gives the same pairs as callgrind instructions per buffer.
set -euo pipefail

PYTHON=${PYTHON:-/usr/bin/python3}
REPS=${BENCH_REPS:-5}
SCALE=${BENCH_SCALE:-1}
ONLY=${BENCH_ONLY:-}

if [ -z "${GST_PLUGIN_PATH:-}" ]; then
  echo "bench: GST_PLUGIN_PATH is not set (run 'make bench', or point it at the directory holding libgsttimewarp.so)" >&2
  exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# A private registry, so a freshly rebuilt plugin is always picked up.
export GST_REGISTRY=${GST_REGISTRY:-$work/registry.bin}

if ! gst-inspect-1.0 videotimewarp >/dev/null 2>&1; then
  echo "bench: videotimewarp not found in GST_PLUGIN_PATH=$GST_PLUGIN_PATH" >&2
  exit 1
fi

pairs="$work/pairs.tsv"
: >"$pairs"

# n COUNT: COUNT scaled by BENCH_SCALE (at least 1).
n() { "$PYTHON" -c "import sys; print(max(1, int(float(sys.argv[1]) * float(sys.argv[2]))))" "$1" "$SCALE"; }

# add_pair LABEL OURS_PIPELINE THEIRS_PIPELINE
add_pair() {
  if [ -n "$ONLY" ] && [[ "$1" != *"$ONLY"* ]]; then return 0; fi
  printf '%s\t%s\t%s\n' "$1" "$2" "$3" >>"$pairs"
}

# ============================================================================================
# Video benchmarks
# ============================================================================================
video_benchmarks() {
  local sink="fakesink sync=false"
  local label width height src frames caps dur
  # label | width | height | source | frame count. "gen" generates every frame (solid colour,
  # the cheapest pattern), so at 1080p pixel generation dominates; "frozen" pushes one frame
  # again and again (imagefreeze: new references to the same memory), so the per-frame cost of
  # the elements themselves shows.
  while IFS='|' read -r label width height src frames; do
    [ -n "$label" ] || continue
    frames=$(n "$frames")
    caps="video/x-raw,width=$width,height=$height,framerate=30/1"
    case "$src" in
      gen)    src="videotestsrc num-buffers=$frames pattern=solid-color ! $caps" ;;
      # imagefreeze takes downstream's preferred rate: fix it to 30/1 (with framerate=0/1
      # downstream it would push one frame only).
      frozen) src="videotestsrc num-buffers=1 pattern=solid-color ! $caps ! imagefreeze num-buffers=$frames ! $caps" ;;
    esac
    # D = the whole clip, frames / 30 s, in ns
    dur=$(( frames * 1000000000 / 30 ))
    add_pair "$label, $frames fr: variable rate cosine vs identity" \
      "$src ! videotimewarp function=cosine factor=1 duration=$dur ! video/x-raw,framerate=0/1 ! $sink" \
      "$src ! identity ! video/x-raw ! $sink"
    add_pair "$label, $frames fr: factor=0.8 to 24 fps vs videorate 24 fps (*)" \
      "$src ! videotimewarp factor=0.8 ! video/x-raw,framerate=24/1 ! $sink" \
      "$src ! videorate ! video/x-raw,framerate=24/1 ! $sink"
    add_pair "$label, $frames fr: factor=1 to 24 fps vs videorate 24 fps" \
      "$src ! videotimewarp ! video/x-raw,framerate=24/1 ! $sink" \
      "$src ! videorate ! video/x-raw,framerate=24/1 ! $sink"
  done <<'EOF'
1080p|1920|1080|gen|2000
1080p frozen|1920|1080|frozen|1000000
64x64|64|64|gen|300000
EOF
}

# ============================================================================================
# Issue 24's video pairs (the per-buffer path at 64x64): kept apart from the table above.
# ============================================================================================
# Both sides of a pair have the same elements around the one compared: the variable-rate side
# needs a capsfilter (framerate=0/1) to leave the fixed-rate path, so identity's side gets one too
# (a capsfilter costs the same per buffer whatever its caps), and the ratio is the element's.
# The goals issue 24 set (<= 0.9 and <= 0.7) are out of reach as the pairs are defined: at 64x64
# the source, capsfilter and sink cost about 9x what identity adds (callgrind, 14,029 against
# 1,524 instructions per buffer), so even no element scores about 0.90 against identity (the
# "floor" row), and the 30 -> 60 side must push every buffer twice through the capsfilter and
# sink. scripts/per-buffer-instructions.sh prints each element's own cost beside identity's
# and videorate's, the measure that can still be compared.
video_path_benchmarks() {
  local sink="fakesink sync=false" frames src dur
  frames=$(n 400000)
  src="videotestsrc num-buffers=$frames pattern=solid-color ! video/x-raw,width=64,height=64,framerate=30/1"
  dur=$(( frames * 1000000000 / 30 ))
  add_pair "64x64, $frames fr: variable rate cosine vs identity (goal <= 0.9: see below)" \
    "$src ! videotimewarp function=cosine factor=1 duration=$dur ! video/x-raw,framerate=0/1 ! $sink" \
    "$src ! identity ! video/x-raw ! $sink"
  # The floor of the pair above: no element at all on our side. A ratio at or above 0.9 here
  # means the goal of 0.9 asks the element to cost less than nothing.
  add_pair "64x64, $frames fr: floor: NO element vs identity" \
    "$src ! capsfilter caps=video/x-raw ! $sink" \
    "$src ! identity ! video/x-raw ! $sink"
  add_pair "64x64, $frames fr: 30 -> 60 fps vs videorate 60 fps (goal <= 0.7: see below)" \
    "$src ! videotimewarp ! video/x-raw,framerate=60/1 ! $sink" \
    "$src ! videorate ! video/x-raw,framerate=60/1 ! $sink"
}

# ============================================================================================
# AUDIO BENCHMARKS: to be completed by the audiotimewarp owner.
#   stereo F32LE 48 kHz:
#     audiotimewarp interpolation=linear  vs  speed           (same duration change)
#     audiotimewarp interpolation=sinc    vs  audioresample   48 kHz -> 44.1 kHz
#   Skipped, with a message, while audiotimewarp is missing, has no `interpolation` property,
#   or cannot set it. Adjust factors, lengths and pipelines here; the runner needs no change.
# ============================================================================================
audio_benchmarks() {
  local inspect
  if ! inspect=$(gst-inspect-1.0 audiotimewarp 2>/dev/null); then
    echo "audio benchmarks skipped: audiotimewarp not found in GST_PLUGIN_PATH"
    return 0
  fi
  if ! grep -qE '^ +interpolation +:' <<<"$inspect"; then
    echo "audio benchmarks skipped: audiotimewarp has no 'interpolation' property yet"
    return 0
  fi
  local probe
  probe=$(gst-launch-1.0 -q audiotestsrc num-buffers=2 ! audiotimewarp interpolation=sinc ! fakesink 2>&1) || true
  if grep -qiE 'warning|critical|error' <<<"$probe"; then
    echo "audio benchmarks skipped: 'audiotimewarp interpolation=sinc' does not run cleanly yet:"
    grep -v '^\s*$' <<<"$probe" | sed 's/^/    /' | head -5
    return 0
  fi
  local caps="audio/x-raw,format=F32LE,rate=48000,channels=2,layout=interleaved"
  local buffers seconds src sink="fakesink sync=false"
  buffers=$(n 6000)                         # 960 samples per buffer: 20 ms each
  seconds=$(( buffers / 50 ))
  src="audiotestsrc num-buffers=$buffers samplesperbuffer=960 wave=white-noise ! $caps"
  # factor 0.8 (output 0.8x as long) is speed=1.25
  add_pair "audio ${seconds} s: linear factor=0.8 vs speed speed=1.25" \
    "$src ! audiotimewarp interpolation=linear factor=0.8 ! $sink" \
    "$src ! speed speed=1.25 ! $sink"
  # factor 44100/48000 yields as many 48 kHz output samples as resampling to 44.1 kHz does
  add_pair "audio ${seconds} s: sinc factor=0.91875 vs audioresample 48k->44.1k" \
    "$src ! audiotimewarp interpolation=sinc factor=0.91875 ! $sink" \
    "$src ! audioresample ! audio/x-raw,rate=44100 ! $sink"
  # --- issue 24 (audio rows): the default sinc at factor 1.5 and linear against audioresample
  # 48k->44.1k at its default quality (goals: sinc <= 1.0, linear <= 0.6; BENCH_ONLY=44.1k).
  add_pair "audio ${seconds} s: sinc factor=1.5 vs audioresample 48k->44.1k" \
    "$src ! audiotimewarp interpolation=sinc factor=1.5 ! $sink" \
    "$src ! audioresample ! audio/x-raw,rate=44100 ! $sink"
  add_pair "audio ${seconds} s: linear factor=1.5 vs audioresample 48k->44.1k" \
    "$src ! audiotimewarp interpolation=linear factor=1.5 ! $sink" \
    "$src ! audioresample ! audio/x-raw,rate=44100 ! $sink"
  add_pair "audio ${seconds} s: linear factor=0.91875 vs audioresample 48k->44.1k" \
    "$src ! audiotimewarp interpolation=linear factor=0.91875 ! $sink" \
    "$src ! audioresample ! audio/x-raw,rate=44100 ! $sink"
  # The floor of these rows: no element on our side (the source and sink alone).
  add_pair "audio ${seconds} s: floor: NO element vs audioresample 48k->44.1k" \
    "$src ! $sink" \
    "$src ! audioresample ! audio/x-raw,rate=44100 ! $sink"
  # --- end of the issue 24 audio rows
  # The sinc kernel at each quality against audioresample at the same quality and the same
  # ratio: factor s makes as many samples as resampling 48 kHz to 48 kHz * s does.
  if grep -qE '^ +quality +:' <<<"$inspect"; then
    local q s rate
    for q in 4 10; do
      for s in 0.25 0.8 1.25 2 4; do
        rate=$("$PYTHON" -c "print(round(48000 * $s))")
        add_pair "audio ${seconds} s: sinc quality=$q factor=$s vs audioresample quality=$q 48k->$rate" \
          "$src ! audiotimewarp quality=$q factor=$s ! $sink" \
          "$src ! audioresample quality=$q ! audio/x-raw,rate=$rate ! $sink"
      done
    done
  fi
  # pitch=preserve (WSOLA) against SoundTouch's `pitch` and scaletempo at the same tempo: half
  # speed, twice as many output samples. scaletempo follows the segment rate: a seek at rate 0.5.
  if grep -qE '^ +pitch +:' <<<"$inspect"; then
    if gst-inspect-1.0 pitch >/dev/null 2>&1; then
      add_pair "audio ${seconds} s: pitch=preserve factor=2 vs soundtouch pitch tempo=0.5" \
        "$src ! audiotimewarp pitch=preserve factor=2 ! $sink" \
        "$src ! pitch tempo=0.5 ! $sink"
    else
      echo "soundtouch pair skipped: no 'pitch' element (gstreamer1.0-plugins-bad)"
    fi
    add_pair "audio ${seconds} s: pitch=preserve factor=2 vs scaletempo at rate 0.5 (seek)" \
      "$src ! audiotimewarp pitch=preserve factor=2 ! $sink" \
      "@rate=0.5 $src ! scaletempo ! $sink"
  fi
  # pitch-engine=spectral (the phase vocoder) against today's pitch=preserve (WSOLA, the cost
  # goal: at most 2x) and against SoundTouch (BENCH_ONLY=spectral runs only these).
  if grep -qE '^ +pitch-engine +:' <<<"$inspect"; then
    add_pair "audio ${seconds} s: pitch-engine=spectral factor=2 vs pitch=preserve (wsola) factor=2" \
      "$src ! audiotimewarp pitch=preserve pitch-engine=spectral factor=2 ! $sink" \
      "$src ! audiotimewarp pitch=preserve pitch-engine=wsola factor=2 ! $sink"
    if gst-inspect-1.0 pitch >/dev/null 2>&1; then
      add_pair "audio ${seconds} s: pitch-engine=spectral factor=2 vs soundtouch pitch tempo=0.5" \
        "$src ! audiotimewarp pitch=preserve pitch-engine=spectral factor=2 ! $sink" \
        "$src ! pitch tempo=0.5 ! $sink"
    fi
  fi
}

# ============================================================================================
# Runner: one pipeline per process, timed from PLAYING to EOS.
# ============================================================================================
cat >"$work/run_one.py" <<'EOF'
import sys, time, warnings
warnings.filterwarnings("ignore")
import gi
gi.require_version("Gst", "1.0")
from gi.repository import Gst
Gst.init(None)
desc, rate = sys.argv[1], None
if desc.startswith("@rate="):           # "@rate=R pipeline": played with a seek at rate R
    head, desc = desc.split(" ", 1)
    rate = float(head[len("@rate="):])
p = Gst.parse_launch(desc)
p.set_state(Gst.State.PAUSED)
p.get_state(60 * Gst.SECOND)            # preroll (first buffer) not counted as start-up
if rate is not None:
    p.seek(rate, Gst.Format.TIME, Gst.SeekFlags.FLUSH | Gst.SeekFlags.ACCURATE,
           Gst.SeekType.SET, 0, Gst.SeekType.NONE, -1)
    p.get_state(60 * Gst.SECOND)
t0, c0 = time.perf_counter(), time.process_time()
p.set_state(Gst.State.PLAYING)
msg = p.get_bus().timed_pop_filtered(600 * Gst.SECOND, Gst.MessageType.EOS | Gst.MessageType.ERROR)
t1, c1 = time.perf_counter(), time.process_time()
p.set_state(Gst.State.NULL)
if msg is None:
    print("ERROR timeout"); sys.exit(1)
if msg.type == Gst.MessageType.ERROR:
    print("ERROR " + msg.parse_error()[0].message); sys.exit(1)
print("%.6f %.6f" % (t1 - t0, c1 - c0))
EOF

cat >"$work/bench.py" <<'EOF'
import statistics, subprocess, sys
pairs_file, reps, python, runner = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
pairs = [l.rstrip("\n").split("\t") for l in open(pairs_file) if l.strip()]

def run(pipeline):
    r = subprocess.run([python, runner, pipeline], capture_output=True, text=True)
    out = (r.stdout.strip().splitlines() or ["ERROR (no output) " + r.stderr.strip()[-200:]])[-1]
    if r.returncode != 0 or out.startswith("ERROR"):
        return None, out
    wall, cpu = map(float, out.split())
    return (wall, cpu), None

rows = []
for idx, (label, ours, theirs) in enumerate(pairs, 1):
    print("[%d/%d] %s" % (idx, len(pairs), label), file=sys.stderr, flush=True)
    times = {"ours": [], "theirs": []}
    cpus = {"ours": [], "theirs": []}
    errors = {}
    for _ in range(reps):                      # interleaved: ours, theirs, ours, theirs, ...
        for key, pipe in (("ours", ours), ("theirs", theirs)):
            if key in errors:
                continue
            measured, err = run(pipe)
            if err:
                errors[key] = err
            else:
                times[key].append(measured[0])
                cpus[key].append(measured[1])
    rows.append((label, ours, theirs, times, cpus, errors))

def fmt(ts):
    return "%8.3f %8.3f" % (min(ts), statistics.median(ts)) if ts else "%17s" % "error"

def ratio(a, b):
    return "%6.2f" % (a / b) if b > 0 else "   n/a"

w = max([len(r[0]) for r in rows] + [26])
print()
print("%-*s  %17s  %17s  %6s  %6s  %6s" % (w, "pair (ours vs GStreamer's)", "ours min/med s", "gst min/med s",
                                            "r(min)", "r(med)", "r(cpu)"))
print("-" * (w + 63))
for label, ours, theirs, times, cpus, errors in rows:
    o, t = times["ours"], times["theirs"]
    rs = (ratio(min(o), min(t)) + "  " + ratio(statistics.median(o), statistics.median(t))
          if o and t else "   n/a     n/a")
    oc, tc = cpus["ours"], cpus["theirs"]
    rc = ratio(min(oc), min(tc)) if oc and tc else "   n/a"
    print("%-*s  %s  %s  %s  %s" % (w, label, fmt(o), fmt(t), rs, rc))
print()
print("r = ours / GStreamer's (min: of the minima; med: of the medians); %d interleaved runs each;"
      % reps)
print("wall time from PLAYING to EOS, one process per run; r(cpu): the same of the minima of the")
print("process's CPU time (all threads) over the same span, steadier than wall time on a shared machine.")
print("(*) not the same work: factor=0.8 shortens the clip to 0.8x before 30->24 fps, so it emits")
print("    0.64 frames per input frame where videorate emits 0.8.")
errs = [(l, k, e) for l, _, _, _, _, es in rows for k, e in es.items()]
for label, key, err in errs:
    print("error in %s (%s): %s" % (label, key, err))
print()
print("pipelines:")
for label, ours, theirs, _, _, _ in rows:
    print("  %s\n    ours:   %s\n    theirs: %s" % (label, ours, theirs))
EOF

echo "gst-timewarp bench: $(nproc) CPU(s), $REPS runs per pipeline, GST_PLUGIN_PATH=$GST_PLUGIN_PATH"
echo "plugin: $(gst-inspect-1.0 videotimewarp 2>/dev/null | awk '/Filename/ {print $2}')"
video_benchmarks
video_path_benchmarks
audio_benchmarks
"$PYTHON" "$work/bench.py" "$pairs" "$REPS" "$PYTHON" "$work/run_one.py"

# Frame blending against compositor (net costs per frame; see scripts/blend-bench.py).
if [ -z "$ONLY" ] || [[ "frame blending" == *"$ONLY"* ]]; then
  "$PYTHON" "$(dirname "$0")/blend-bench.py" "$REPS" "$PYTHON" "$work/run_one.py" "$(n 600)"
  "$(dirname "$0")/check-vectorised.sh" "$(gst-inspect-1.0 videotimewarp 2>/dev/null | awk '/Filename/ {print $2}')" || true
fi

# Each element's own cost per buffer, in callgrind instructions net of a pipeline with no
# element and the same caps (deterministic where the wall-time ratios above move by 0.1; goals:
# variable rate <= identity's own cost, 30 -> 60 <= videorate's, linear audio <= 0.6x
# audioresample's, sinc <= audioresample's).
if [ -z "$ONLY" ] || [[ "instructions" == *"$ONLY"* ]]; then
  echo
  "$(dirname "$0")/per-buffer-instructions.sh" "$(gst-inspect-1.0 videotimewarp 2>/dev/null | awk '/Filename/ {print $2}')"
fi

# A GstController bound to factor: us per buffer with and without (scripts/controller-bench.py).
if [ -z "$ONLY" ] || [[ "controller" == *"$ONLY"* ]]; then
  "$PYTHON" "$(dirname "$0")/controller-bench.py" "$REPS" "$PYTHON" "$(n 10000)"
fi

# ============================================================================================
# The time map itself: table build for expressions, cost of T and T⁻¹ per call.
# ============================================================================================
echo
"$(dirname "$0")/../.build/release/timewarp-bench"

# ============================================================================================
# warp --reverse from a bounded store: peak RSS and wall time beside the forward warp.
# ============================================================================================
if [ -z "$ONLY" ] || [[ "reverse" == *"$ONLY"* ]]; then
  echo
  "$(dirname "$0")/bench-reverse.sh" "$(dirname "$0")/../.build/release/gst-warp-launch"
fi

# ============================================================================================
# Time remapping: a 20 s rewind of 1080p30, peak RSS with the bounded history, and wall time.
# ============================================================================================
if [ -z "$ONLY" ] || [[ "remap" == *"$ONLY"* ]]; then
  echo
  "$(dirname "$0")/bench-remap.sh"
fi

# ============================================================================================
# frame-mode=flow at 1080p and 4K, beside FFmpeg's minterpolate at 1080p.
# ============================================================================================
if [ -z "$ONLY" ] || [[ "flow" == *"$ONLY"* ]]; then
  echo
  "$(dirname "$0")/bench-flow.sh"
fi

# ============================================================================================
# gst-warp-launch warp against ffmpeg for the same job (CPU, wall, bytes).
# ============================================================================================
if [ -z "$ONLY" ] || [[ "tool" == *"$ONLY"* ]]; then
  echo
  "$(dirname "$0")/bench-tool.sh"
fi
