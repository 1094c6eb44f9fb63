/* x86-64 kernels: SSE2 (four floats, two doubles) and AVX2 with FMA (eight floats, four doubles).
 * Two accumulators per channel; then one vector more if it fits; then the tail (AVX2: one half
 * vector if it fits), one element at a time; the AVX2 Float products of at least 8 taps instead
 * take their last taps as one vector ending at `taps`, its lanes summed already zeroed. Nothing at
 * or past `taps` is read. */
#if defined(__x86_64__)
#include <immintrin.h>
#include "warp_simd_levels.h"

/* ---- SSE2 ---------------------------------------------------------------------------------- */

/* (v0 + v2) + (v1 + v3). */
static inline float hsum_ps(__m128 v) {
    __m128 h = _mm_add_ps(v, _mm_movehl_ps(v, v));
    return _mm_cvtss_f32(_mm_add_ss(h, _mm_shuffle_ps(h, h, 1)));
}

/* v0 + v1. */
static inline double hsum_pd(__m128d v) { return _mm_cvtsd_f64(_mm_add_sd(v, _mm_unpackhi_pd(v, v))); }

static inline __m128 blend_ps(const float *row, const float *step, __m128 a, ptrdiff_t t) {
    return _mm_add_ps(_mm_loadu_ps(row + t), _mm_mul_ps(a, _mm_loadu_ps(step + t)));
}

static float sse2_dot_blend_f32(const float *x, const float *row, const float *step, float alpha, ptrdiff_t taps) {
    const __m128 a = _mm_set1_ps(alpha);
    __m128 s0 = _mm_setzero_ps(), s1 = _mm_setzero_ps();
    ptrdiff_t t = 0;
    for (; t + 8 <= taps; t += 8) {
        s0 = _mm_add_ps(s0, _mm_mul_ps(blend_ps(row, step, a, t), _mm_loadu_ps(x + t)));
        s1 = _mm_add_ps(s1, _mm_mul_ps(blend_ps(row, step, a, t + 4), _mm_loadu_ps(x + t + 4)));
    }
    if (t + 4 <= taps) {
        s0 = _mm_add_ps(s0, _mm_mul_ps(blend_ps(row, step, a, t), _mm_loadu_ps(x + t)));
        t += 4;
    }
    float s = hsum_ps(_mm_add_ps(s0, s1));
    for (; t < taps; t++) s += (row[t] + alpha * step[t]) * x[t];
    return s;
}

static void sse2_dot2_blend_f32(const float *x, const float *y, const float *row, const float *step, float alpha,
                                ptrdiff_t taps, float *out) {
    const __m128 a = _mm_set1_ps(alpha);
    __m128 s0 = _mm_setzero_ps(), s1 = _mm_setzero_ps(), q0 = _mm_setzero_ps(), q1 = _mm_setzero_ps();
    ptrdiff_t t = 0;
    for (; t + 8 <= taps; t += 8) {
        __m128 w0 = blend_ps(row, step, a, t), w1 = blend_ps(row, step, a, t + 4);
        s0 = _mm_add_ps(s0, _mm_mul_ps(w0, _mm_loadu_ps(x + t)));
        q0 = _mm_add_ps(q0, _mm_mul_ps(w0, _mm_loadu_ps(y + t)));
        s1 = _mm_add_ps(s1, _mm_mul_ps(w1, _mm_loadu_ps(x + t + 4)));
        q1 = _mm_add_ps(q1, _mm_mul_ps(w1, _mm_loadu_ps(y + t + 4)));
    }
    if (t + 4 <= taps) {
        __m128 w0 = blend_ps(row, step, a, t);
        s0 = _mm_add_ps(s0, _mm_mul_ps(w0, _mm_loadu_ps(x + t)));
        q0 = _mm_add_ps(q0, _mm_mul_ps(w0, _mm_loadu_ps(y + t)));
        t += 4;
    }
    float sx = hsum_ps(_mm_add_ps(s0, s1)), sy = hsum_ps(_mm_add_ps(q0, q1));
    for (; t < taps; t++) {
        float w = row[t] + alpha * step[t];
        sx += w * x[t];
        sy += w * y[t];
    }
    out[0] = sx;
    out[1] = sy;
}

