#!/usr/bin/env bash
# Installs the Debian packages the build, tests, demo, benchmark and README examples need, when
# missing: gstreamer1.0-x holds timeoverlay/textoverlay (the demo clip), gstreamer1.0-plugins-base-apps
# gst-play-1.0 and gst-discoverer-1.0 (what the demo suggests; the CLI tests read frame rates with it);
# ffmpeg for ffprobe, the independent reader of codecs and keyframes in the CLI tests.
# time: /usr/bin/time -v, the peak RSS of warp --reverse in make bench.
# GES (gir1.2-ges-1.0, libges-1.0-dev for the C helper in examples/c, ges1.0-tools) for the GES tests.
# libopencv-video-dev: OpenCV's optical flow (DIS) for videotimewarp frame-mode=flow.
# parallel, openssh-server, openssh-client, rsync, iproute2: `warp --hosts` runs its chunks with GNU
# parallel over ssh (rsync sends the input and brings the parts back); scripts/test-hosts.sh makes
# its hosts as network namespaces (ip netns), each with its own sshd.
# `install-deps.sh package` adds what make deb and make test-package need: dpkg-dev
# (dpkg-shlibdeps), binutils (strip, objcopy), chrpath (the build's $ORIGIN run path out), lintian,
# debootstrap.
# `install-deps.sh pitch-quality` adds what make pitch-quality's anchors and metrics need:
# rubberband-cli (Rubber Band R3 and R2), python3-numpy (the metrics), espeak-ng (the speech clip).
set -euo pipefail
packages=()
if [ "${1:-}" = package ]; then
  packages=(dpkg-dev binutils chrpath lintian debootstrap)
elif [ "${1:-}" = pitch-quality ]; then
  packages=(rubberband-cli python3-numpy espeak-ng)
else packages=(
  pkg-config
  libgstreamer1.0-dev libgstreamer-plugins-base1.0-dev libglib2.0-dev
  gstreamer1.0-tools gstreamer1.0-plugins-base gstreamer1.0-plugins-base-apps gstreamer1.0-x
  gstreamer1.0-plugins-good
  gstreamer1.0-plugins-bad gstreamer1.0-plugins-ugly gstreamer1.0-libav
  python3-gst-1.0 gir1.2-gstreamer-1.0 gir1.2-gst-plugins-base-1.0
  ffmpeg time
  gir1.2-ges-1.0 libges-1.0-dev ges1.0-tools
  libopencv-video-dev
  parallel openssh-server openssh-client rsync iproute2
)
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
# One line for the install step; apt's own output goes to a log file, whose tail is shown when
# the install fails (DEPS_LOG to put it elsewhere).
log="${DEPS_LOG:-$(cd "$(dirname "$0")/.." && pwd)/.build/install-deps.log}"
mkdir -p "$(dirname "$log")"
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
printf 'Installing %d missing Debian packages (apt log: %s) ... ' "${#missing[@]}" "$log"
if { echo "missing: ${missing[*]}"
     $sudo apt-get update -qq && $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"; } >"$log" 2>&1; then
  echo "done"
else
  status=$?
  echo "failed (exit $status)"
  echo "Missing packages: ${missing[*]}" >&2
  echo "Last lines of $log:" >&2
  tail -n 25 "$log" >&2
  exit "$status"
fi
