#!/usr/bin/env bash
# Checks that the built plugin loads from a plugin directory with nothing else installed:
# no dynamic Swift runtime dependency, no OpenCV, and gst-inspect-1.0 finds the three elements.
# Then frame-mode=flow: without the flow module it warns and blends; with the module beside the
# plugin (libtimewarpflow.so.0, as earlier installs put it) or in the private folder beside
# GStreamer's (<libdir>/gst-timewarp, as make install and the package put it), it runs without a
# warning, and the registry lists no blacklisted file.
# Then gst-warp-launch: it links neither OpenCV nor the Swift runtime dynamically; installed as
# <prefix>/bin beside <prefix>/lib/<multiarch>/gst-timewarp it runs frame-mode=flow; where the
# module's OpenCV is missing `warp --flow` is refused up front, naming Debian's package.
set -euo pipefail
plugin="${1:?usage: check-plugin.sh path/to/libgsttimewarp.so [path/to/libtimewarpflow.so [path/to/gst-warp-launch]]}"
module="${2:-$(dirname "$plugin")/libtimewarpflow.so}"
tool="${3:-$(dirname "$plugin")/gst-warp-launch}"
multiarch=$(gcc -print-multiarch 2>/dev/null || echo x86_64-linux-gnu)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cp "$plugin" "$dir/"
if ldd "$dir/libgsttimewarp.so" | grep -qi swift; then
  echo "FAIL: libgsttimewarp.so links the Swift runtime dynamically:"; ldd "$dir/libgsttimewarp.so" | grep -i swift
  exit 1
fi
if ldd "$dir/libgsttimewarp.so" | grep -qi opencv; then
  echo "FAIL: libgsttimewarp.so links OpenCV (only the flow module may):"; ldd "$dir/libgsttimewarp.so" | grep -i opencv
  exit 1
fi
export GST_REGISTRY="$dir/registry.bin" GST_PLUGIN_PATH="$dir"
out=$(gst-inspect-1.0 timewarp)
for element in videotimewarp audiotimewarp texttimewarp; do
  grep -q "$element" <<<"$out" || { echo "FAIL: $element not found in the plugin"; exit 1; }
done
grep -qE 'Version +[0-9]+\.[0-9]+\.[0-9]+' <<<"$out" || { echo "FAIL: plugin version is not x.y.z"; exit 1; }
echo "plugin check: libgsttimewarp.so loads from $dir with its three elements"

flow="videotestsrc num-buffers=12 pattern=ball ! video/x-raw,format=I420,width=160,height=120,framerate=10/1"
flow="$flow ! videotimewarp factor=3 frame-mode=flow ! video/x-raw,framerate=30/1 ! fakesink"
out=$(GST_TIMEWARP_FLOW_MODULE= gst-launch-1.0 $flow 2>&1) || { echo "FAIL: frame-mode=flow without the flow module:"; echo "$out"; exit 1; }
grep -q "needs the flow module libtimewarpflow.so.0" <<<"$out" || {
  echo "FAIL: frame-mode=flow without the flow module does not say so:"; echo "$out"; exit 1; }
cp "$module" "$dir/libtimewarpflow.so.0"
out=$(GST_TIMEWARP_FLOW_MODULE= gst-launch-1.0 $flow 2>&1) || { echo "FAIL: frame-mode=flow with the flow module:"; echo "$out"; exit 1; }
if grep -q WARNING <<<"$out"; then echo "FAIL: frame-mode=flow with the flow module beside the plugin warns:"; echo "$out"; exit 1; fi
blacklisted=$(gst-inspect-1.0 -b | grep -c '^  ' || true)
[ "$blacklisted" = 0 ] || { echo "FAIL: the registry blacklists files in $dir:"; gst-inspect-1.0 -b; exit 1; }
echo "plugin check: frame-mode=flow warns and blends without libtimewarpflow.so.0, and runs with it beside the plugin"

# The private folder, as the package installs it: <libdir>/gstreamer-1.0 and <libdir>/gst-timewarp.
lib="$dir/usr/lib/$multiarch"
mkdir -p "$lib/gstreamer-1.0" "$lib/gst-timewarp" "$dir/usr/bin"
cp "$plugin" "$lib/gstreamer-1.0/"
cp "$module" "$lib/gst-timewarp/libtimewarpflow.so.0"
out=$(GST_TIMEWARP_FLOW_MODULE= GST_PLUGIN_PATH="$lib/gstreamer-1.0" GST_REGISTRY="$dir/registry2.bin" gst-launch-1.0 $flow 2>&1) ||
  { echo "FAIL: frame-mode=flow with the module in $lib/gst-timewarp:"; echo "$out"; exit 1; }
if grep -q WARNING <<<"$out"; then echo "FAIL: the plugin does not find the module in $lib/gst-timewarp:"; echo "$out"; exit 1; fi
echo "plugin check: the plugin finds the flow module in <libdir>/gst-timewarp"

# The tool.
for what in opencv swift; do
  if readelf -d "$tool" | grep NEEDED | grep -qi "$what" || ldd "$tool" | grep -qi "$what"; then
    echo "FAIL: gst-warp-launch links $what:"; readelf -d "$tool" | grep NEEDED; exit 1
  fi
done
cp "$tool" "$dir/usr/bin/"
out=$(GST_TIMEWARP_FLOW_MODULE= "$dir/usr/bin/gst-warp-launch" $flow 2>&1) ||
  { echo "FAIL: gst-warp-launch frame-mode=flow with the module in $lib/gst-timewarp:"; echo "$out"; exit 1; }
if grep -q WARNING <<<"$out"; then echo "FAIL: gst-warp-launch does not find the module in $lib/gst-timewarp:"; echo "$out"; exit 1; fi
# A module whose OpenCV is not there (a stand-in linked against libopencv_video.so.999).
fake="$dir/fake"
mkdir -p "$fake"
echo 'int cv_stand_in (void) { return 0; }' > "$fake/cv.c"
echo 'extern int cv_stand_in (void); const void *warp_flow_module (void) { cv_stand_in (); return 0; }' > "$fake/module.c"
gcc -shared -fPIC -Wl,-soname,libopencv_video.so.999 -o "$fake/libopencv_video.so.999" "$fake/cv.c"
gcc -shared -fPIC -o "$lib/gst-timewarp/libtimewarpflow.so.0" "$fake/module.c" "$fake/libopencv_video.so.999"
rm -f "$fake/libopencv_video.so.999"
set +e
out=$(cd "$fake" && GST_TIMEWARP_FLOW_MODULE= "$dir/usr/bin/gst-warp-launch" warp in.mkv out.mkv --speed 0.5 --flow 2>&1)
status=$?
set -e
[ "$status" = 1 ] || { echo "FAIL: gst-warp-launch warp --flow without OpenCV exited $status, not 1:"; echo "$out"; exit 1; }
grep -q "OpenCV's video library libopencv_video.so.999 (Debian: libopencv-video999)" <<<"$out" ||
  { echo "FAIL: gst-warp-launch warp --flow without OpenCV does not name the package:"; echo "$out"; exit 1; }
echo "plugin check: gst-warp-launch links no OpenCV, finds the flow module in <prefix>/lib/$multiarch/gst-timewarp, and refuses --flow where OpenCV is missing:"
echo "  $out"
