/*
 * CWarpSIMD: the vector kernels of audiotimewarp's sinc resampler (TimeWarpAudioCore).
 *
 * Two operations, each in Float (F32 input) and Double (S16, S32, F64 input):
 *   - the table-row blend  w[t] = row[t] + alpha * step[t]  (Float: `step` is the difference to
 *     the next row; Double: `row0 + alpha * (row1 - row0)`);
 *   - the dot product  sum_t w[t] * x[t], for one channel or two channels sharing the weights
 *     (the Float ones blend the weights on the fly).
 *
 * Each is compiled once per instruction set (portable C, SSE2, AVX2+FMA on x86-64; NEON on
 * arm64) and chosen once per process from the CPU (cpuid through __builtin_cpu_supports).
 * Summation orders depend only on `taps` and the level, never on alignment, and a channel of
 * a two-channel product is summed exactly as the one-channel product sums it. Tails are read
 * element-wise, by half vectors, or (AVX2 Float, at least 8 taps) as one vector ending at `taps`
 * with the weights of lanes already summed zeroed: nothing is read at or past `taps`.
 */
#ifndef WARP_SIMD_H
#define WARP_SIMD_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Instruction-set levels of the kernels. */
typedef enum {
    WARP_SIMD_SCALAR = 0, /**< Portable C. */
    WARP_SIMD_SSE2 = 1,   /**< x86-64 SSE2 (every x86-64 CPU). */
    WARP_SIMD_AVX2 = 2,   /**< x86-64 AVX2 with FMA. */
    WARP_SIMD_NEON = 3    /**< arm64 Advanced SIMD. */
} WarpSIMDLevel;

/** Number of levels (the largest level plus one). */
#define WARP_SIMD_LEVEL_COUNT 4

/** A phase key (see WarpSIMDKernels.sinc2k_f32) counts 2^-WARP_SIMD_KEY_BITS of a table row. */
#define WARP_SIMD_KEY_BITS 20

/** Most slots of a WarpSIMDRowCache. */
#define WARP_SIMD_ROW_CACHE_SLOTS 32

/** Blended weight rows keyed by phase key (see WarpSIMDKernels.sinc2kc_f32). Set up and emptied
 *  by warp_simd_row_cache_reset. */
typedef struct WarpSIMDRowCache {
    /** Slot i's weights start at `storage + i * stride` elements (Float or Double). */
    void *storage;
    /** Elements per slot (at least the taps of the rows cached). */
    ptrdiff_t stride;
    /** Slots minus one (slots: a power of two, 2 ... WARP_SIMD_ROW_CACHE_SLOTS). */
    ptrdiff_t mask;
    /** Phase key per slot (-1: empty). */
    ptrdiff_t keys[WARP_SIMD_ROW_CACHE_SLOTS];
    /** The slot used last. A key lives in its hashed slot or the one next to it (index ^ 1); a
     *  new row replaces whichever of the two was not used last. */
    ptrdiff_t last;
} WarpSIMDRowCache;

/** Empties `cache` and gives it `slots` slots of `stride` elements at `storage` (`slots` rounded
 *  down to a power of two and clamped to 2 ... WARP_SIMD_ROW_CACHE_SLOTS: `storage` must hold that
 *  many). */
void warp_simd_row_cache_reset(WarpSIMDRowCache *cache, void *storage, ptrdiff_t stride, ptrdiff_t slots);

