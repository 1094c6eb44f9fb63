#!/usr/bin/env bash
# Checks that the built plugin loads from a plugin directory with nothing else installed:
# no dynamic Swift runtime dependency, no OpenCV, and gst-inspect-1.0 finds the three elements.
# Then frame-mode=flow: without the flow module it warns and blends; with the module beside the
# plugin as make install puts it (libtimewarpflow.so.0), it runs without a warning, and the
# registry lists no blacklisted file.
set -euo pipefail
plugin="${1:?usage: check-plugin.sh path/to/libgsttimewarp.so [path/to/libtimewarpflow.so]}"
module="${2:-$(dirname "$plugin")/libtimewarpflow.so}"
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
