#!/usr/bin/env bash
# Time remapping (function=remap): a curve that rewinds 20 s of 1080p30 through videotimewarp
# (nearest), its peak RSS (/usr/bin/time -v) with the history bounded in memory (frames past
# 256 MiB go to a temporary file), and its wall time beside the same frames played forwards
# through videotimewarp at the speed-for-speed equivalent length (the forward parts cost what
# they cost), and as a multiple of real time. Printed, never asserted.
#
#   scripts/bench-remap.sh      (make bench runs it; BENCH_REMAP_SECONDS: the rewound length, 20)
set -euo pipefail
SECONDS_REWOUND=${BENCH_REMAP_SECONDS:-20}
frames=$((SECONDS_REWOUND * 30))
if [ ! -x /usr/bin/time ]; then echo "bench-remap: needs /usr/bin/time (scripts/install-deps.sh)" >&2; exit 1; fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source="videotestsrc num-buffers=$frames pattern=ball ! video/x-raw,format=I420,width=1920,height=1080,framerate=30/1"

# run LABEL PIPELINE-TAIL: prints wall time, CPU time and peak RSS of one gst-launch-1.0 run.
run() {
  local label=$1; shift
  /usr/bin/time -v gst-launch-1.0 -q $source ! "$@" 2>"$work/time.txt" >/dev/null || { cat "$work/time.txt" >&2; return 1; }
  awk -v label="$label" -F': ' '
    /Elapsed \(wall clock\)/ { n = split($2, p, ":"); wall = 0; for (i = 1; i <= n; i++) wall = wall * 60 + p[i] }
    /User time/ { cpu += $2 } /System time/ { cpu += $2 }
    /Maximum resident set size/ { rss = int($2 / 1024) }
    END { printf "%-44s wall %6.2f s   cpu %6.2f s   peak RSS %5d MB\n", label, wall, cpu, rss; print wall > "/dev/stderr" }' \
    "$work/time.txt" 2>"$work/wall"
}

echo "Time remapping, 1080p30 I420, ${SECONDS_REWOUND} s of input played forwards then rewound (output $((2 * SECONDS_REWOUND)) s):"
run "remap 0:0, ${SECONDS_REWOUND}:${SECONDS_REWOUND}, $((2 * SECONDS_REWOUND)):0" \
  videotimewarp function=remap remap="0s:0s, ${SECONDS_REWOUND}s:${SECONDS_REWOUND}s, $((2 * SECONDS_REWOUND))s:0s" ! fakesink
remap_wall=$(cat "$work/wall")
run "forward, factor 2 (the same $((2 * frames)) output frames)" videotimewarp factor=2 ! fakesink
forward_wall=$(cat "$work/wall")
awk -v r="$remap_wall" -v f="$forward_wall" -v out=$((2 * SECONDS_REWOUND)) 'BEGIN {
  printf "remap / forward wall: %.2f; remap runs at %.1fx real time (goal: at least 1x; peak RSS goal: below 400 MB)\n", r / f, out / r }'
