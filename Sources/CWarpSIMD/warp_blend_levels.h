/* The per-level blend kernel tables (internal to CWarpSIMD), and the element-wise formulas every
 * level uses for its tails. */
#ifndef WARP_BLEND_LEVELS_H
#define WARP_BLEND_LEVELS_H

#include "warp_blend.h"

static inline uint8_t warp_blend_average2(uint8_t a, uint8_t b) { return (uint8_t)((a + b + 1) >> 1); }

static inline uint8_t warp_blend_average4(uint8_t a, uint8_t b, uint8_t c, uint8_t d) {
    return (uint8_t)((a + b + c + d + 2) >> 2);
}

/* The weighted sum in wrapping 16-bit arithmetic, then >> 8. */
static inline uint8_t warp_blend_mix(unsigned sum) { return (uint8_t)((uint16_t)(sum + 128u) >> 8); }

/** Portable C (every build). */
extern const WarpBlendKernels warp_blend_scalar_kernels;
#if defined(__x86_64__)
/** SSE2 (every x86-64 CPU). */
extern const WarpBlendKernels warp_blend_sse2_kernels;
/** AVX2 (only when the CPU has it and the OS saves the AVX state). */
extern const WarpBlendKernels warp_blend_avx2_kernels;
#endif
#if defined(__aarch64__)
/** arm64 Advanced SIMD (every arm64 CPU). */
extern const WarpBlendKernels warp_blend_neon_kernels;
#endif

#endif
