/* Portable C kernels: four accumulators per channel, summed as (s0 + s2) + (s1 + s3). */
#include "warp_simd_levels.h"

static float scalar_dot_blend_f32(const float *x, const float *row, const float *step, float alpha, ptrdiff_t taps) {
    float s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    ptrdiff_t t = 0;
    for (; t + 4 <= taps; t += 4) {
        const float w0 = row[t] + alpha * step[t], w1 = row[t + 1] + alpha * step[t + 1];
        const float w2 = row[t + 2] + alpha * step[t + 2], w3 = row[t + 3] + alpha * step[t + 3];
        s0 += w0 * x[t];
        s1 += w1 * x[t + 1];
        s2 += w2 * x[t + 2];
        s3 += w3 * x[t + 3];
    }
    float s = (s0 + s2) + (s1 + s3);
    for (; t < taps; t++) {
        const float w = row[t] + alpha * step[t];
        s += w * x[t];
    }
    return s;
}

static void scalar_dot2_blend_f32(const float *x, const float *y, const float *row, const float *step, float alpha,
                           ptrdiff_t taps, float *out) {
    out[0] = scalar_dot_blend_f32(x, row, step, alpha, taps);
    out[1] = scalar_dot_blend_f32(y, row, step, alpha, taps);
}

/* scalar_dot_blend_f32 with ready weights, in the same order. */
static float scalar_dot_f32(const float *x, const float *w, ptrdiff_t taps) {
    float s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    ptrdiff_t t = 0;
    for (; t + 4 <= taps; t += 4) {
        s0 += w[t] * x[t];
        s1 += w[t + 1] * x[t + 1];
        s2 += w[t + 2] * x[t + 2];
        s3 += w[t + 3] * x[t + 3];
    }
    float s = (s0 + s2) + (s1 + s3);
    for (; t < taps; t++) s += w[t] * x[t];
    return s;
}

static void scalar_dot2_f32(const float *x, const float *y, const float *w, ptrdiff_t taps, float *out) {
    out[0] = scalar_dot_f32(x, w, taps);
    out[1] = scalar_dot_f32(y, w, taps);
}

static void scalar_blend_f32(const float *row, const float *step, float alpha, ptrdiff_t taps, float *w) {
    for (ptrdiff_t t = 0; t < taps; t++) w[t] = row[t] + alpha * step[t];
}

static void scalar_blend_f64(const double *row0, const double *row1, double alpha, ptrdiff_t taps, double *w) {
    for (ptrdiff_t t = 0; t < taps; t++) w[t] = row0[t] + alpha * (row1[t] - row0[t]);
}

static double scalar_dot_f64(const double *x, const double *w, ptrdiff_t taps) {
    double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    ptrdiff_t t = 0;
    for (; t + 4 <= taps; t += 4) {
        s0 += w[t] * x[t];
        s1 += w[t + 1] * x[t + 1];
        s2 += w[t + 2] * x[t + 2];
        s3 += w[t + 3] * x[t + 3];
    }
    double s = (s0 + s2) + (s1 + s3);
    for (; t < taps; t++) s += w[t] * x[t];
    return s;
}

static void scalar_dot2_f64(const double *x, const double *y, const double *w, ptrdiff_t taps, double *out) {
    out[0] = scalar_dot_f64(x, w, taps);
    out[1] = scalar_dot_f64(y, w, taps);
}

WARP_SIMD_DEFINE_LEVEL(warp_simd_scalar_kernels, WARP_SIMD_SCALAR, scalar, )
