#!/usr/bin/env bash
# `make test-debian13`: builds the project from source on Debian 13 (trixie, GStreamer 1.26, OpenCV
# 4.10) in a debootstrap chroot and runs the whole test suite there (`make test`).
#  - The chroot is kept in $TIMEWARP_TRIXIE_CACHE (default /var/cache/gst-timewarp-trixie), outside
#    the repository, so that a rerun skips debootstrap and the package installs; from nothing it is
#    made here (debootstrap --variant=minbase, then the packages of scripts/install-deps.sh, which
#    runs inside the chroot with Debian 13's names). The network is needed for Debian's packages only.
#  - The Swift toolchain is the host's, bind-mounted read-only at the same place (/opt/swift).
#  - The source is `git archive HEAD` of this repository, unpacked anew at /work/gst-timewarp in
#    the chroot: committed work only, and nothing of the host's .build. ../shared (the real clips)
#    is bind-mounted read-only at /work/shared when it exists; the tests that need it skip otherwise.
#  - Every mount is made in a private mount namespace (unshare) and unmounted by a trap on exit,
#    INT, TERM and HUP; the namespace takes whatever is left with it, even after a kill -9.
# Usage: scripts/test-debian13.sh [COMMAND...]   (default: make test; e.g. `bash` for a shell there)
# Environment: TIMEWARP_TRIXIE_CACHE, DEBIAN_MIRROR (default http://deb.debian.org/debian),
#   KEEP_BUILD=1 keeps the chroot's previous .build (faster reruns while working on a fix),
#   SOURCE=worktree takes the work tree's files as they are (tracked and new, not ignored) instead
#   of HEAD.
# (The body is one block, read whole before it runs: editing this file during a run is safe.)
{
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
cache=${TIMEWARP_TRIXIE_CACHE:-/var/cache/gst-timewarp-trixie}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
swift_dir=${SWIFT_DIR:-/opt/swift}
root=$cache/rootfs
src=/work/gst-timewarp

if [ "$(id -u)" -ne 0 ]; then
  exec sudo --preserve-env=TIMEWARP_TRIXIE_CACHE,DEBIAN_MIRROR,KEEP_BUILD,SOURCE,SWIFT_DIR,CI "$0" "$@"
fi
if [ -z "${TIMEWARP_IN_NAMESPACE:-}" ]; then
  for tool in debootstrap unshare chroot git flock; do
    command -v "$tool" >/dev/null || { echo "test-debian13: $tool is missing (apt-get install debootstrap util-linux git)"; exit 1; }
  done
  [ -x "$swift_dir/usr/bin/swift" ] || { echo "test-debian13: no Swift toolchain at $swift_dir"; exit 1; }
  mkdir -p "$cache"
  exec 9>"$cache/lock"
  flock -n 9 || { echo "test-debian13: waiting for another run on $cache"; flock 9; }
  TIMEWARP_IN_NAMESPACE=1 exec unshare --mount --propagation private "$0" "$@"
fi

started=$SECONDS
phase() { printf '== test-debian13 [%4ds] %s\n' $((SECONDS - started)) "$*"; }

mounted=()
child=""
cleanup() {
  local status=$? i
  # The command in the chroot (its own session: the whole tree) ends before the unmounts.
  if [ -n "$child" ] && kill -0 "$child" 2>/dev/null; then
    kill -TERM -- "-$child" 2>/dev/null || true
    for i in $(seq 50); do kill -0 "$child" 2>/dev/null || break; sleep 0.1; done
    kill -KILL -- "-$child" 2>/dev/null || true
    wait "$child" 2>/dev/null || true
  fi
  for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do
    umount "${mounted[i]}" 2>/dev/null || umount -l "${mounted[i]}" 2>/dev/null || true
  done
  mounted=()
  return $status
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP
mnt() {  # mnt TARGET MOUNT-ARGS...
  local target=$1; shift
  mkdir -p "$target"
  mount "$@" "$target"
  mounted+=("$target")
}

# 1. The Debian 13 base system, once.
if [ ! -e "$root/.debootstrap-complete" ]; then
  if [ -d "$root" ] && grep -q " $root/" /proc/mounts; then
    echo "test-debian13: something is still mounted under $root; not removing it"; exit 1
  fi
  phase "debootstrap trixie into $root (from nothing: a few minutes)"
  rm -rf "$root"
  mkdir -p "$cache/archives"
  debootstrap --variant=minbase --cache-dir="$cache/archives" \
    --keyring=/usr/share/keyrings/debian-archive-keyring.gpg trixie "$root" "$mirror" \
    > "$cache/debootstrap.log" 2>&1 || { tail -30 "$cache/debootstrap.log"; exit 1; }
  touch "$root/.debootstrap-complete"
fi

# 2. Mounts: the kernel's file systems, the toolchain, the real clips, the source.
mnt "$root/proc" -t proc proc
mnt "$root/sys" -t sysfs sysfs
mnt "$root/dev" --bind /dev
mnt "$root/dev/pts" -t devpts devpts -o newinstance,ptmxmode=0666
mnt "$root/dev/shm" -t tmpfs tmpfs
mnt "$root/tmp" -t tmpfs tmpfs -o size=8g
mnt "$root$swift_dir" --bind "$swift_dir"
mount -o remount,bind,ro "$root$swift_dir"
if [ -d "$repo/../shared" ]; then
  mnt "$root/work/shared" --bind "$repo/../shared"
  mount -o remount,bind,ro "$root/work/shared"
fi
# A machine that serves Swift packages from a local mirror (git's url.*.insteadOf in the system
# config) gets the same in the chroot, with the mirror bind-mounted read-only.
: > "$root/etc/gitconfig"
while read -r key value; do
  git config --file "$root/etc/gitconfig" --add "$key" "$value"
  dir=${key#url.}; dir=${dir%.insteadof}; dir=${dir%/}
  if [[ $dir == /* ]] && [ -d "$dir" ]; then
    if ! grep -q " $root$dir " /proc/mounts; then
      mnt "$root$dir" --bind "$dir"; mount -o remount,bind,ro "$root$dir"
    fi
  fi
done < <(git config --system --get-regexp '^url\.' 2>/dev/null || true)
cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true

# The hosts of scripts/test-hosts.sh are network namespaces, which `ip netns` cannot make inside a
# chroot (it remounts /): make test on the machine itself runs them.
hosts_skip="in the Debian 13 chroot, where ip netns cannot remount /; make test on the machine runs it"
in_chroot() {
  env -i HOME=/root LANG=C.UTF-8 TERM="${TERM:-dumb}" ${CI:+CI=$CI} DEBIAN_FRONTEND=noninteractive \
    TIMEWARP_TEST_HOSTS_SKIP="$hosts_skip" \
    PATH="$swift_dir/usr/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
    chroot "$root" "$@"
}

# 3. What the Swift toolchain needs (its Debian 12 list with Debian 13's names), then the project's
#    own packages through scripts/install-deps.sh, run inside (it installs only what is missing).
toolchain=(build-essential make git ca-certificates binutils libc6-dev libcurl4-openssl-dev libedit2
           libsqlite3-0 libxml2-dev libncurses-dev zlib1g-dev libpython3-dev tzdata unzip
           dbus-user-session python3)
stamp="$root/.toolchain-packages"
if [ "$(cat "$stamp" 2>/dev/null)" != "${toolchain[*]}" ]; then
  phase "apt-get install the toolchain's packages in the chroot"
  printf 'deb %s trixie main\ndeb %s trixie-updates main\ndeb http://deb.debian.org/debian-security trixie-security main\n' \
    "$mirror" "$mirror" > "$root/etc/apt/sources.list"
  in_chroot apt-get update -qq
  # dbus-user-session before GStreamer's packages (their dbus dependency otherwise pulls dbus-x11).
  in_chroot apt-get install -y -qq --no-install-recommends dbus-user-session > /dev/null
  in_chroot apt-get install -y -qq --no-install-recommends "${toolchain[@]}" > /dev/null
  echo "${toolchain[*]}" > "$stamp"
fi

# 4. The source: HEAD, unpacked anew.
phase "source: ${SOURCE:-HEAD} ($(git -C "$repo" rev-parse --short HEAD)) into $root$src"
build_keep=""
if [ "${KEEP_BUILD:-}" = 1 ] && [ -d "$root$src/.build" ]; then
  build_keep="$root/work/.build-kept"; rm -rf "$build_keep"; mv "$root$src/.build" "$build_keep"
fi
rm -rf "$root$src"; mkdir -p "$root$src"
if [ "${SOURCE:-HEAD}" = worktree ]; then
  (cd "$repo" && git ls-files -z --cached --others --exclude-standard \
     | tar -c --null --ignore-failed-read -T - -f - 2>/dev/null) | tar -x -C "$root$src"
else
  git -C "$repo" archive --format=tar HEAD | tar -x -C "$root$src"
fi
[ -z "$build_keep" ] || mv "$build_keep" "$root$src/.build"

phase "packages of scripts/install-deps.sh (Debian 13 names)"
in_chroot bash -c "cd $src && scripts/install-deps.sh" > "$cache/install-deps.log" 2>&1 \
  || { tail -40 "$cache/install-deps.log"; exit 1; }
in_chroot bash -c 'echo "GStreamer $(gst-launch-1.0 --version | sed -n "s/.*version //p" | head -1), OpenCV $(dpkg-query -W -f="\${Version}" libopencv-video-dev), $(swift --version 2>&1 | head -1)"'

# 5. The suite (or the command given).
if [ $# -eq 0 ]; then set -- make test; fi
phase "run in the chroot: $*"
status=0
if [ -t 0 ]; then
  # At a terminal (a shell there, say): in the foreground, where Ctrl-C reaches it.
  in_chroot bash -c 'cd "$0" && exec "$@"' "$src" "$@" || status=$?
else
  # In the background and in a session of its own, so that a signal reaches the trap at once
  # (bash runs traps only between commands, and `wait` is one) and the trap ends the whole tree.
  setsid -w env -i HOME=/root LANG=C.UTF-8 TERM="${TERM:-dumb}" ${CI:+CI=$CI} DEBIAN_FRONTEND=noninteractive \
    TIMEWARP_TEST_HOSTS_SKIP="$hosts_skip" \
    PATH="$swift_dir/usr/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
    chroot "$root" bash -c 'cd "$0" && exec "$@"' "$src" "$@" &
  child=$!
  wait "$child" || status=$?
  child=""
fi
phase "done: exit $status"
exit $status
}