/* sse2_dot2_blend_f32 with ready weights, in the same order. */
static void sse2_dot2_f32(const float *x, const float *y, const float *w, ptrdiff_t taps, float *out) {
    __m128 s0 = _mm_setzero_ps(), s1 = _mm_setzero_ps(), q0 = _mm_setzero_ps(), q1 = _mm_setzero_ps();
    ptrdiff_t t = 0;
    for (; t + 8 <= taps; t += 8) {
        __m128 w0 = _mm_loadu_ps(w + t), w1 = _mm_loadu_ps(w + t + 4);
        s0 = _mm_add_ps(s0, _mm_mul_ps(w0, _mm_loadu_ps(x + t)));
        q0 = _mm_add_ps(q0, _mm_mul_ps(w0, _mm_loadu_ps(y + t)));
        s1 = _mm_add_ps(s1, _mm_mul_ps(w1, _mm_loadu_ps(x + t + 4)));
        q1 = _mm_add_ps(q1, _mm_mul_ps(w1, _mm_loadu_ps(y + t + 4)));
    }
    if (t + 4 <= taps) {
        __m128 w0 = _mm_loadu_ps(w + t);
        s0 = _mm_add_ps(s0, _mm_mul_ps(w0, _mm_loadu_ps(x + t)));
        q0 = _mm_add_ps(q0, _mm_mul_ps(w0, _mm_loadu_ps(y + t)));
        t += 4;
    }
    float sx = hsum_ps(_mm_add_ps(s0, s1)), sy = hsum_ps(_mm_add_ps(q0, q1));
    for (; t < taps; t++) {
        sx += w[t] * x[t];
        sy += w[t] * y[t];
    }
    out[0] = sx;
    out[1] = sy;
}

static void sse2_blend_f32(const float *row, const float *step, float alpha, ptrdiff_t taps, float *w) {
    const __m128 a = _mm_set1_ps(alpha);
    ptrdiff_t t = 0;
    for (; t + 4 <= taps; t += 4) _mm_storeu_ps(w + t, blend_ps(row, step, a, t));
    for (; t < taps; t++) w[t] = row[t] + alpha * step[t];
}

static void sse2_blend_f64(const double *row0, const double *row1, double alpha, ptrdiff_t taps, double *w) {
    const __m128d a = _mm_set1_pd(alpha);
    ptrdiff_t t = 0;
    for (; t + 2 <= taps; t += 2) {
        __m128d r0 = _mm_loadu_pd(row0 + t), r1 = _mm_loadu_pd(row1 + t);
        _mm_storeu_pd(w + t, _mm_add_pd(r0, _mm_mul_pd(a, _mm_sub_pd(r1, r0))));
    }
    for (; t < taps; t++) w[t] = row0[t] + alpha * (row1[t] - row0[t]);
}

static double sse2_dot_f64(const double *x, const double *w, ptrdiff_t taps) {
    __m128d s0 = _mm_setzero_pd(), s1 = _mm_setzero_pd();
    ptrdiff_t t = 0;
    for (; t + 4 <= taps; t += 4) {
        s0 = _mm_add_pd(s0, _mm_mul_pd(_mm_loadu_pd(w + t), _mm_loadu_pd(x + t)));
        s1 = _mm_add_pd(s1, _mm_mul_pd(_mm_loadu_pd(w + t + 2), _mm_loadu_pd(x + t + 2)));
    }
    if (t + 2 <= taps) {
        s0 = _mm_add_pd(s0, _mm_mul_pd(_mm_loadu_pd(w + t), _mm_loadu_pd(x + t)));
        t += 2;
    }
    double s = hsum_pd(_mm_add_pd(s0, s1));
    if (t < taps) s += w[t] * x[t];
    return s;
}

