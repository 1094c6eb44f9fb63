/* The per-level kernel tables (internal to CWarpSIMD). */
#ifndef WARP_SIMD_LEVELS_H
#define WARP_SIMD_LEVELS_H

#include "warp_simd.h"

/* A phase key's row (see WarpSIMDKernels.sinc2k_f32: `phases` rows plus the last), its offset
 * and its blend. */
static inline ptrdiff_t warp_simd_key_phi(ptrdiff_t key, ptrdiff_t phases) {
    ptrdiff_t phi = key >> WARP_SIMD_KEY_BITS;
    return phi < phases - 1 ? phi : phases - 1;
}

static inline float warp_simd_key_blend_f32(ptrdiff_t key, ptrdiff_t phi) {
    return (float)(key - (phi << WARP_SIMD_KEY_BITS)) * 0x1p-20f;
}

static inline double warp_simd_key_blend_f64(ptrdiff_t key, ptrdiff_t phi) {
    return (double)(key - (phi << WARP_SIMD_KEY_BITS)) * 0x1p-20;
}

/* The cache slot of phase key `key` (`mask`: slots - 1). */
static inline ptrdiff_t warp_simd_key_slot(ptrdiff_t key, ptrdiff_t mask) {
    return (ptrdiff_t)(((unsigned long long)key * 0x9E3779B97F4A7C15ull) >> 59) & mask;
}

/* The slot of `cache` holding `key`, or, when none does (*hit = 0), the one to fill: of the two
 * ways, not the one used last. */
static inline ptrdiff_t warp_simd_key_lookup(const WarpSIMDRowCache *cache, ptrdiff_t key, ptrdiff_t last, int *hit) {
    ptrdiff_t s = warp_simd_key_slot(key, cache->mask);
    if (cache->keys[s] == key) {
        *hit = 1;
        return s;
    }
    if (cache->keys[s ^ 1] == key) {
        *hit = 1;
        return s ^ 1;
    }
    *hit = 0;
    return last == s ? s ^ 1 : s;
}

/* The run kernels of a level from its one-output kernels PREFIX_dot2_blend_f32, PREFIX_dot2_f32
 * (as dot2_blend_f32 with ready weights, summed in the same order), PREFIX_blend_f32,
 * PREFIX_blend_f64 and PREFIX_dot2_f64 (static, in the same file, so they inline into the loops),
 * with the function attributes ATTR. */
