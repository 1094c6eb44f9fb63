#!/usr/bin/env bash
# Checks that the frame-blending loops of the built plugin are vectorised: the renderer (where
# the PixelMix kernels are inlined) must multiply 16-bit lanes (pmullw) and pack them back to
# bytes (packuswb). x86-64 only; prints what it finds, exits 1 if they are missing.
#
#   scripts/check-vectorised.sh [.build/release/libgsttimewarp.so]
set -euo pipefail
lib=${1:-.build/release/libgsttimewarp.so}
if [ "$(uname -m)" != x86_64 ]; then echo "vectorised: not checked on $(uname -m)"; exit 0; fi
if ! command -v objdump >/dev/null; then echo "vectorised: not checked (no objdump)"; exit 0; fi
asm=$(objdump -d --no-show-raw-insn "$lib" | awk '/(BlendRenderer|PixelMix).*>:$/ {p=1; next} /^$/ {p=0} p')
mul=$(grep -cE '\s(v?pmullw)\s' <<<"$asm" || true)
pack=$(grep -cE '\s(v?packuswb)\s' <<<"$asm" || true)
echo "vectorised blend loops: $mul pmullw, $pack packuswb in BlendRenderer/PixelMix"
[ "$mul" -gt 0 ] && [ "$pack" -gt 0 ]