static void sse2_dot2_f64(const double *x, const double *y, const double *w, ptrdiff_t taps, double *out) {
    __m128d s0 = _mm_setzero_pd(), s1 = _mm_setzero_pd(), q0 = _mm_setzero_pd(), q1 = _mm_setzero_pd();
    ptrdiff_t t = 0;
    for (; t + 4 <= taps; t += 4) {
        __m128d w0 = _mm_loadu_pd(w + t), w1 = _mm_loadu_pd(w + t + 2);
        s0 = _mm_add_pd(s0, _mm_mul_pd(w0, _mm_loadu_pd(x + t)));
        q0 = _mm_add_pd(q0, _mm_mul_pd(w0, _mm_loadu_pd(y + t)));
        s1 = _mm_add_pd(s1, _mm_mul_pd(w1, _mm_loadu_pd(x + t + 2)));
        q1 = _mm_add_pd(q1, _mm_mul_pd(w1, _mm_loadu_pd(y + t + 2)));
    }
    if (t + 2 <= taps) {
        __m128d w0 = _mm_loadu_pd(w + t);
        s0 = _mm_add_pd(s0, _mm_mul_pd(w0, _mm_loadu_pd(x + t)));
        q0 = _mm_add_pd(q0, _mm_mul_pd(w0, _mm_loadu_pd(y + t)));
        t += 2;
    }
    double sx = hsum_pd(_mm_add_pd(s0, s1)), sy = hsum_pd(_mm_add_pd(q0, q1));
    if (t < taps) {
        sx += w[t] * x[t];
        sy += w[t] * y[t];
    }
    out[0] = sx;
    out[1] = sy;
}

WARP_SIMD_DEFINE_LEVEL(warp_simd_sse2_kernels, WARP_SIMD_SSE2, sse2, )

/* ---- AVX2 + FMA ---------------------------------------------------------------------------- */
/* Tails: one half vector (four floats, two doubles), then one element at a time, all fused
 * (no masked loads or stores: slow on some CPUs, and a masked store stalls the loads after it). */

#define AVX2 __attribute__((target("avx2,fma")))

/* Lanes 0-3 plus lanes 4-7. */
AVX2 static inline __m128 fold256_ps(__m256 v) {
    return _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
}

/* Lanes 0-1 plus lanes 2-3. */
AVX2 static inline __m128d fold256_pd(__m256d v) {
    return _mm_add_pd(_mm256_castpd256_pd128(v), _mm256_extractf128_pd(v, 1));
}

AVX2 static inline __m256 blend256_ps(const float *row, const float *step, __m256 a, ptrdiff_t t) {
    return _mm256_fmadd_ps(a, _mm256_loadu_ps(step + t), _mm256_loadu_ps(row + t));
}

AVX2 static inline __m128 blend128_ps(const float *row, const float *step, __m256 a, ptrdiff_t t) {
    return _mm_fmadd_ps(_mm256_castps256_ps128(a), _mm_loadu_ps(step + t), _mm_loadu_ps(row + t));
}

AVX2 static inline float blend1_ps(const float *row, const float *step, float alpha, ptrdiff_t t) {
    return __builtin_fmaf(alpha, step[t], row[t]);
}

/* Lanes 8 - r ... 7 set (r = 0 ... 8): the mask of a tail vector that ends at `taps` and whose
 * first 8 - r lanes were summed already (load at warp_avx2_tail_mask + r). */
static const int warp_avx2_tail_mask[16] = {0, 0, 0, 0, 0, 0, 0, 0, -1, -1, -1, -1, -1, -1, -1, -1};

AVX2 static inline __m256 tail_mask(ptrdiff_t r) {
    return _mm256_castsi256_ps(_mm256_loadu_si256((const __m256i *)(warp_avx2_tail_mask + r)));
}