#define WARP_SIMD_DEFINE_RUNS(PREFIX, ATTR)                                                                    \
    ATTR static void PREFIX##_sinc2k_f32(const float *left, const float *right, const float *rows,              \
                                         const float *steps, ptrdiff_t stride, ptrdiff_t phases,                \
                                         ptrdiff_t taps, const ptrdiff_t *plan, ptrdiff_t count, float *out) {  \
        for (ptrdiff_t i = 0; i < count; i++) {                                                                 \
            ptrdiff_t x = plan[2 * i], key = plan[2 * i + 1], phi = warp_simd_key_phi(key, phases);             \
            PREFIX##_dot2_blend_f32(left + x, right + x, rows + phi * stride, steps + phi * stride,             \
                                    warp_simd_key_blend_f32(key, phi), taps, out + 2 * i);                      \
        }                                                                                                       \
    }                                                                                                           \
    ATTR static ptrdiff_t PREFIX##_sinc2kc_f32(const float *left, const float *right, const float *rows,        \
                                               const float *steps, ptrdiff_t stride, ptrdiff_t phases,          \
                                               ptrdiff_t taps, const ptrdiff_t *plan, ptrdiff_t count,          \
                                               float *out, WarpSIMDRowCache *cache) {                           \
        ptrdiff_t hits = 0, last = cache->last;                                                                 \
        float *storage = (float *)cache->storage;                                                               \
        for (ptrdiff_t i = 0; i < count; i++) {                                                                 \
            ptrdiff_t x = plan[2 * i], key = plan[2 * i + 1];                                                   \
            int hit;                                                                                            \
            ptrdiff_t s = warp_simd_key_lookup(cache, key, last, &hit);                                         \
            float *w = storage + s * cache->stride;                                                             \
            if (hit) {                                                                                          \
                hits++;                                                                                         \
            } else {                                                                                            \
                ptrdiff_t phi = warp_simd_key_phi(key, phases), r = phi * stride;                               \
                PREFIX##_blend_f32(rows + r, steps + r, warp_simd_key_blend_f32(key, phi), taps, w);            \
                cache->keys[s] = key;                                                                           \
            }                                                                                                   \
            last = s;                                                                                           \
            PREFIX##_dot2_f32(left + x, right + x, w, taps, out + 2 * i);                                       \
        }                                                                                                       \
        cache->last = last;                                                                                     \
        return hits;                                                                                            \
    }                                                                                                           \
    ATTR static void PREFIX##_sinc2k_f64(const double *left, const double *right, const double *rows,           \
                                         ptrdiff_t stride, ptrdiff_t phases, ptrdiff_t taps,                    \
                                         const ptrdiff_t *plan, ptrdiff_t count, double *scratch, double *out) { \
        for (ptrdiff_t i = 0; i < count; i++) {                                                                 \
            ptrdiff_t x = plan[2 * i], key = plan[2 * i + 1], phi = warp_simd_key_phi(key, phases);             \
            ptrdiff_t r = phi * stride;                                                                         \
            PREFIX##_blend_f64(rows + r, rows + r + stride, warp_simd_key_blend_f64(key, phi), taps, scratch);  \
            PREFIX##_dot2_f64(left + x, right + x, scratch, taps, out + 2 * i);                                 \
        }                                                                                                       \
    }                                                                                                           \
    ATTR static ptrdiff_t PREFIX##_sinc2kc_f64(const double *left, const double *right, const double *rows,     \
                                               ptrdiff_t stride, ptrdiff_t phases, ptrdiff_t taps,              \
                                               const ptrdiff_t *plan, ptrdiff_t count, double *out,             \
                                               WarpSIMDRowCache *cache) {                                       \
        ptrdiff_t hits = 0, last = cache->last;                                                                 \
        double *storage = (double *)cache->storage;                                                             \
        for (ptrdiff_t i = 0; i < count; i++) {                                                                 \
            ptrdiff_t x = plan[2 * i], key = plan[2 * i + 1];                                                   \
            int hit;                                                                                            \
            ptrdiff_t s = warp_simd_key_lookup(cache, key, last, &hit);                                         \
            double *w = storage + s * cache->stride;                                                            \
            if (hit) {                                                                                          \
                hits++;                                                                                         \
            } else {                                                                                            \
                ptrdiff_t phi = warp_simd_key_phi(key, phases), r = phi * stride;                               \
                PREFIX##_blend_f64(rows + r, rows + r + stride, warp_simd_key_blend_f64(key, phi), taps, w);    \
                cache->keys[s] = key;                                                                           \
            }                                                                                                   \
            last = s;                                                                                           \
            PREFIX##_dot2_f64(left + x, right + x, w, taps, out + 2 * i);                                       \
        }                                                                                                       \
        cache->last = last;                                                                                     \
        return hits;                                                                                            \
    }


/* The table NAME of a level from its kernels (WARP_SIMD_DEFINE_RUNS), with KC_F32 as sinc2kc_f32. */
#define WARP_SIMD_DEFINE_TABLE(NAME, LEVEL, PREFIX, KC_F32)                                                    \
    const WarpSIMDKernels NAME = {                                                                              \
        LEVEL, PREFIX##_dot_blend_f32, PREFIX##_dot2_blend_f32, PREFIX##_blend_f32, PREFIX##_blend_f64,         \
        PREFIX##_dot_f64, PREFIX##_dot2_f64, PREFIX##_sinc2k_f32, KC_F32, PREFIX##_sinc2k_f64,                  \
        PREFIX##_sinc2kc_f64,                                                                                   \
    };

/* A level's run kernels and its table NAME (see WARP_SIMD_DEFINE_RUNS). */
#define WARP_SIMD_DEFINE_LEVEL(NAME, LEVEL, PREFIX, ATTR)                                                      \
    WARP_SIMD_DEFINE_RUNS(PREFIX, ATTR)                                                                         \
    WARP_SIMD_DEFINE_TABLE(NAME, LEVEL, PREFIX, PREFIX##_sinc2kc_f32)

/** Portable C (every build). */
extern const WarpSIMDKernels warp_simd_scalar_kernels;
#if defined(__x86_64__)
/** SSE2 (every x86-64 CPU). */
extern const WarpSIMDKernels warp_simd_sse2_kernels;
/** AVX2 with FMA (only when the CPU has both and the OS saves the AVX state). */
extern const WarpSIMDKernels warp_simd_avx2_kernels;
#endif
#if defined(__aarch64__)
/** arm64 Advanced SIMD (every arm64 CPU). */
extern const WarpSIMDKernels warp_simd_neon_kernels;
#endif

#endif
