#!/usr/bin/env bash
# `make test`: `warp --hosts` (issue 31) and the recipes of docs/scale.md over three hosts made on
# this machine as network namespaces (ip netns, a veth pair each), each with its own sshd on its own
# address and key authentication, all set up here and torn down at any exit. Needs root (CI runs as
# root; elsewhere it says SKIP) and the packages scripts/install-deps.sh installs.
#
# The expected values come from the one-machine run of the same curve (the reference), read back
# with ffprobe/ffmpeg, never from the chunked run's own report: which host ran what comes from a
# wrapper each host runs in place of gst-warp-launch, which logs its namespace and arguments.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
launch="$root/.build/release/gst-warp-launch"
if [ "$(id -u)" -ne 0 ]; then echo "SKIP scripts/test-hosts.sh: network namespaces need root"; exit 0; fi
if [ -n "${TIMEWARP_TEST_HOSTS_SKIP:-}" ]; then echo "SKIP scripts/test-hosts.sh: $TIMEWARP_TEST_HOSTS_SKIP"; exit 0; fi
for tool in parallel ssh /usr/sbin/sshd ip rsync ffmpeg ffprobe; do
  command -v "$tool" >/dev/null || { echo "FAIL scripts/test-hosts.sh: $tool is missing (make deps)"; exit 1; }
done
T=$(mktemp -d /tmp/gst-warp-hosts.XXXXXX)
tag="tw$(( $$ % 100000 ))"
net=$(( 100 + $$ % 150 ))
N=3
failures=0
pass() { echo "PASS hosts: $*"; }
fail() { echo "FAIL hosts: $*"; failures=$((failures + 1)); }

teardown() {
  for i in $(seq 1 "$N"); do
    ip netns pids "$tag-$i" 2>/dev/null | xargs -r kill -9 2>/dev/null || true
    ip netns del "$tag-$i" 2>/dev/null || true
    ip link del "${tag}h$i" 2>/dev/null || true
  done
  rm -rf "$T"
}
trap teardown EXIT

# Keys: one for the hosts, one for the client; the client's config trusts them all.
ssh-keygen -q -t ed25519 -N '' -f "$T/hostkey"
ssh-keygen -q -t ed25519 -N '' -f "$T/userkey"
cp "$T/userkey.pub" "$T/authorized_keys"
chmod 600 "$T/authorized_keys"
cat > "$T/ssh_config" <<EOF
Host *
  IdentityFile $T/userkey
  IdentitiesOnly yes
  StrictHostKeyChecking no
  UserKnownHostsFile /dev/null
  BatchMode yes
  ConnectTimeout 5
  ServerAliveInterval 2
  ServerAliveCountMax 2
  LogLevel ERROR
EOF
export PARALLEL_SSH="ssh -F $T/ssh_config"
# What the hosts run as gst-warp-launch: logs its namespace and arguments; on the namespace named
# in $T/victim a chunk waits (to be killed there); on the one in $T/old-version it says 0.0.1.
mkdir "$T/bin"
cat > "$T/bin/gst-warp-launch" <<EOF
#!/bin/sh
ns=\$(ip netns identify \$\$ 2>/dev/null || true)
echo "\${ns:-here} \$*" >> "$T/calls.log"
if [ -f "$T/victim" ] && [ "\$ns" = "\$(cat "$T/victim")" ] && [ "\$1" = warp ]; then
  echo "\$ns" > "$T/victim-started"; sleep 120
fi
if [ -f "$T/old-version" ] && [ "\$ns" = "\$(cat "$T/old-version")" ] && [ "\$1" = --version ]; then
  echo "gst-warp-launch version 0.0.1"; exit 0
fi
exec "$launch" "\$@"
EOF
chmod +x "$T/bin/gst-warp-launch"
export PATH="$T/bin:$PATH"

