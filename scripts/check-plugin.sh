#!/usr/bin/env bash
# Checks that the built plugin loads from a plugin directory with nothing else installed:
# no dynamic Swift runtime dependency, and gst-inspect-1.0 finds the three elements.
set -euo pipefail
plugin="${1:?usage: check-plugin.sh path/to/libgsttimewarp.so}"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cp "$plugin" "$dir/"
if ldd "$dir/libgsttimewarp.so" | grep -qi swift; then
  echo "FAIL: libgsttimewarp.so links the Swift runtime dynamically:"; ldd "$dir/libgsttimewarp.so" | grep -i swift
  exit 1
fi
export GST_REGISTRY="$dir/registry.bin" GST_PLUGIN_PATH="$dir"
out=$(gst-inspect-1.0 timewarp)
for element in videotimewarp audiotimewarp texttimewarp; do
  grep -q "$element" <<<"$out" || { echo "FAIL: $element not found in the plugin"; exit 1; }
done
grep -qE 'Version +[0-9]+\.[0-9]+\.[0-9]+' <<<"$out" || { echo "FAIL: plugin version is not x.y.z"; exit 1; }
echo "plugin check: libgsttimewarp.so loads from $dir with its three elements"
