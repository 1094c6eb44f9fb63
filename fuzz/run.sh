#!/bin/sh
# Fuzz the curve parsers and builders with libFuzzer (+ AddressSanitizer).
#
#   fuzz/run.sh [seconds] [extra libFuzzer flags...]      (default: 120 seconds)
#
# Compiles the curve sources directly with swiftc (standalone: not part of `swift build`),
# runs from the seed corpus in fuzz/seeds plus a working corpus in $FUZZ_WORK (default
# .build/fuzz), and leaves any crashing input as $FUZZ_WORK/crash-*. Add inputs that once
# crashed to Tests/.../HostileInputs.swift.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
seconds=${1:-120}
[ $# -gt 0 ] && shift

sources="$root/Sources/TimeWarpMap/Curves/*.swift $root/Sources/TimeWarpMap/Remap/*.swift $root/Sources/TimeWarpMap/TimeMap/TimeScaleCurve.swift"
work=${FUZZ_WORK:-$root/.build/fuzz}
mkdir -p "$work/corpus"

swiftc=${SWIFTC:-swiftc}
# shellcheck disable=SC2086
"$swiftc" -sanitize=fuzzer,address -parse-as-library -O -module-name CurvesFuzz \
    $sources "$here/FuzzCurves.swift" -o "$work/fuzz-curves"

cd "$work"
exec "$work/fuzz-curves" -max_total_time="$seconds" -max_len=4096 -timeout=20 \
    -rss_limit_mb=4096 -dict="$here/curves.dict" -print_final_stats=1 "$@" \
    "$work/corpus" "$here/seeds"