/* The sums of `sx` and of `sy` in lanes 0 and 1: ((x0 + x1) + (x4 + x5)) + ((x2 + x3) + (x6 + x7)).
 * One channel uses it with sy = sx, so each channel is summed in the same order either way. */
AVX2 static inline __m128 hsum2_256(__m256 sx, __m256 sy) {
    __m256 h = _mm256_hadd_ps(sx, sy);
    __m128 f = fold256_ps(h);
    return _mm_hadd_ps(f, f);
}

/* At least 8 taps: two accumulators, one vector more if it fits, then the last r < 8 taps as a
 * vector that ends at `taps` (it reads taps - 8 ... taps - 1) with its first 8 - r weights zeroed,
 * into the second accumulator; one horizontal sum for both channels. The same order with ready
 * weights (W_LOAD) or blended ones. */
#define AVX2_DOT_WIDE(W_LOAD, W_TAIL)                                                                         \
    ptrdiff_t t = 0;                                                                                           \
    for (; t + 16 <= taps; t += 16) {                                                                          \
        __m256 w0 = W_LOAD(t), w1 = W_LOAD(t + 8);                                                             \
        s0 = _mm256_fmadd_ps(w0, _mm256_loadu_ps(x + t), s0);                                                  \
        q0 = _mm256_fmadd_ps(w0, _mm256_loadu_ps(y + t), q0);                                                  \
        s1 = _mm256_fmadd_ps(w1, _mm256_loadu_ps(x + t + 8), s1);                                              \
        q1 = _mm256_fmadd_ps(w1, _mm256_loadu_ps(y + t + 8), q1);                                              \
    }                                                                                                          \
    if (t + 8 <= taps) {                                                                                       \
        __m256 w0 = W_LOAD(t);                                                                                 \
        s0 = _mm256_fmadd_ps(w0, _mm256_loadu_ps(x + t), s0);                                                  \
        q0 = _mm256_fmadd_ps(w0, _mm256_loadu_ps(y + t), q0);                                                  \
        t += 8;                                                                                                \
    }                                                                                                          \
    if (t < taps) {                                                                                            \
        ptrdiff_t e = taps - 8;                                                                                \
        __m256 w0 = _mm256_and_ps(W_TAIL(e), tail_mask(taps - t));                                             \
        s1 = _mm256_fmadd_ps(w0, _mm256_loadu_ps(x + e), s1);                                                  \
        q1 = _mm256_fmadd_ps(w0, _mm256_loadu_ps(y + e), q1);                                                  \
    }

#define AVX2_W_BLEND(t) blend256_ps(row, step, a, (t))
#define AVX2_W_READY(t) _mm256_loadu_ps(w + (t))

/* Fewer than 8 taps: one half vector if it fits, then one element at a time. */
AVX2 static void avx2_dot2_blend_short(const float *x, const float *y, const float *row, const float *step,
                                       float alpha, ptrdiff_t taps, float *out) {
    const __m256 a = _mm256_set1_ps(alpha);
    __m128 hx = _mm_setzero_ps(), hy = _mm_setzero_ps();
    ptrdiff_t t = 0;
    if (t + 4 <= taps) {
        __m128 w0 = blend128_ps(row, step, a, t);
        hx = _mm_fmadd_ps(w0, _mm_loadu_ps(x + t), hx);
        hy = _mm_fmadd_ps(w0, _mm_loadu_ps(y + t), hy);
        t += 4;
    }
    float sx = hsum_ps(hx), sy = hsum_ps(hy);
    for (; t < taps; t++) {
        float w = blend1_ps(row, step, alpha, t);
        sx = __builtin_fmaf(w, x[t], sx);
        sy = __builtin_fmaf(w, y[t], sy);
    }
    out[0] = sx;
    out[1] = sy;
}