mkdir -p /run/sshd
start_sshd() {  # $1: host number
  ip netns exec "$tag-$1" /usr/sbin/sshd -f /dev/null -o "ListenAddress=10.$net.$1.2" -o "HostKey=$T/hostkey" \
    -o "AuthorizedKeysFile=$T/authorized_keys" -o StrictModes=no -o UsePAM=no -o PasswordAuthentication=no \
    -o PermitRootLogin=prohibit-password -o "PidFile=$T/sshd$1.pid" -o "SetEnv=PATH=$T/bin:/usr/local/bin:/usr/bin:/bin"
}
: > "$T/hosts.txt"
for i in $(seq 1 "$N"); do
  ip netns add "$tag-$i"
  ip link add "${tag}h$i" type veth peer name "${tag}n$i"
  ip link set "${tag}n$i" netns "$tag-$i"
  ip addr add "10.$net.$i.1/24" dev "${tag}h$i"
  ip link set "${tag}h$i" up
  ip netns exec "$tag-$i" ip addr add "10.$net.$i.2/24" dev "${tag}n$i"
  ip netns exec "$tag-$i" ip link set "${tag}n$i" up
  ip netns exec "$tag-$i" ip link set lo up
  start_sshd "$i"
  echo "root@10.$net.$i.2" >> "$T/hosts.txt"
done
for i in $(seq 1 "$N"); do  # sshd is up when it answers
  for _ in $(seq 1 50); do ssh -F "$T/ssh_config" "root@10.$net.$i.2" true 2>/dev/null && break; sleep 0.1; done
done

# A 6 s clip with a keyframe every second (30 frames) and a tone.
cd "$T"
ffmpeg -loglevel error -f lavfi -i testsrc2=size=320x240:rate=30 -f lavfi -i sine=frequency=440:sample_rate=48000 \
  -t 6 -c:v libx264 -g 30 -pix_fmt yuv420p -c:a aac -shortest clip.mp4
curve=(--speed "0:100%, 0.5:40%:smooth, 1:100%" --flow --crf 0)
# TEST_HOSTS_DEBUG='commands': run them on the hosts just set up, instead of the tests.
if [ -n "${TEST_HOSTS_DEBUG:-}" ]; then eval "$TEST_HOSTS_DEBUG"; exit; fi
"$launch" warp clip.mp4 ref.mkv "${curve[@]}" -q
video_pts() { ffprobe -v error -select_streams v -show_entries packet=pts_time -of csv=p=0 "$1" | sort -n; }
frames() { ffmpeg -v error -i "$1" -map "0:$2" -f framemd5 - | grep -v '^#' | cut -d, -f2-; }
same_as_reference() {  # $1: the file, $2: what it is
  [ -s "$1" ] || { fail "$2: no file"; return; }
  if [ "$(video_pts ref.mkv)" = "$(video_pts "$1")" ]; then
    pass "$2: the same $(video_pts ref.mkv | wc -l) video timestamps as the one-machine run"
  else fail "$2: video timestamps differ from the one-machine run"; fi
  if [ "$(frames ref.mkv v)" = "$(frames "$1" v)" ]; then pass "$2: identical decoded frames (--crf 0)"
  else fail "$2: decoded frames differ from the one-machine run"; fi
  if [ "$(frames ref.mkv a)" = "$(frames "$1" a)" ]; then pass "$2: identical decoded audio"
  else fail "$2: the audio differs from the one-machine run"; fi
}
nothing_left() {  # $1: what ran
  local left
  left=$(ls -d .*.chunks-* /root/.gst-warp-chunks-* 2>/dev/null || true)
  if [ -z "$left" ]; then pass "$1: no temporary folder left here or on the hosts"; else fail "$1: left behind: $left"; fi
}

# 1. Over the three hosts: the one-machine run's file; each host ran chunks.
: > calls.log
if "$launch" warp clip.mp4 hosts.mkv "${curve[@]}" --hosts hosts.txt --chunks 3 > run1.log 2>&1; then
  same_as_reference hosts.mkv "3 hosts"
  for i in $(seq 1 "$N"); do
    n=$(grep -c "^$tag-$i warp .*--chunk-span" calls.log || true)
    if [ "$n" -ge 1 ]; then pass "host $i ran $n chunk(s)"; else fail "host $i ran no chunk"; fi
  done
  grep -E '^(Host|Frames|Time):' run1.log | sed 's/^/      /'
else
  fail "3 hosts: exit status $?"; tail -5 run1.log
fi
nothing_left "3 hosts"

