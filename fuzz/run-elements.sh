#!/bin/sh
# Fuzz the element data path (videotimewarp and audiotimewarp through GstHarness) with libFuzzer
# and AddressSanitizer.
#
#   fuzz/run-elements.sh [seconds] [extra libFuzzer flags...]     (default: 600 seconds)
#
# Builds with fuzz/build-elements.sh (standalone swiftc/clang, not part of `swift build`), then
# runs libFuzzer in fork mode so that one finding does not end the run: every input that traps,
# aborts, runs over the timeout or allocates too much is kept as
# $FUZZ_WORK/findings/{crash,timeout,oom}-<sha1>, and the working corpus grows in
# $FUZZ_WORK/corpus (default FUZZ_WORK=.build/fuzz-elements). At the end the findings are grouped
# by fuzz/triage-elements.py. Replay one input with its actions printed:
#
#   FUZZ_ELEMENTS_TRACE=1 .build/fuzz-elements/fuzz-elements -timeout=10 FILE
#
# Environment: FUZZ_JOBS (parallel jobs, default 1), FUZZ_NICE (default "nice -n 10"),
# FUZZ_SANITIZE (default fuzzer,address), FUZZ_MALLOC_LIMIT_MB (largest single allocation, 256),
# FUZZ_TIMEOUT (seconds per input, 10), FUZZ_STOP_ON_FINDING=1 (plain mode: stop at the first
# finding), and the FUZZ_ELEMENTS_* variables described at the top of fuzz/FuzzElements.swift.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
seconds=${1:-600}
[ $# -gt 0 ] && shift
work=${FUZZ_WORK:-$root/.build/fuzz-elements}
export FUZZ_WORK="$work"
nice=${FUZZ_NICE:-nice -n 10}

mkdir -p "$work/corpus" "$work/findings"
"$here/build-elements.sh" >/dev/null 2>"$work/build.log" || { cat "$work/build.log"; exit 1; }
log="$work/run-$(date +%Y%m%d-%H%M%S).log"

mode="-fork=${FUZZ_JOBS:-1} -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1"
[ "${FUZZ_STOP_ON_FINDING:-0}" = 1 ] && mode=""

cd "$work"
set +e
# shellcheck disable=SC2086
$nice "$work/fuzz-elements" $mode -max_total_time="$seconds" -timeout="${FUZZ_TIMEOUT:-10}" \
    -max_len=2048 -len_control=0 -rss_limit_mb=2048 -malloc_limit_mb="${FUZZ_MALLOC_LIMIT_MB:-256}" \
    -detect_leaks=0 -artifact_prefix="$work/findings/" -print_final_stats=1 "$@" \
    "$work/corpus" 2>&1 | tee "$log" | grep --line-buffered -E '^#[0-9]+:|^#[0-9]+\s+(DONE|INITED)|FINDING:|CRITICAL|^INFO: fuzzed for|stat::' 
status=$?
set -e
echo "log: $log"
echo "inputs run: $(grep -oE '^#[0-9]+' "$log" | tail -1 | tr -d '#')"
python3 "$here/triage-elements.py" "$work/fuzz-elements" "$work/findings"
exit 0