AVX2 static float avx2_dot_blend_f32(const float *x, const float *row, const float *step, float alpha,
                                     ptrdiff_t taps) {
    if (taps < 8) {
        float out[2];
        avx2_dot2_blend_short(x, x, row, step, alpha, taps, out);
        return out[0];
    }
    const __m256 a = _mm256_set1_ps(alpha);
    __m256 s0 = _mm256_setzero_ps(), s1 = _mm256_setzero_ps();
    ptrdiff_t t = 0;
    for (; t + 16 <= taps; t += 16) {
        s0 = _mm256_fmadd_ps(blend256_ps(row, step, a, t), _mm256_loadu_ps(x + t), s0);
        s1 = _mm256_fmadd_ps(blend256_ps(row, step, a, t + 8), _mm256_loadu_ps(x + t + 8), s1);
    }
    if (t + 8 <= taps) {
        s0 = _mm256_fmadd_ps(blend256_ps(row, step, a, t), _mm256_loadu_ps(x + t), s0);
        t += 8;
    }
    if (t < taps) {
        ptrdiff_t e = taps - 8;
        __m256 w0 = _mm256_and_ps(blend256_ps(row, step, a, e), tail_mask(taps - t));
        s1 = _mm256_fmadd_ps(w0, _mm256_loadu_ps(x + e), s1);
    }
    __m256 s = _mm256_add_ps(s0, s1);
    return _mm_cvtss_f32(hsum2_256(s, s));
}

AVX2 static void avx2_dot2_blend_f32(const float *x, const float *y, const float *row, const float *step,
                                     float alpha, ptrdiff_t taps, float *out) {
    if (taps < 8) {
        avx2_dot2_blend_short(x, y, row, step, alpha, taps, out);
        return;
    }
    const __m256 a = _mm256_set1_ps(alpha);
    __m256 s0 = _mm256_setzero_ps(), s1 = _mm256_setzero_ps(), q0 = _mm256_setzero_ps(), q1 = _mm256_setzero_ps();
    AVX2_DOT_WIDE(AVX2_W_BLEND, AVX2_W_BLEND)
    _mm_storel_pi((__m64 *)out, hsum2_256(_mm256_add_ps(s0, s1), _mm256_add_ps(q0, q1)));
}

/* avx2_dot2_blend_f32 with ready weights, in the same order. */
AVX2 static void avx2_dot2_f32(const float *x, const float *y, const float *w, ptrdiff_t taps, float *out) {
    if (taps < 8) {
        float sx = 0, sy = 0;
        ptrdiff_t t = 0;
        if (t + 4 <= taps) {
            __m128 w0 = _mm_loadu_ps(w);
            __m128 hx = _mm_fmadd_ps(w0, _mm_loadu_ps(x), _mm_setzero_ps());
            __m128 hy = _mm_fmadd_ps(w0, _mm_loadu_ps(y), _mm_setzero_ps());
            sx = hsum_ps(hx);
            sy = hsum_ps(hy);
            t += 4;
        }
        for (; t < taps; t++) {
            sx = __builtin_fmaf(w[t], x[t], sx);
            sy = __builtin_fmaf(w[t], y[t], sy);
        }
        out[0] = sx;
        out[1] = sy;
        return;
    }
    __m256 s0 = _mm256_setzero_ps(), s1 = _mm256_setzero_ps(), q0 = _mm256_setzero_ps(), q1 = _mm256_setzero_ps();
    AVX2_DOT_WIDE(AVX2_W_READY, AVX2_W_READY)
    _mm_storel_pi((__m64 *)out, hsum2_256(_mm256_add_ps(s0, s1), _mm256_add_ps(q0, q1)));
}

AVX2 static void avx2_blend_f32(const float *row, const float *step, float alpha, ptrdiff_t taps, float *w) {
    const __m256 a = _mm256_set1_ps(alpha);
    ptrdiff_t t = 0;
    for (; t + 8 <= taps; t += 8) _mm256_storeu_ps(w + t, blend256_ps(row, step, a, t));
    if (t + 4 <= taps) {
        _mm_storeu_ps(w + t, blend128_ps(row, step, a, t));
        t += 4;
    }
    for (; t < taps; t++) w[t] = blend1_ps(row, step, alpha, t);
}

