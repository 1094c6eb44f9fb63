#!/usr/bin/env bash
# Checks that the frame-blending loops of the built plugin are vectorised: the Swift renderer
# (where the PixelMix kernels of mixes of more than four 8-bit frames are inlined) must multiply
# 16-bit lanes (pmullw) and pack them back to bytes (packuswb), and the C row kernels
# (CWarpSIMD's warp_blend_*: two to four frames) must have their AVX2 byte averages (vpavgb).
# x86-64 only; prints what it finds, exits 1 if any is missing.
#
#   scripts/check-vectorised.sh [.build/release/libgsttimewarp.so]
set -euo pipefail
lib=${1:-.build/release/libgsttimewarp.so}
if [ "$(uname -m)" != x86_64 ]; then echo "vectorised: not checked on $(uname -m)"; exit 0; fi
if ! command -v objdump >/dev/null; then echo "vectorised: not checked (no objdump)"; exit 0; fi
all=$(objdump -d --no-show-raw-insn "$lib")
asm=$(awk '/(BlendJob|BlendRenderer|PixelMix).*>:$/ {p=1; next} /^$/ {p=0} p' <<<"$all")
mul=$(grep -cE '\s(v?pmullw)\s' <<<"$asm" || true)
pack=$(grep -cE '\s(v?packuswb)\s' <<<"$asm" || true)
c=$(awk '/<avx2_average[24]_u8>:$/ {p=1; next} /^$/ {p=0} p' <<<"$all")
avg=$(grep -cE '\svpavgb\s' <<<"$c" || true)
echo "vectorised blend loops: $mul pmullw, $pack packuswb in BlendJob/BlendRenderer/PixelMix; $avg vpavgb in the AVX2 averages"
[ "$mul" -gt 0 ] && [ "$pack" -gt 0 ] && [ "$avg" -gt 0 ]
