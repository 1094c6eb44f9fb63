/* arm64 Advanced SIMD blend kernels (16 samples per step, then one at a time). vrhaddq_u8 is
 * (x + y + 1) >> 1, as x86's pavgb: the four-frame average uses the same exact correction (see
 * warp_blend_x86.c). */
#if defined(__aarch64__)
#include <arm_neon.h>
#include "warp_blend_levels.h"

static inline uint8x16_t neon_avg4(uint8x16_t a, uint8x16_t b, uint8x16_t c, uint8x16_t d) {
    const uint8x16_t one = vdupq_n_u8(1);
    const uint8x16_t p = vrhaddq_u8(a, b), q = vrhaddq_u8(c, d);
    const uint8x16_t s = veorq_u8(a, b), t = veorq_u8(c, d);
    const uint8x16_t x = vsubq_u8(p, vandq_u8(vbicq_u8(s, t), one)); /* s & ~t & 1 */
    const uint8x16_t y = vsubq_u8(q, vandq_u8(t, one));
    return vrhaddq_u8(x, y);
}

static void neon_average2_u8(uint8_t *dst, const uint8_t *a, const uint8_t *b, ptrdiff_t n) {
    ptrdiff_t i = 0;
    for (; i + 16 <= n; i += 16) vst1q_u8(dst + i, vrhaddq_u8(vld1q_u8(a + i), vld1q_u8(b + i)));
    for (; i < n; i++) dst[i] = warp_blend_average2(a[i], b[i]);
}

static void neon_average4_u8(uint8_t *dst, const uint8_t *a, const uint8_t *b, const uint8_t *c, const uint8_t *d,
                             ptrdiff_t n) {
    ptrdiff_t i = 0;
    for (; i + 16 <= n; i += 16)
        vst1q_u8(dst + i, neon_avg4(vld1q_u8(a + i), vld1q_u8(b + i), vld1q_u8(c + i), vld1q_u8(d + i)));
    for (; i < n; i++) dst[i] = warp_blend_average4(a[i], b[i], c[i], d[i]);
}

static inline __attribute__((always_inline)) void neon_mix4(uint8_t *dst, const uint8_t *a, uint16_t wa,
                                                             const uint8_t *b, uint16_t wb, const uint8_t *c,
                                                             uint16_t wc, const uint8_t *d, uint16_t wd, int frames,
                                                             ptrdiff_t n) {
    const uint16x8_t w0 = vdupq_n_u16(wa), w1 = vdupq_n_u16(wb), w2 = vdupq_n_u16(wc), w3 = vdupq_n_u16(wd);
    ptrdiff_t i = 0;
    for (; i + 16 <= n; i += 16) {
        const uint8x16_t va = vld1q_u8(a + i), vb = vld1q_u8(b + i);
        uint16x8_t lo = vmulq_u16(vmovl_u8(vget_low_u8(va)), w0), hi = vmulq_u16(vmovl_u8(vget_high_u8(va)), w0);
        lo = vmlaq_u16(lo, vmovl_u8(vget_low_u8(vb)), w1);
        hi = vmlaq_u16(hi, vmovl_u8(vget_high_u8(vb)), w1);
        if (frames > 2) {
            const uint8x16_t vc = vld1q_u8(c + i);
            lo = vmlaq_u16(lo, vmovl_u8(vget_low_u8(vc)), w2);
            hi = vmlaq_u16(hi, vmovl_u8(vget_high_u8(vc)), w2);
        }
        if (frames > 3) {
            const uint8x16_t vd = vld1q_u8(d + i);
            lo = vmlaq_u16(lo, vmovl_u8(vget_low_u8(vd)), w3);
            hi = vmlaq_u16(hi, vmovl_u8(vget_high_u8(vd)), w3);
        }
        /* (sum + 128) >> 8 in wrapping 16-bit arithmetic, then the (exact) narrowing. */
        const uint16x8_t half = vdupq_n_u16(128);
        lo = vshrq_n_u16(vaddq_u16(lo, half), 8);
        hi = vshrq_n_u16(vaddq_u16(hi, half), 8);
        vst1q_u8(dst + i, vcombine_u8(vmovn_u16(lo), vmovn_u16(hi)));
    }
    for (; i < n; i++) {
        unsigned sum = a[i] * wa + b[i] * wb;
        if (frames > 2) sum += c[i] * wc;
        if (frames > 3) sum += d[i] * wd;
        dst[i] = warp_blend_mix(sum);
    }
}

static void neon_mix2_u8(uint8_t *dst, const uint8_t *a, uint16_t wa, const uint8_t *b, uint16_t wb, ptrdiff_t n) {
    neon_mix4(dst, a, wa, b, wb, 0, 0, 0, 0, 2, n);
}

static void neon_mix3_u8(uint8_t *dst, const uint8_t *a, uint16_t wa, const uint8_t *b, uint16_t wb,
                         const uint8_t *c, uint16_t wc, ptrdiff_t n) {
    neon_mix4(dst, a, wa, b, wb, c, wc, 0, 0, 3, n);
}

static void neon_mix4_u8(uint8_t *dst, const uint8_t *a, uint16_t wa, const uint8_t *b, uint16_t wb,
                         const uint8_t *c, uint16_t wc, const uint8_t *d, uint16_t wd, ptrdiff_t n) {
    neon_mix4(dst, a, wa, b, wb, c, wc, d, wd, 4, n);
}

const WarpBlendKernels warp_blend_neon_kernels = {
    3, neon_average2_u8, neon_average4_u8, neon_mix2_u8, neon_mix3_u8, neon_mix4_u8,
};

#endif