AVX2 static void avx2_blend_f64(const double *row0, const double *row1, double alpha, ptrdiff_t taps, double *w) {
    const __m256d a = _mm256_set1_pd(alpha);
    ptrdiff_t t = 0;
    for (; t + 4 <= taps; t += 4) {
        __m256d r0 = _mm256_loadu_pd(row0 + t), r1 = _mm256_loadu_pd(row1 + t);
        _mm256_storeu_pd(w + t, _mm256_fmadd_pd(a, _mm256_sub_pd(r1, r0), r0));
    }
    if (t + 2 <= taps) {
        __m128d r0 = _mm_loadu_pd(row0 + t), r1 = _mm_loadu_pd(row1 + t);
        _mm_storeu_pd(w + t, _mm_fmadd_pd(_mm256_castpd256_pd128(a), _mm_sub_pd(r1, r0), r0));
        t += 2;
    }
    if (t < taps) w[t] = __builtin_fma(alpha, row1[t] - row0[t], row0[t]);
}

AVX2 static double avx2_dot_f64(const double *x, const double *w, ptrdiff_t taps) {
    __m256d s0 = _mm256_setzero_pd(), s1 = _mm256_setzero_pd();
    ptrdiff_t t = 0;
    for (; t + 8 <= taps; t += 8) {
        s0 = _mm256_fmadd_pd(_mm256_loadu_pd(w + t), _mm256_loadu_pd(x + t), s0);
        s1 = _mm256_fmadd_pd(_mm256_loadu_pd(w + t + 4), _mm256_loadu_pd(x + t + 4), s1);
    }
    if (t + 4 <= taps) {
        s0 = _mm256_fmadd_pd(_mm256_loadu_pd(w + t), _mm256_loadu_pd(x + t), s0);
        t += 4;
    }
    __m128d h = fold256_pd(_mm256_add_pd(s0, s1));
    if (t + 2 <= taps) {
        h = _mm_fmadd_pd(_mm_loadu_pd(w + t), _mm_loadu_pd(x + t), h);
        t += 2;
    }
    double s = hsum_pd(h);
    if (t < taps) s = __builtin_fma(w[t], x[t], s);
    return s;
}

AVX2 static void avx2_dot2_f64(const double *x, const double *y, const double *w, ptrdiff_t taps, double *out) {
    __m256d s0 = _mm256_setzero_pd(), s1 = _mm256_setzero_pd(), q0 = _mm256_setzero_pd(), q1 = _mm256_setzero_pd();
    ptrdiff_t t = 0;
    for (; t + 8 <= taps; t += 8) {
        __m256d w0 = _mm256_loadu_pd(w + t), w1 = _mm256_loadu_pd(w + t + 4);
        s0 = _mm256_fmadd_pd(w0, _mm256_loadu_pd(x + t), s0);
        q0 = _mm256_fmadd_pd(w0, _mm256_loadu_pd(y + t), q0);
        s1 = _mm256_fmadd_pd(w1, _mm256_loadu_pd(x + t + 4), s1);
        q1 = _mm256_fmadd_pd(w1, _mm256_loadu_pd(y + t + 4), q1);
    }
    if (t + 4 <= taps) {
        __m256d w0 = _mm256_loadu_pd(w + t);
        s0 = _mm256_fmadd_pd(w0, _mm256_loadu_pd(x + t), s0);
        q0 = _mm256_fmadd_pd(w0, _mm256_loadu_pd(y + t), q0);
        t += 4;
    }
    __m128d hx = fold256_pd(_mm256_add_pd(s0, s1)), hy = fold256_pd(_mm256_add_pd(q0, q1));
    if (t + 2 <= taps) {
        __m128d w0 = _mm_loadu_pd(w + t);
        hx = _mm_fmadd_pd(w0, _mm_loadu_pd(x + t), hx);
        hy = _mm_fmadd_pd(w0, _mm_loadu_pd(y + t), hy);
        t += 2;
    }
    double sx = hsum_pd(hx), sy = hsum_pd(hy);
    if (t < taps) {
        sx = __builtin_fma(w[t], x[t], sx);
        sy = __builtin_fma(w[t], y[t], sy);
    }
    out[0] = sx;
    out[1] = sy;
}

