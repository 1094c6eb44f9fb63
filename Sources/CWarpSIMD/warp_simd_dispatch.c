/* Chooses the kernels once per process from the CPU. */
#include "warp_simd_levels.h"

#if defined(__x86_64__)
#include <cpuid.h>

/* AVX2 and FMA in cpuid, and the OS saving the SSE and AVX registers (OSXSAVE, XCR0 bits 1-2). */
static int cpu_has_avx2_fma(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    const unsigned fma = 1u << 12, osxsave = 1u << 27, avx = 1u << 28;
    if ((c & (fma | osxsave | avx)) != (fma | osxsave | avx)) return 0;
    unsigned lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    if ((lo & 6u) != 6u) return 0;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    return (b & (1u << 5)) != 0; /* AVX2 */
}
#endif

const WarpSIMDKernels *warp_simd_kernels(int level) {
    switch (level) {
    case WARP_SIMD_SCALAR: return &warp_simd_scalar_kernels;
#if defined(__x86_64__)
    case WARP_SIMD_SSE2: return &warp_simd_sse2_kernels;
    case WARP_SIMD_AVX2: return cpu_has_avx2_fma() ? &warp_simd_avx2_kernels : NULL;
#endif
#if defined(__aarch64__)
    case WARP_SIMD_NEON: return &warp_simd_neon_kernels;
#endif
    default: return NULL;
    }
}

static const WarpSIMDKernels *best_kernels(void) {
    const WarpSIMDKernels *k = 0;
    for (int level = WARP_SIMD_LEVEL_COUNT - 1; level >= 0 && !k; level--) k = warp_simd_kernels(level);
    return k;
}

/* Set on first use; every thread computes the same value, so a race only repeats the check. */
static const WarpSIMDKernels *chosen;

static inline const WarpSIMDKernels *kernels(void) {
    const WarpSIMDKernels *k = __atomic_load_n(&chosen, __ATOMIC_RELAXED);
    if (__builtin_expect(k == 0, 0)) {
        k = best_kernels();
        __atomic_store_n(&chosen, k, __ATOMIC_RELAXED);
    }
    return k;
}

int warp_simd_level(void) { return kernels()->level; }

float warp_simd_dot_blend_f32(const float *x, const float *row, const float *step, float alpha, ptrdiff_t taps) {
    return kernels()->dot_blend_f32(x, row, step, alpha, taps);
}

void warp_simd_dot2_blend_f32(const float *x, const float *y, const float *row, const float *step, float alpha,
                              ptrdiff_t taps, float *out) {
    kernels()->dot2_blend_f32(x, y, row, step, alpha, taps, out);
}

void warp_simd_blend_f32(const float *row, const float *step, float alpha, ptrdiff_t taps, float *w) {
    kernels()->blend_f32(row, step, alpha, taps, w);
}

void warp_simd_blend_f64(const double *row0, const double *row1, double alpha, ptrdiff_t taps, double *w) {
    kernels()->blend_f64(row0, row1, alpha, taps, w);
}

double warp_simd_dot_f64(const double *x, const double *w, ptrdiff_t taps) {
    return kernels()->dot_f64(x, w, taps);
}

void warp_simd_dot2_f64(const double *x, const double *y, const double *w, ptrdiff_t taps, double *out) {
    kernels()->dot2_f64(x, y, w, taps, out);
}

void warp_simd_sinc2k_f32(const float *left, const float *right, const float *rows, const float *steps,
                          ptrdiff_t stride, ptrdiff_t phases, ptrdiff_t taps, const ptrdiff_t *plan, ptrdiff_t count,
                          float *out) {
    kernels()->sinc2k_f32(left, right, rows, steps, stride, phases, taps, plan, count, out);
}

ptrdiff_t warp_simd_sinc2kc_f32(const float *left, const float *right, const float *rows, const float *steps,
                                ptrdiff_t stride, ptrdiff_t phases, ptrdiff_t taps, const ptrdiff_t *plan,
                                ptrdiff_t count, float *out, WarpSIMDRowCache *cache) {
    return kernels()->sinc2kc_f32(left, right, rows, steps, stride, phases, taps, plan, count, out, cache);
}

void warp_simd_sinc2k_f64(const double *left, const double *right, const double *rows, ptrdiff_t stride,
                          ptrdiff_t phases, ptrdiff_t taps, const ptrdiff_t *plan, ptrdiff_t count, double *scratch,
                          double *out) {
    kernels()->sinc2k_f64(left, right, rows, stride, phases, taps, plan, count, scratch, out);
}

ptrdiff_t warp_simd_sinc2kc_f64(const double *left, const double *right, const double *rows, ptrdiff_t stride,
                                ptrdiff_t phases, ptrdiff_t taps, const ptrdiff_t *plan, ptrdiff_t count, double *out,
                                WarpSIMDRowCache *cache) {
    return kernels()->sinc2kc_f64(left, right, rows, stride, phases, taps, plan, count, out, cache);
}

void warp_simd_row_cache_reset(WarpSIMDRowCache *cache, void *storage, ptrdiff_t stride, ptrdiff_t slots) {
    if (slots < 2) slots = 2;
    if (slots > WARP_SIMD_ROW_CACHE_SLOTS) slots = WARP_SIMD_ROW_CACHE_SLOTS;
    ptrdiff_t pow2 = 1;
    while (pow2 * 2 <= slots) pow2 *= 2;
    cache->storage = storage;
    cache->stride = stride;
    cache->mask = pow2 - 1;
    cache->last = -1;
    for (int i = 0; i < WARP_SIMD_ROW_CACHE_SLOTS; i++) cache->keys[i] = -1;
}
