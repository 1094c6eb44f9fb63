#!/usr/bin/env bash
# Turns a staged `make install DESTDIR=WORK/debian/gstreamer1.0-timewarp PREFIX=/usr` into the Debian package
# gstreamer1.0-timewarp_<version>_<arch>.deb:
# - the three binaries stripped as dh_strip does (their $ORIGIN run path, which SwiftPM adds,
#   removed), their debug information kept apart by build ID in <deb name>.debug.tar.xz beside it
#   (unpacked in /, gdb finds it under /usr/lib/debug/.build-id);
# - /usr/share/doc/gstreamer1.0-timewarp: the machine-readable copyright (DEP-5), changelog.gz made
#   from CHANGELOG.md, README and docs compressed as Debian policy asks (LICENSE's text is in
#   /usr/share/common-licenses);
# - the man page compressed;
# - the control file: Depends computed by dpkg-shlibdeps from the tool and the plugin, plus
#   gstreamer1.0-plugins-base and -good; Recommends: what the tool's encoders, demuxers and
#   decoders come from (-bad, -ugly, -libav), gstreamer1.0-tools (gst-launch-1.0 and gst-inspect-1.0,
#   which the man page and docs use), and what dpkg-shlibdeps finds for the flow module (OpenCV's
#   video library and what it needs), which the plugin and the tool load only for frame-mode=flow;
# then lintian, which must report no error.
# usage: make-deb.sh WORK VERSION ARCH MULTIARCH OUT.deb
set -euo pipefail
work=${1:?usage: make-deb.sh WORK VERSION ARCH MULTIARCH OUT.deb}; version=${2:?}; arch=${3:?}
multiarch=${4:?}; deb=${5:?}
src=$(cd "$(dirname "$0")/.." && pwd)
pkg=gstreamer1.0-timewarp
maintainer=${DEB_MAINTAINER:-gst-timewarp developers <gst-timewarp@users.noreply.github.com>}
homepage=https://github.com/gst-timewarp/gst-timewarp
root="$work/debian/$pkg"
[ -x "$root/usr/bin/gst-warp-launch" ] || { echo "make-deb.sh: no staged install in $root"; exit 1; }
mkdir -p "$(dirname "$deb")"
deb=$(cd "$(dirname "$deb")" && pwd)/$(basename "$deb")
debug_tar="${deb%.deb}.debug.tar.xz"

tool=usr/bin/gst-warp-launch
plugin=usr/lib/$multiarch/gstreamer-1.0/libgsttimewarp.so
module=usr/lib/$multiarch/gst-timewarp/libtimewarpflow.so.0

# Binaries: debug information apart, stripped, no run path.
rm -rf "$work/debug"
for f in "$tool" "$plugin" "$module"; do
  before=$(stat -c %s "$root/$f")
  id=$(readelf -n "$root/$f" | sed -n 's/.*Build ID: *\([0-9a-f]*\).*/\1/p' | head -1)
  if [ -n "$id" ]; then
    d="$work/debug/usr/lib/debug/.build-id/${id:0:2}"
    mkdir -p "$d"
    objcopy --only-keep-debug --compress-debug-sections "$root/$f" "$d/${id:2}.debug"
    chmod 644 "$d/${id:2}.debug"
  fi
  if [ "$f" = "$tool" ]; then
    strip --remove-section=.comment --remove-section=.note "$root/$f"
  else
    strip --remove-section=.comment --remove-section=.note --strip-unneeded "$root/$f"
  fi
  if readelf -d "$root/$f" | grep -qE 'RUNPATH|RPATH'; then chrpath -d "$root/$f" >/dev/null; fi
  echo "stripped $f: $before -> $(stat -c %s "$root/$f") bytes"
done
if [ -d "$work/debug" ]; then
  tar -C "$work/debug" --owner=0 --group=0 --sort=name -cJf "$debug_tar" usr
fi

# Documentation as Debian has it.
doc="$root/usr/share/doc/$pkg"
rm -f "$doc/LICENSE" "$doc/CHANGELOG.md"
python3 - "$src/CHANGELOG.md" "$pkg" "$maintainer" > "$doc/changelog" <<'PY'
# CHANGELOG.md (## VERSION (YYYY-MM-DD) headings, paragraphs and "- " items) as a Debian changelog.
import re, sys, textwrap, datetime
text, pkg, maintainer = open(sys.argv[1]).read(), sys.argv[2], sys.argv[3]
sections = re.split(r"^## ", text, flags=re.M)[1:]
dates = [m.group(1) if (m := re.match(r"\S+ \((\d{4}-\d{2}-\d{2})\)", section)) else "" for section in sections]
for index, section in enumerate(sections):
    head, _, body = section.partition("\n")
    m = re.match(r"(\S+) \((\d{4}-\d{2}-\d{2})\)", head)
    if not m:
        sys.exit(f"CHANGELOG.md: heading '## {head}' is not '## VERSION (YYYY-MM-DD)'")
    version, date = m.groups()
    items, current = [], None
    for line in body.splitlines():
        if not line.strip():
            current = None
        elif line.startswith("- ") or current is None:
            current = [line[2:] if line.startswith("- ") else line]
            items.append(current)
        else:
            current.append(line.strip())
    print(f"{pkg} ({version}) unstable; urgency=medium\n")
    for item in items:
        words = " ".join(" ".join(item).split()).replace("`", "")
        print("\n".join(textwrap.wrap(words, 76, initial_indent="  * ", subsequent_indent="    ")))
    # Noon UTC, an hour later for each older entry of the same day (newest first), so each
    # entry is dated after the one before it, as lintian wants.
    same_day_before = dates[index + 1:].count(date)
    day = datetime.datetime.strptime(date, "%Y-%m-%d").replace(hour=12 + min(same_day_before, 11),
                                                                tzinfo=datetime.timezone.utc)
    print(f"\n -- {maintainer}  {day.strftime('%a, %d %b %Y %H:%M:%S +0000')}\n")