WARP_SIMD_DEFINE_RUNS(avx2, AVX2)

/* The cache slot holding the blended weights of phase key `key`, blending them into the slot
 * the cache gives up when no slot holds them (never the slot used last, `*last`, which becomes
 * this one). Counts a hit in `*hits`. */
AVX2 static inline const float *avx2_cached_row_f32(WarpSIMDRowCache *cache, const float *rows, const float *steps,
                                                    ptrdiff_t stride, ptrdiff_t phases, ptrdiff_t taps, ptrdiff_t key,
                                                    ptrdiff_t *last, ptrdiff_t *hits) {
    int hit;
    const ptrdiff_t s = warp_simd_key_lookup(cache, key, *last, &hit);
    float *w = (float *)cache->storage + s * cache->stride;
    if (hit) {
        (*hits)++;
    } else {
        const ptrdiff_t phi = warp_simd_key_phi(key, phases), r = phi * stride;
        avx2_blend_f32(rows + r, steps + r, warp_simd_key_blend_f32(key, phi), taps, w);
        cache->keys[s] = key;
    }
    *last = s;
    return w;
}

/* Two outputs' accumulators side by side, one 8-tap step `t` of weights `wa` and `wb` (the
 * same step for both, so each output sums in the order of avx2_dot2_f32, AVX2_DOT_WIDE; their
 * chains of multiply-adds run beside each other). SA, QA, SB, QB: the accumulators taking it. */
#define AVX2_PAIR_STEP(t, SA, QA, SB, QB)                                                                      \
    do {                                                                                                       \
        const __m256 wa_ = _mm256_loadu_ps(wa + (t)), wb_ = _mm256_loadu_ps(wb + (t));                         \
        SA = _mm256_fmadd_ps(wa_, _mm256_loadu_ps(left + xa + (t)), SA);                                       \
        QA = _mm256_fmadd_ps(wa_, _mm256_loadu_ps(right + xa + (t)), QA);                                      \
        SB = _mm256_fmadd_ps(wb_, _mm256_loadu_ps(left + xb + (t)), SB);                                       \
        QB = _mm256_fmadd_ps(wb_, _mm256_loadu_ps(right + xb + (t)), QB);                                      \
    } while (0)

/* hsum2_256 of two outputs at once, from `ha = hadd(sa, qa)` and `hb = hadd(sb, qb)`: the same
 * additions in the same order (each sum is a + b in both, and IEEE addition commutes), as
 * [a left, a right, b left, b right]. */
AVX2 static inline __m128 hsum2x2_finish(__m256 ha, __m256 hb) {
    const __m256 f = _mm256_add_ps(_mm256_permute2f128_ps(ha, hb, 0x20), _mm256_permute2f128_ps(ha, hb, 0x31));
    const __m256 g = _mm256_hadd_ps(f, f);
    return _mm_movelh_ps(_mm256_castps256_ps128(g), _mm256_extractf128_ps(g, 1));
}

/* avx2_sinc2kc_f32 for at least 8 taps with the loop bounds worked out once per run. Outputs go
 * two at a time: the horizontal sums at the end of an output wait on its chain of multiply-adds,
 * and a second output's independent chain beside it keeps the vector units busy (one output at a
 * time, those sums took half of the kernel's time). Each output's sums are those of
 * avx2_dot2_f32, bit for bit. The second output's row is looked up after the first's, and the
 * cache never gives up the slot used last, so the first output's weights stay in place. */
