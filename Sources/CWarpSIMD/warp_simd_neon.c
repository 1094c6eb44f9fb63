/* arm64 Advanced SIMD kernels (four floats, two doubles per vector, fused multiply-add): two
 * accumulators per channel, one vector more if it fits, then the tail one element at a time. */
#if defined(__aarch64__)
#include <arm_neon.h>
#include "warp_simd_levels.h"

/* (v0 + v2) + (v1 + v3). */
static inline float hsum_f32(float32x4_t v) {
    float32x2_t h = vadd_f32(vget_low_f32(v), vget_high_f32(v));
    return vget_lane_f32(h, 0) + vget_lane_f32(h, 1);
}

static inline float32x4_t blend_f32x4(const float *row, const float *step, float32x4_t a, ptrdiff_t t) {
    return vfmaq_f32(vld1q_f32(row + t), a, vld1q_f32(step + t));
}

static float neon_dot_blend_f32(const float *x, const float *row, const float *step, float alpha, ptrdiff_t taps) {
    const float32x4_t a = vdupq_n_f32(alpha);
    float32x4_t s0 = vdupq_n_f32(0), s1 = vdupq_n_f32(0);
    ptrdiff_t t = 0;
    for (; t + 8 <= taps; t += 8) {
        s0 = vfmaq_f32(s0, blend_f32x4(row, step, a, t), vld1q_f32(x + t));
        s1 = vfmaq_f32(s1, blend_f32x4(row, step, a, t + 4), vld1q_f32(x + t + 4));
    }
    if (t + 4 <= taps) {
        s0 = vfmaq_f32(s0, blend_f32x4(row, step, a, t), vld1q_f32(x + t));
        t += 4;
    }
    float s = hsum_f32(vaddq_f32(s0, s1));
    for (; t < taps; t++) s = __builtin_fmaf(__builtin_fmaf(alpha, step[t], row[t]), x[t], s);
    return s;
}

static void neon_dot2_blend_f32(const float *x, const float *y, const float *row, const float *step, float alpha,
                                ptrdiff_t taps, float *out) {
    const float32x4_t a = vdupq_n_f32(alpha);
    float32x4_t s0 = vdupq_n_f32(0), s1 = vdupq_n_f32(0), q0 = vdupq_n_f32(0), q1 = vdupq_n_f32(0);
    ptrdiff_t t = 0;
    for (; t + 8 <= taps; t += 8) {
        float32x4_t w0 = blend_f32x4(row, step, a, t), w1 = blend_f32x4(row, step, a, t + 4);
        s0 = vfmaq_f32(s0, w0, vld1q_f32(x + t));
        q0 = vfmaq_f32(q0, w0, vld1q_f32(y + t));
        s1 = vfmaq_f32(s1, w1, vld1q_f32(x + t + 4));
        q1 = vfmaq_f32(q1, w1, vld1q_f32(y + t + 4));
    }
    if (t + 4 <= taps) {
        float32x4_t w0 = blend_f32x4(row, step, a, t);
        s0 = vfmaq_f32(s0, w0, vld1q_f32(x + t));
        q0 = vfmaq_f32(q0, w0, vld1q_f32(y + t));
        t += 4;
    }
    float sx = hsum_f32(vaddq_f32(s0, s1)), sy = hsum_f32(vaddq_f32(q0, q1));
    for (; t < taps; t++) {
        float w = __builtin_fmaf(alpha, step[t], row[t]);
        sx = __builtin_fmaf(w, x[t], sx);
        sy = __builtin_fmaf(w, y[t], sy);
    }
    out[0] = sx;
    out[1] = sy;
}

/* neon_dot2_blend_f32 with ready weights, in the same order. */
static void neon_dot2_f32(const float *x, const float *y, const float *w, ptrdiff_t taps, float *out) {
    float32x4_t s0 = vdupq_n_f32(0), s1 = vdupq_n_f32(0), q0 = vdupq_n_f32(0), q1 = vdupq_n_f32(0);
    ptrdiff_t t = 0;
    for (; t + 8 <= taps; t += 8) {
        float32x4_t w0 = vld1q_f32(w + t), w1 = vld1q_f32(w + t + 4);
        s0 = vfmaq_f32(s0, w0, vld1q_f32(x + t));
        q0 = vfmaq_f32(q0, w0, vld1q_f32(y + t));
        s1 = vfmaq_f32(s1, w1, vld1q_f32(x + t + 4));
        q1 = vfmaq_f32(q1, w1, vld1q_f32(y + t + 4));
    }
    if (t + 4 <= taps) {
        float32x4_t w0 = vld1q_f32(w + t);
        s0 = vfmaq_f32(s0, w0, vld1q_f32(x + t));
        q0 = vfmaq_f32(q0, w0, vld1q_f32(y + t));
        t += 4;
    }
    float sx = hsum_f32(vaddq_f32(s0, s1)), sy = hsum_f32(vaddq_f32(q0, q1));
    for (; t < taps; t++) {
        sx = __builtin_fmaf(w[t], x[t], sx);
        sy = __builtin_fmaf(w[t], y[t], sy);
    }
    out[0] = sx;
    out[1] = sy;
}

static void neon_blend_f32(const float *row, const float *step, float alpha, ptrdiff_t taps, float *w) {
    const float32x4_t a = vdupq_n_f32(alpha);
    ptrdiff_t t = 0;
    for (; t + 4 <= taps; t += 4) vst1q_f32(w + t, blend_f32x4(row, step, a, t));
    for (; t < taps; t++) w[t] = __builtin_fmaf(alpha, step[t], row[t]);
}

static void neon_blend_f64(const double *row0, const double *row1, double alpha, ptrdiff_t taps, double *w) {
    const float64x2_t a = vdupq_n_f64(alpha);
    ptrdiff_t t = 0;
    for (; t + 2 <= taps; t += 2) {
        float64x2_t r0 = vld1q_f64(row0 + t), r1 = vld1q_f64(row1 + t);
        vst1q_f64(w + t, vfmaq_f64(r0, a, vsubq_f64(r1, r0)));
    }
    for (; t < taps; t++) w[t] = __builtin_fma(alpha, row1[t] - row0[t], row0[t]);
}

static double neon_dot_f64(const double *x, const double *w, ptrdiff_t taps) {
    float64x2_t s0 = vdupq_n_f64(0), s1 = vdupq_n_f64(0);
    ptrdiff_t t = 0;
    for (; t + 4 <= taps; t += 4) {
        s0 = vfmaq_f64(s0, vld1q_f64(w + t), vld1q_f64(x + t));
        s1 = vfmaq_f64(s1, vld1q_f64(w + t + 2), vld1q_f64(x + t + 2));
    }
    if (t + 2 <= taps) {
        s0 = vfmaq_f64(s0, vld1q_f64(w + t), vld1q_f64(x + t));
        t += 2;
    }
    float64x2_t s = vaddq_f64(s0, s1);
    double r = vgetq_lane_f64(s, 0) + vgetq_lane_f64(s, 1);
    if (t < taps) r = __builtin_fma(w[t], x[t], r);
    return r;
}

static void neon_dot2_f64(const double *x, const double *y, const double *w, ptrdiff_t taps, double *out) {
    out[0] = neon_dot_f64(x, w, taps);
    out[1] = neon_dot_f64(y, w, taps);
}

WARP_SIMD_DEFINE_LEVEL(warp_simd_neon_kernels, WARP_SIMD_NEON, neon, )
#endif
