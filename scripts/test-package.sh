#!/usr/bin/env bash
# make test-package: the .deb on a clean Debian 12. A fresh minbase chroot (debootstrap; the
# pristine tree, debootstrap's downloads and apt's downloads are cached in
# $GST_TIMEWARP_CHROOT_CACHE, default /var/cache/gst-timewarp-chroot, so a rerun downloads
# nothing twice; from nothing it needs only Debian's mirror), then inside it:
#   apt-get install ./gstreamer1.0-timewarp_*.deb      (apt alone brings what it needs)
#   gst-inspect-1.0 videotimewarp                      (the plugin, its version)
#   gst-launch-1.0 ... videotimewarp factor=2 ...      (30 frames in, 60 out)
#   gst-warp-launch warp clip.mkv slow.mkv --speed 0.5 (a 2 s clip made there; 4 s written)
#   gst-warp-launch warp clip.mkv ... --boomerang      (a remap from the package: 4 s written)
#   gst-warp-launch warp ... --flow                    (the flow module with OpenCV, from Recommends)
#   apt-get purge libopencv-video406; --flow refused   (naming the package), plain warp still runs
#   man gst-warp-launch
#   apt-get purge gstreamer1.0-timewarp                (none of its files left)
# The chroot's /proc, /sys, /dev and the apt cache are mounted for the run and always unmounted.
# The base has man-db added to minbase (for `man`; Debian's standard installs have it).
# usage: test-package.sh path/to/gstreamer1.0-timewarp_VERSION_ARCH.deb
set -euo pipefail
deb=$(realpath "${1:?usage: test-package.sh path/to/package.deb}")
[ "$(id -u)" = 0 ] || { echo "test-package.sh: needs root (debootstrap, chroot, mount)"; exit 1; }
cache=${GST_TIMEWARP_CHROOT_CACHE:-/var/cache/gst-timewarp-chroot}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
security=${DEBIAN_SECURITY_MIRROR:-http://deb.debian.org/debian-security}
suite=bookworm
start=$SECONDS
phase() { echo "== $1 ($((SECONDS - start)) s)"; }
fail() { echo "FAIL: $*"; exit 1; }

mkdir -p "$cache/debootstrap" "$cache/archives/partial"
exec 9>"$cache/lock"
flock 9   # one run at a time uses the cache
base="$cache/$suite-minbase"
if [ ! -f "$base/.complete" ]; then
  phase "debootstrap $suite minbase into $base (once; cached after)"
  rm -rf "$base"
  debootstrap --variant=minbase --include=man-db --cache-dir="$cache/debootstrap" "$suite" "$base" "$mirror" \
    > "$cache/debootstrap.log" 2>&1 || { tail -20 "$cache/debootstrap.log"; fail "debootstrap"; }
  cat > "$base/etc/apt/sources.list" <<SOURCES
deb $mirror $suite main
deb $mirror $suite-updates main
deb $security $suite-security main
SOURCES
  printf '#!/bin/sh\nexit 101\n' > "$base/usr/sbin/policy-rc.d"   # no services start in the chroot
  chmod 755 "$base/usr/sbin/policy-rc.d"
  rm -f "$base"/var/cache/apt/archives/*.deb
  touch "$base/.complete"
fi

phase "fresh copy of the base"
work=$(mktemp -d /var/tmp/gst-timewarp-package-test.XXXXXX)
root="$work/root"
mounted=()
cleanup() {
  local status=$?
  for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do umount -l "${mounted[i]}" 2>/dev/null || true; done
  # Never remove a tree that still has something mounted in it (/dev is bound there).
  if grep -q " $work/" /proc/mounts; then
    echo "test-package.sh: mounts left under $work, not removing it:"; grep " $work/" /proc/mounts
  else
    rm -rf "$work"
  fi
  exit $status
}
trap cleanup EXIT
trap 'exit 130' INT TERM
cp -a "$base" "$root"
bind() { mount "$@"; mounted+=("${@: -1}"); }
bind -t proc proc "$root/proc"
bind -t sysfs sysfs "$root/sys"
bind --bind /dev "$root/dev"
bind --bind /dev/pts "$root/dev/pts"
bind --bind "$cache/archives" "$root/var/cache/apt/archives"
cp "$deb" "$root/tmp/"
cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
inside() {
  chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
    DEBIAN_FRONTEND=noninteractive /bin/bash -euo pipefail -c "$1"
}
name=$(basename "$deb")
pkg=$(dpkg-deb -f "$deb" Package); version=$(dpkg-deb -f "$deb" Version)

phase "apt-get update"
inside "apt-get update -qq"
phase "apt-get install ./$name"
inside "cd /tmp && apt-get install -y -q ./$name" > "$work/install.log" 2>&1 || { tail -30 "$work/install.log"; fail "apt-get install ./$name"; }
grep -E "^(Need to get|After this operation)" "$work/install.log" || true
inside "dpkg -L $pkg" > "$work/files"

phase "gst-inspect-1.0 videotimewarp"
out=$(inside "gst-inspect-1.0 videotimewarp")
grep -q "Factory Details" <<<"$out" || fail "gst-inspect-1.0 does not find videotimewarp: $out"
grep -qE "^ +Version +$version\$" <<<"$out" || fail "the plugin's version is not $version: $(grep Version <<<"$out")"
inside "gst-inspect-1.0 -b" | grep -q "^  " && fail "the registry blacklists a file: $(inside 'gst-inspect-1.0 -b')"
echo "videotimewarp found, version $version, nothing blacklisted"

phase "gst-launch-1.0 videotestsrc num-buffers=30 ! videotimewarp factor=2 ! fakesink"
out=$(inside "gst-launch-1.0 -v videotestsrc num-buffers=30 ! video/x-raw,framerate=30/1,width=160,height=120 ! videotimewarp factor=2 ! fakesink silent=false")
frames=$(grep -c "last-message = chain" <<<"$out" || true)
last=$(grep "last-message = chain" <<<"$out" | tail -1 | sed -n 's/.*pts: \([0-9:.]*\),.*/\1/p')
[ "$frames" = 60 ] || fail "30 frames at factor 2 gave $frames frames, not 60"
[ "$last" = "0:00:01.966666666" ] || fail "the last frame is at $last, not 0:00:01.966666666"
echo "30 frames in, 60 out, the last at $last"

phase "gst-warp-launch warp on a clip made here"
inside "gst-launch-1.0 -q -e videotestsrc num-buffers=60 pattern=ball ! video/x-raw,format=I420,width=320,height=240,framerate=30/1 \
  ! x264enc ! h264parse ! queue ! matroskamux name=m ! filesink location=/tmp/clip.mkv \
  audiotestsrc num-buffers=96 samplesperbuffer=1000 ! audio/x-raw,rate=48000 ! opusenc ! queue ! m."
# Frames and the last one's time of a written file's video, decoded (independent of the tool).
video_end() {
  inside "gst-launch-1.0 -v filesrc location=$1 ! decodebin ! video/x-raw ! fakesink silent=false" \
    | grep "last-message = chain" | sed -n 's/.*pts: \([0-9:.]*\), duration: \([0-9:.]*\),.*/\1 \2/p' \
    | awk '{ split($1, p, ":"); split($2, d, ":"); n++; e = p[1]*3600 + p[2]*60 + p[3] + d[1]*3600 + d[2]*60 + d[3] }
           END { printf "%d %.3f\n", n, e }'
}
read -r n end < <(video_end /tmp/clip.mkv)
echo "clip: $n frames, video ends at $end s"
inside "gst-warp-launch warp /tmp/clip.mkv /tmp/slow.mkv --speed 0.5"
read -r n end < <(video_end /tmp/slow.mkv)
echo "warped at --speed 0.5: $n frames, video ends at $end s"
# (Opus's last frame may run a few ms past 2 s: the tool warps over the longest stream, so one
# more frame may close the video.)
case "$n" in 120|121) ;; *) fail "--speed 0.5 of 60 frames wrote $n frames, not 120";; esac
awk -v e="$end" 'BEGIN { exit !(e > 3.99 && e < 4.05) }' || fail "--speed 0.5 of 2 s wrote $end s, not 4 s"
# A remap from the installed package: the 2 s clip forwards then backwards is 4 s (p(τ) = τ, then
# 2D - τ), frames up then down.
inside "gst-warp-launch warp /tmp/clip.mkv /tmp/boomerang.mkv --boomerang"
read -r n end < <(video_end /tmp/boomerang.mkv)
echo "warped with --boomerang: $n frames, video ends at $end s"
case "$n" in 120|121|122) ;; *) fail "--boomerang of 60 frames wrote $n frames, not 120";; esac
awk -v e="$end" 'BEGIN { exit !(e > 3.99 && e < 4.08) }' || fail "--boomerang of 2 s wrote $end s, not 4 s"
inside "ldd /usr/bin/gst-warp-launch" | grep -i opencv && fail "gst-warp-launch links OpenCV"