AVX2 static ptrdiff_t avx2_sinc2kc_f32_run(const float *left, const float *right, const float *rows,
                                           const float *steps, ptrdiff_t stride, ptrdiff_t phases, ptrdiff_t taps,
                                           const ptrdiff_t *plan, ptrdiff_t count, float *out,
                                           WarpSIMDRowCache *cache) {
    if (taps < 8) return avx2_sinc2kc_f32(left, right, rows, steps, stride, phases, taps, plan, count, out, cache);
    const ptrdiff_t n16 = taps & ~(ptrdiff_t)15;
    const int has8 = (taps & 8) != 0;
    const ptrdiff_t rest = taps & 7, e = taps - 8;
    const __m256 tm = tail_mask(rest);
    ptrdiff_t hits = 0, last = cache->last, i = 0;
    /* The sums of the pair before, finished one pair late: by then its chains have long ended,
     * so nothing waits on them while the next pair's products are under way. */
    __m256 pha = _mm256_setzero_ps(), phb = _mm256_setzero_ps();
    for (; i + 2 <= count; i += 2) {
        const ptrdiff_t xa = plan[2 * i], xb = plan[2 * i + 2];
        const float *wa = avx2_cached_row_f32(cache, rows, steps, stride, phases, taps, plan[2 * i + 1], &last, &hits);
        const float *wb = avx2_cached_row_f32(cache, rows, steps, stride, phases, taps, plan[2 * i + 3], &last, &hits);
        __m256 sa0 = _mm256_setzero_ps(), sa1 = _mm256_setzero_ps(), qa0 = _mm256_setzero_ps(),
               qa1 = _mm256_setzero_ps();
        __m256 sb0 = _mm256_setzero_ps(), sb1 = _mm256_setzero_ps(), qb0 = _mm256_setzero_ps(),
               qb1 = _mm256_setzero_ps();
        for (ptrdiff_t t = 0; t < n16; t += 16) {
            AVX2_PAIR_STEP(t, sa0, qa0, sb0, qb0);
            AVX2_PAIR_STEP(t + 8, sa1, qa1, sb1, qb1);
        }
        if (has8) AVX2_PAIR_STEP(n16, sa0, qa0, sb0, qb0);
        if (rest) {
            const __m256 wa_ = _mm256_and_ps(_mm256_loadu_ps(wa + e), tm), wb_ = _mm256_and_ps(_mm256_loadu_ps(wb + e), tm);
            sa1 = _mm256_fmadd_ps(wa_, _mm256_loadu_ps(left + xa + e), sa1);
            qa1 = _mm256_fmadd_ps(wa_, _mm256_loadu_ps(right + xa + e), qa1);
            sb1 = _mm256_fmadd_ps(wb_, _mm256_loadu_ps(left + xb + e), sb1);
            qb1 = _mm256_fmadd_ps(wb_, _mm256_loadu_ps(right + xb + e), qb1);
        }
        if (i > 0) _mm_storeu_ps(out + 2 * (i - 2), hsum2x2_finish(pha, phb));
        pha = _mm256_hadd_ps(_mm256_add_ps(sa0, sa1), _mm256_add_ps(qa0, qa1));
        phb = _mm256_hadd_ps(_mm256_add_ps(sb0, sb1), _mm256_add_ps(qb0, qb1));
    }
    if (i > 0) _mm_storeu_ps(out + 2 * (i - 2), hsum2x2_finish(pha, phb));
    if (i < count) {
        const ptrdiff_t x = plan[2 * i];
        const float *w = avx2_cached_row_f32(cache, rows, steps, stride, phases, taps, plan[2 * i + 1], &last, &hits);
        avx2_dot2_f32(left + x, right + x, w, taps, out + 2 * i);
    }
    cache->last = last;
    return hits;
}

#undef AVX2_PAIR_STEP

WARP_SIMD_DEFINE_TABLE(warp_simd_avx2_kernels, WARP_SIMD_AVX2, avx2, avx2_sinc2kc_f32_run)
#endif
