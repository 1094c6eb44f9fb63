#!/usr/bin/env bash
# The man page and the shell completions of gst-warp-launch, generated from its argument parser:
#   gst-warp-launch.1       swift-argument-parser's generate-manual (the tool behind its
#                           `generate-manual` package plugin), built from the dependency's checkout
#                           in .build/checkouts, so no network is needed; it reads the tool's
#                           --experimental-dump-help
#   gst-warp-launch.bash, _gst-warp-launch, gst-warp-launch.fish
#                           --generate-completion-script bash|zsh|fish
# The plugin command itself (`swift package generate-manual`) would build the whole package again
# in debug; the tool it runs is the same.
# usage: make-extras.sh SWIFT path/to/gst-warp-launch OUTDIR
set -euo pipefail
swift=${1:?usage: make-extras.sh SWIFT TOOL OUTDIR}; tool=${2:?}; out=${3:?}
root=$(cd "$(dirname "$0")/.." && pwd)
parser="$root/.build/checkouts/swift-argument-parser"
[ -d "$parser" ] || { echo "make-extras.sh: $parser is missing (swift build resolves it)"; exit 1; }
scratch="$root/.build/argument-parser-tools"
"$swift" build --package-path "$parser" --scratch-path "$scratch" -c release --product generate-manual 2>&1 | tail -1
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The manual's date: the date of VERSION's entry in CHANGELOG.md (the same page for the same release).
version=$(cat "$root/VERSION")
date=$(sed -n "s/^## $version (\([0-9-]*\)).*/\1/p" "$root/CHANGELOG.md" | head -1)
[ -n "$date" ] || { echo "make-extras.sh: CHANGELOG.md has no heading '## $version (YYYY-MM-DD)'"; exit 1; }
"$scratch/release/generate-manual" "$tool" --date "$date" --section 1 \
  --authors "the gst-timewarp developers" -o "$tmp"
# mdoc wants .Pp, not an empty line, between paragraphs (man --warnings, lintian's groff check);
# the batch default is this machine's core count when generated: say what it means instead.
sed -e 's/^$/.Pp/' -e 's/(default: the number of cores, [0-9]*)/(default: the number of cores)/' \
  "$tmp/gst-warp-launch.1" > "$out/gst-warp-launch.1"
# bash-completion sources the file: no #! line (lintian's bash-completion-with-hashbang).
"$tool" --generate-completion-script bash | sed '1{/^#!/d}' > "$out/gst-warp-launch.bash"
"$tool" --generate-completion-script zsh > "$out/_gst-warp-launch"
"$tool" --generate-completion-script fish > "$out/gst-warp-launch.fish"
echo "extras: $out/gst-warp-launch.1 and the bash, zsh and fish completions"
