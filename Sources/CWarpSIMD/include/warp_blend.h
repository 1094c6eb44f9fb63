/*
 * CWarpSIMD, frame blending: the row kernels of videotimewarp's frame-mode=blend
 * (GstTimeWarp/Video/Blend). Everything else (which frames, their weights, the rows each thread
 * takes) is decided in Swift; these only mix rows of 8-bit samples.
 *
 * Each kernel is compiled once per instruction set (portable C, SSE2 and AVX2 on x86-64, NEON on
 * arm64) and chosen once per process from the CPU. Every level gives the same bytes: the results
 * are defined by exact integer formulas (the weighted ones in wrapping 16-bit arithmetic, as the
 * Swift kernels of PixelMix), and nothing at or past `n` is read or written.
 */
#ifndef WARP_BLEND_H
#define WARP_BLEND_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The blend kernels of one instruction-set level (levels numbered as WarpSIMDLevel). */
typedef struct WarpBlendKernels {
    /** The level (0 portable C, 1 SSE2, 2 AVX2, 3 NEON). */
    int level;
    /** dst[i] = (a[i] + b[i] + 1) >> 1, i < n. */
    void (*average2_u8)(uint8_t *dst, const uint8_t *a, const uint8_t *b, ptrdiff_t n);
    /** dst[i] = (a[i] + b[i] + c[i] + d[i] + 2) >> 2, i < n. */
    void (*average4_u8)(uint8_t *dst, const uint8_t *a, const uint8_t *b, const uint8_t *c, const uint8_t *d,
                        ptrdiff_t n);
    /** dst[i] = ((a[i] * wa + b[i] * wb + 128) mod 2^16) >> 8, i < n. */
    void (*mix2_u8)(uint8_t *dst, const uint8_t *a, uint16_t wa, const uint8_t *b, uint16_t wb, ptrdiff_t n);
    /** dst[i] = ((a[i] * wa + b[i] * wb + c[i] * wc + 128) mod 2^16) >> 8, i < n. */
    void (*mix3_u8)(uint8_t *dst, const uint8_t *a, uint16_t wa, const uint8_t *b, uint16_t wb, const uint8_t *c,
                    uint16_t wc, ptrdiff_t n);
    /** dst[i] = ((a[i] * wa + b[i] * wb + c[i] * wc + d[i] * wd + 128) mod 2^16) >> 8, i < n. */
    void (*mix4_u8)(uint8_t *dst, const uint8_t *a, uint16_t wa, const uint8_t *b, uint16_t wb, const uint8_t *c,
                    uint16_t wc, const uint8_t *d, uint16_t wd, ptrdiff_t n);
} WarpBlendKernels;

/** The blend kernels of `level` if this build has them and the CPU runs them, else NULL. */
const WarpBlendKernels *warp_blend_kernels(int level);

/** The best blend kernels the CPU runs (chosen once per process; never NULL). */
const WarpBlendKernels *warp_blend_best_kernels(void);

#ifdef __cplusplus
}
#endif

#endif