PY
sed -i '$ d' "$doc/changelog"
year=$(sed -n 's/^## [^ ]* (\([0-9]\{4\}\).*/\1/p' "$src/CHANGELOG.md" | sort | sed -n '1p;$p' | uniq | paste -sd-)
cat > "$doc/copyright" <<COPYRIGHT
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: gst-timewarp
Upstream-Contact: $maintainer
Source: $homepage

Files: *
Copyright: $year the gst-timewarp developers
License: LGPL-2.1+
Comment: The binaries also hold, linked statically, the Swift standard library and runtime
 (Copyright 2014-2025 Apple Inc. and the Swift project authors; Apache-2.0 with the Runtime Library
 Exception) and swift-argument-parser in gst-warp-launch (Copyright 2020 Apple Inc. and the Swift
 project authors; Apache-2.0 with the Runtime Library Exception).

License: LGPL-2.1+
 This library is free software; you can redistribute it and/or modify it under the terms of the
 GNU Lesser General Public License as published by the Free Software Foundation; either version
 2.1 of the License, or (at your option) any later version.
 .
 This library is distributed in the hope that it will be useful, but WITHOUT ANY WARRANTY;
 without even the implied warranty of MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE. See
 the GNU Lesser General Public License for more details.
 .
 On Debian systems, the complete text of the GNU Lesser General Public License version 2.1 can
 be found in "/usr/share/common-licenses/LGPL-2.1".
COPYRIGHT
find "$doc" -type f ! -name copyright \( -name changelog -o -size +4k \) -exec gzip -9n {} +
gzip -9n "$root/usr/share/man/man1/gst-warp-launch.1"

# Modes as dpkg expects them (the staging umask does not matter).
find "$root" -type d -exec chmod 755 {} +
find "$root" -type f -exec chmod 644 {} +
chmod 755 "$root/$tool"

# Dependencies: dpkg-shlibdeps reads debian/control in WORK, where the staged tree is debian/<package>
# (it knows the package's root by its DEBIAN folder).
mkdir -p "$root/DEBIAN"
printf 'Source: %s\nMaintainer: %s\n\nPackage: %s\nArchitecture: any\n' "$pkg" "$maintainer" "$pkg" \
  > "$work/debian/control"
substvars=$(cd "$work" && dpkg-shlibdeps -O -dDepends "debian/$pkg/$tool" "debian/$pkg/$plugin" \
  -dRecommends "debian/$pkg/$module" 2>"$work/shlibdeps-warnings")
# (It says the plugin and the tool need not link libgstbase: SwiftPM links every library of the
# module map; harmless, the package depends on GStreamer's base libraries anyway.)
grep -v "could avoid a useless dependency\|were not linked against" "$work/shlibdeps-warnings" >&2 || true
shlibs_depends=$(sed -n 's/^shlibs:Depends=//p' <<<"$substvars")
shlibs_recommends=$(sed -n 's/^shlibs:Recommends=//p' <<<"$substvars")
[ -n "$shlibs_depends" ] || { echo "make-deb.sh: dpkg-shlibdeps found no dependency"; exit 1; }

(cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum) > "$root/DEBIAN/md5sums"
chmod 644 "$root/DEBIAN/md5sums"
installed=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
cat > "$root/DEBIAN/control" <<CONTROL
Package: $pkg
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $installed
Depends: $shlibs_depends, gstreamer1.0-plugins-base, gstreamer1.0-plugins-good
Recommends: gstreamer1.0-plugins-bad, gstreamer1.0-plugins-ugly, gstreamer1.0-libav, gstreamer1.0-tools${shlibs_recommends:+, $shlibs_recommends}
Section: video
Priority: optional
Homepage: $homepage
Description: GStreamer elements that vary playback speed along the timeline
 The timewarp plugin's elements videotimewarp, audiotimewarp and texttimewarp
 re-time video frames, audio samples and subtitle cues with one time map: a
 constant factor, built-in ramps, keyframe curves or expressions, changed live
 or with GstController, with seeks, reverse playback, frame blending, optical
 flow and pitch-preserving audio.
 .
 gst-warp-launch runs gst-launch-1.0 pipelines with the elements built in and
 warps whole media files (every stream kept) from the command line.
 .
 frame-mode=flow loads OpenCV's video library when a stream first needs it;
 without it the plugin and the tool work in every other mode.
CONTROL
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >/dev/null
echo "package: $deb ($(stat -c %s "$deb") bytes, installed size $installed KiB)"
[ -f "$debug_tar" ] && echo "debug information: $debug_tar ($(stat -c %s "$debug_tar") bytes)"
dpkg-deb -f "$deb" Depends Recommends

if command -v lintian >/dev/null; then
  echo "lintian:"
  lintian --fail-on error "$deb" | tee "$work/lintian.txt" || { echo "FAIL: lintian reports errors"; exit 1; }
  echo "lintian: no errors, $(grep -c '^W:' "$work/lintian.txt" || true) warnings"
fi