phase "--flow with OpenCV (installed as recommended), then without"
inside "gst-warp-launch warp /tmp/clip.mkv /tmp/flow.mkv --speed 0.5 --flow -q"
read -r n end < <(video_end /tmp/flow.mkv)
case "$n" in 120|121) ;; *) fail "--flow wrote $n frames, not 120";; esac
echo "--flow: $n frames, video ends at $end s"
opencv=$(inside "dpkg-query -W -f='\${Package}\n' 'libopencv-video[0-9]*'" | head -1)
[ -n "$opencv" ] || fail "OpenCV's video library was not installed with the package's Recommends"
inside "apt-get purge -y -q $opencv" > "$work/purge-opencv.log" 2>&1 || { tail "$work/purge-opencv.log"; fail "apt-get purge $opencv"; }
inside "dpkg-query -W -f='\${Status}' $pkg" | grep -q "install ok installed" || fail "purging $opencv removed $pkg"
set +e
out=$(inside "gst-warp-launch warp /tmp/clip.mkv /tmp/flow2.mkv --speed 0.5 --flow" 2>&1); status=$?
set -e
[ "$status" = 1 ] || fail "--flow without $opencv exited $status, not 1: $out"
grep -q "(Debian: $opencv)" <<<"$out" || fail "--flow without $opencv does not name it: $out"
inside "test ! -e /tmp/flow2.mkv" || fail "--flow refused but wrote a file"
echo "refused: $out"
inside "gst-warp-launch warp /tmp/clip.mkv /tmp/slow2.mkv --speed 0.5 -q"
echo "without $opencv gst-warp-launch still warps"

phase "man gst-warp-launch"
out=$(inside "MANWIDTH=80 man gst-warp-launch 2>&1")
grep -q "gst-warp-launch.*Variably speed up or slow down" <<<"$out" || fail "man gst-warp-launch: $(head -5 <<<"$out")"
head -6 <<<"$out"

phase "apt-get purge $pkg"
inside "apt-get purge -y -q $pkg" > "$work/purge.log" 2>&1 || { tail "$work/purge.log"; fail "apt-get purge $pkg"; }
inside "dpkg-query -W $pkg" 2>/dev/null && fail "$pkg is still known to dpkg after the purge"
left=()
while read -r f; do
  [ "$f" = "/." ] && continue
  if [ -d "$root$f" ] && [ ! -L "$root$f" ]; then
    # a folder may stay when other packages share it, never one only the package made
    case "$f" in */gst-timewarp|*/doc/$pkg|*/doc/$pkg/docs) left+=("$f");; esac
  elif [ -e "$root$f" ] || [ -L "$root$f" ]; then
    left+=("$f")
  fi
done < "$work/files"
[ ${#left[@]} = 0 ] || fail "left after the purge: ${left[*]}"
echo "purged: none of the $(wc -l < "$work/files") paths of $pkg is left"
phase "package test passed"
