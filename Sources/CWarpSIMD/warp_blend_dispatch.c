/* Chooses the blend kernels once per process from the CPU. */
#include "warp_blend_levels.h"

#if defined(__x86_64__)
#include <cpuid.h>

/* AVX2 in cpuid, and the OS saving the SSE and AVX registers (OSXSAVE, XCR0 bits 1-2). */
static int blend_cpu_has_avx2(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    const unsigned osxsave = 1u << 27, avx = 1u << 28;
    if ((c & (osxsave | avx)) != (osxsave | avx)) return 0;
    unsigned lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    if ((lo & 6u) != 6u) return 0;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    return (b & (1u << 5)) != 0;
}
#endif

const WarpBlendKernels *warp_blend_kernels(int level) {
    switch (level) {
    case 0: return &warp_blend_scalar_kernels;
#if defined(__x86_64__)
    case 1: return &warp_blend_sse2_kernels;
    case 2: return blend_cpu_has_avx2() ? &warp_blend_avx2_kernels : NULL;
#endif
#if defined(__aarch64__)
    case 3: return &warp_blend_neon_kernels;
#endif
    default: return NULL;
    }
}

/* Set on first use; every thread computes the same value, so a race only repeats the check. */
static const WarpBlendKernels *blend_chosen;

const WarpBlendKernels *warp_blend_best_kernels(void) {
    const WarpBlendKernels *k = __atomic_load_n(&blend_chosen, __ATOMIC_RELAXED);
    if (__builtin_expect(k == 0, 0)) {
        for (int level = 3; level >= 0 && !k; level--) k = warp_blend_kernels(level);
        __atomic_store_n(&blend_chosen, k, __ATOMIC_RELAXED);
    }
    return k;
}
