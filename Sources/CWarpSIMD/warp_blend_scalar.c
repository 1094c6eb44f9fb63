/* Portable C blend kernels: the formulas of warp_blend.h, one sample at a time. */
#include "warp_blend_levels.h"

static void scalar_average2_u8(uint8_t *dst, const uint8_t *a, const uint8_t *b, ptrdiff_t n) {
    for (ptrdiff_t i = 0; i < n; i++) dst[i] = warp_blend_average2(a[i], b[i]);
}

static void scalar_average4_u8(uint8_t *dst, const uint8_t *a, const uint8_t *b, const uint8_t *c, const uint8_t *d,
                               ptrdiff_t n) {
    for (ptrdiff_t i = 0; i < n; i++) dst[i] = warp_blend_average4(a[i], b[i], c[i], d[i]);
}

static void scalar_mix2_u8(uint8_t *dst, const uint8_t *a, uint16_t wa, const uint8_t *b, uint16_t wb, ptrdiff_t n) {
    for (ptrdiff_t i = 0; i < n; i++) dst[i] = warp_blend_mix(a[i] * wa + b[i] * wb);
}

static void scalar_mix3_u8(uint8_t *dst, const uint8_t *a, uint16_t wa, const uint8_t *b, uint16_t wb,
                           const uint8_t *c, uint16_t wc, ptrdiff_t n) {
    for (ptrdiff_t i = 0; i < n; i++) dst[i] = warp_blend_mix(a[i] * wa + b[i] * wb + c[i] * wc);
}

static void scalar_mix4_u8(uint8_t *dst, const uint8_t *a, uint16_t wa, const uint8_t *b, uint16_t wb,
                           const uint8_t *c, uint16_t wc, const uint8_t *d, uint16_t wd, ptrdiff_t n) {
    for (ptrdiff_t i = 0; i < n; i++) dst[i] = warp_blend_mix(a[i] * wa + b[i] * wb + c[i] * wc + d[i] * wd);
}

const WarpBlendKernels warp_blend_scalar_kernels = {
    0, scalar_average2_u8, scalar_average4_u8, scalar_mix2_u8, scalar_mix3_u8, scalar_mix4_u8,
};