# 2. A host killed while it runs a chunk: the chunk runs again elsewhere, the file is complete.
: > calls.log; echo "$tag-2" > victim; rm -f victim-started
"$launch" warp clip.mp4 killed.mkv "${curve[@]}" --hosts hosts.txt --chunks 3 -q > run2.log 2>&1 &
job=$!
for _ in $(seq 1 300); do [ -f victim-started ] && break; sleep 0.1; done
if [ -f victim-started ]; then
  ip netns pids "$tag-2" | xargs -r kill -9
  if wait "$job"; then same_as_reference killed.mkv "host 2 killed mid-chunk"
  else fail "host 2 killed mid-chunk: exit status $?"; tail -5 run2.log; fi
else
  fail "host 2 killed mid-chunk: no chunk started on host 2"; kill "$job" 2>/dev/null || true; wait "$job" || true
fi
rm -f victim victim-started
nothing_left "host 2 killed"
start_sshd 2

# 3. A chunk that fails on every host: tried on several, then a clear error, no file.
: > calls.log
set +e
out=$(GST_WARP_LAUNCH_TEST_FAIL_CHUNK=1 "$launch" warp clip.mp4 failed.mkv "${curve[@]}" --hosts hosts.txt --chunks 3 -q 2>&1)
status=$?
set -e
tried=$(grep -- "--chunk-span 1:" calls.log | cut -d' ' -f1 | sort -u | wc -l)
if [ "$status" -eq 1 ] && grep -q "^error: chunk 2 of 3 .*failed" <<<"$out" && [ ! -e failed.mkv ] && [ "$tried" -ge 2 ]; then
  pass "a chunk failing everywhere: tried on $tried hosts, status 1, no file: $(grep '^error' <<<"$out")"
else
  fail "a chunk failing everywhere: tried on $tried hosts, status $status, $(ls failed.mkv 2>/dev/null) $out"
fi
nothing_left "failing chunk"

# 4. A host with another version: refused before any chunk, naming it.
echo "$tag-3" > old-version
set +e
out=$("$launch" warp clip.mp4 version.mkv "${curve[@]}" --hosts hosts.txt -q 2>&1)
status=$?
set -e
rm -f old-version
if [ "$status" -eq 1 ] && grep -q "10.$net.3.2: gst-warp-launch 0.0.1" <<<"$out" && [ ! -e version.mkv ]; then
  pass "another version on host 3: $out"
else
  fail "another version on host 3: status $status, $out"
fi

# 5. SIGTERM while the hosts work: status 143, nothing written, nothing left here or there.
echo "$tag-1" > victim; rm -f victim-started
"$launch" warp clip.mp4 term.mkv "${curve[@]}" --hosts hosts.txt --chunks 3 -q > run5.log 2>&1 &
job=$!
for _ in $(seq 1 300); do [ -f victim-started ] && break; sleep 0.1; done
kill -TERM "$job"
set +e; wait "$job"; status=$?; set -e
rm -f victim victim-started
if [ "$status" -eq 143 ] && [ ! -e term.mkv ]; then pass "SIGTERM: status 143, no file"; else fail "SIGTERM: status $status"; cat run5.log; fi
nothing_left "SIGTERM"

# 6. The recipes of docs/scale.md (each ```sh block after a "<!-- run by scripts/test-hosts.sh -->"
# line), in a scratch folder holding hosts.txt and three short clips.
mkdir recipes
for name in a b c; do cp clip.mp4 "recipes/$name.mp4"; done
cp hosts.txt recipes/
awk '/<!-- run by scripts\/test-hosts.sh -->/ { armed = 1; next }
     armed && /^```sh$/ { inside = 1; n++; next }
     inside && /^```$/ { inside = 0; armed = 0; next }
     inside { print > (dir "/recipe" n ".sh") }' dir="$T" "$root/docs/scale.md"
count=0
for recipe in "$T"/recipe*.sh; do
  [ -e "$recipe" ] || continue
  count=$((count + 1))
  if (cd recipes && bash -euo pipefail "$recipe") > "$recipe.log" 2>&1; then
    pass "docs/scale.md recipe $count: $(head -1 "$recipe")"
  else
    fail "docs/scale.md recipe $count: $(head -1 "$recipe")"; tail -8 "$recipe.log"
  fi
done
[ "$count" -ge 2 ] || fail "docs/scale.md has $count runnable recipes, expected at least 2"

if [ "$failures" -eq 0 ]; then echo "All warp --hosts tests and docs/scale.md recipes passed."; else echo "$failures hosts test(s) failed"; exit 1; fi