/** The kernels of one level. */
typedef struct WarpSIMDKernels {
    /** The level (a WarpSIMDLevel). */
    int level;
    /** sum_t (row[t] + alpha * step[t]) * x[t], t < taps. */
    float (*dot_blend_f32)(const float *x, const float *row, const float *step, float alpha, ptrdiff_t taps);
    /** dot_blend_f32 of x into out[0] and of y into out[1]. */
    void (*dot2_blend_f32)(const float *x, const float *y, const float *row, const float *step, float alpha,
                           ptrdiff_t taps, float *out);
    /** w[t] = row[t] + alpha * step[t], t < taps. */
    void (*blend_f32)(const float *row, const float *step, float alpha, ptrdiff_t taps, float *w);
    /** w[t] = row0[t] + alpha * (row1[t] - row0[t]), t < taps. */
    void (*blend_f64)(const double *row0, const double *row1, double alpha, ptrdiff_t taps, double *w);
    /** sum_t w[t] * x[t], t < taps. */
    double (*dot_f64)(const double *x, const double *w, ptrdiff_t taps);
    /** dot_f64 of x into out[0] and of y into out[1]. */
    void (*dot2_f64)(const double *x, const double *y, const double *w, ptrdiff_t taps, double *out);
    /** A run of two-channel outputs, each point's row and blend in a phase key: for point i,
     *  x = plan[2i] and key = plan[2i + 1] (0 ... phases * 2^20, the phase in 2^-20 of a row)
     *  stand for the row phi = min(key >> 20, phases - 1), its offset r = phi * stride, and the
     *  blend alpha = (key - phi * 2^20) * 2^-20 (0 ... 1, exact in Float); point i is
     *  dot2_blend_f32(left + x, right + x, rows + r, steps + r, alpha, taps, out + 2i). */
    void (*sinc2k_f32)(const float *left, const float *right, const float *rows, const float *steps, ptrdiff_t stride,
                       ptrdiff_t phases, ptrdiff_t taps, const ptrdiff_t *plan, ptrdiff_t count, float *out);
    /** sinc2k_f32 through `cache`, its slots keyed by the phase key: a point whose key a slot
     *  holds reads that slot's weights; otherwise blend_f32 writes them there first (the product with
     *  ready weights sums as dot2_blend_f32 does, so the outputs equal sinc2k_f32's bit for bit).
     *  Returns the points that found their weights. */
    ptrdiff_t (*sinc2kc_f32)(const float *left, const float *right, const float *rows, const float *steps,
                             ptrdiff_t stride, ptrdiff_t phases, ptrdiff_t taps, const ptrdiff_t *plan,
                             ptrdiff_t count, float *out, struct WarpSIMDRowCache *cache);
    /** sinc2k_f32 for Double: point i is blend_f64(rows + r, rows + r + stride, alpha, taps,
     *  scratch) then dot2_f64(left + x, right + x, scratch, taps, out + 2i) (`scratch`: `taps`
     *  values; `stride`: the Double rows' stride). */
    void (*sinc2k_f64)(const double *left, const double *right, const double *rows, ptrdiff_t stride,
                       ptrdiff_t phases, ptrdiff_t taps, const ptrdiff_t *plan, ptrdiff_t count, double *scratch,
                       double *out);
    /** sinc2k_f64 through `cache` (as sinc2kc_f32). */
    ptrdiff_t (*sinc2kc_f64)(const double *left, const double *right, const double *rows, ptrdiff_t stride,
                             ptrdiff_t phases, ptrdiff_t taps, const ptrdiff_t *plan, ptrdiff_t count, double *out,
                             struct WarpSIMDRowCache *cache);
} WarpSIMDKernels;

/** The kernels of `level` if this build has them and the CPU runs them, else NULL. */
const WarpSIMDKernels *warp_simd_kernels(int level);

/** The level the dispatching functions below use: the best the CPU runs (chosen once). */
int warp_simd_level(void);

/** Dispatching forms of the WarpSIMDKernels members (the best level). */
float warp_simd_dot_blend_f32(const float *x, const float *row, const float *step, float alpha, ptrdiff_t taps);
/** See WarpSIMDKernels.dot2_blend_f32. */
void warp_simd_dot2_blend_f32(const float *x, const float *y, const float *row, const float *step, float alpha,
                              ptrdiff_t taps, float *out);
/** See WarpSIMDKernels.blend_f32. */
void warp_simd_blend_f32(const float *row, const float *step, float alpha, ptrdiff_t taps, float *w);
/** See WarpSIMDKernels.blend_f64. */
void warp_simd_blend_f64(const double *row0, const double *row1, double alpha, ptrdiff_t taps, double *w);
/** See WarpSIMDKernels.dot_f64. */
double warp_simd_dot_f64(const double *x, const double *w, ptrdiff_t taps);
/** See WarpSIMDKernels.dot2_f64. */
void warp_simd_dot2_f64(const double *x, const double *y, const double *w, ptrdiff_t taps, double *out);

/** See WarpSIMDKernels.sinc2k_f32. */
void warp_simd_sinc2k_f32(const float *left, const float *right, const float *rows, const float *steps,
                          ptrdiff_t stride, ptrdiff_t phases, ptrdiff_t taps, const ptrdiff_t *plan, ptrdiff_t count,
                          float *out);
/** See WarpSIMDKernels.sinc2kc_f32. */
ptrdiff_t warp_simd_sinc2kc_f32(const float *left, const float *right, const float *rows, const float *steps,
                                ptrdiff_t stride, ptrdiff_t phases, ptrdiff_t taps, const ptrdiff_t *plan,
                                ptrdiff_t count, float *out, WarpSIMDRowCache *cache);
/** See WarpSIMDKernels.sinc2k_f64. */
void warp_simd_sinc2k_f64(const double *left, const double *right, const double *rows, ptrdiff_t stride,
                          ptrdiff_t phases, ptrdiff_t taps, const ptrdiff_t *plan, ptrdiff_t count, double *scratch,
                          double *out);
/** See WarpSIMDKernels.sinc2kc_f64. */
ptrdiff_t warp_simd_sinc2kc_f64(const double *left, const double *right, const double *rows, ptrdiff_t stride,
                                ptrdiff_t phases, ptrdiff_t taps, const ptrdiff_t *plan, ptrdiff_t count, double *out,
                                WarpSIMDRowCache *cache);

#ifdef __cplusplus
}
#endif

#endif
