/* x86-64 blend kernels: SSE2 (16 samples per step) and AVX2 (32 per step, then one SSE-width
 * step, then one sample at a time). Loads and stores are unaligned; nothing at or past `n` is
 * touched.
 *
 * The four-frame average uses byte averages (pavgb, (x + y + 1) >> 1) with an exact correction:
 * with p = avg(a, b), q = avg(c, d), s = a ^ b, t = c ^ d (their low bits: whether a + b, c + d
 * are odd), floor((a + b) / 2) = p - (s & 1) and
 *   (a + b + c + d + 2) >> 2 = avg(p - (s & ~t & 1), q - (t & 1)),
 * since (2x + e + 2y + f + 2) >> 2 = (x + y + 1 + (e & f)) >> 1 for x, y = the floors and e, f = the
 * low bits (and p - (s & ~t & 1) = x + (e & f) <= 255). This is 10 operations per vector instead
 * of widening to 16 bits; every (a, b, c, d) in 0...255 was checked against the formula. */
#if defined(__x86_64__)
#include <immintrin.h>
#include "warp_blend_levels.h"

/* ---- SSE2 ---------------------------------------------------------------------------------- */

static inline __m128i sse2_avg4(__m128i a, __m128i b, __m128i c, __m128i d) {
    const __m128i one = _mm_set1_epi8(1);
    const __m128i p = _mm_avg_epu8(a, b), q = _mm_avg_epu8(c, d);
    const __m128i s = _mm_xor_si128(a, b), t = _mm_xor_si128(c, d);
    const __m128i x = _mm_sub_epi8(p, _mm_and_si128(_mm_andnot_si128(t, s), one));
    const __m128i y = _mm_sub_epi8(q, _mm_and_si128(t, one));
    return _mm_avg_epu8(x, y);
}

/* Samples i ... i + 7 of `p` widened to 16 bits (lo) and i + 8 ... i + 15 (hi). */
static inline __m128i sse2_lo(__m128i v) { return _mm_unpacklo_epi8(v, _mm_setzero_si128()); }
static inline __m128i sse2_hi(__m128i v) { return _mm_unpackhi_epi8(v, _mm_setzero_si128()); }
static inline __m128i load128(const uint8_t *p) { return _mm_loadu_si128((const __m128i *)p); }
static inline void store128(uint8_t *p, __m128i v) { _mm_storeu_si128((__m128i *)p, v); }

/* (sum + 128) >> 8 of two vectors of 16-bit sums, packed back to 16 bytes. */
static inline __m128i sse2_finish(__m128i lo, __m128i hi) {
    const __m128i half = _mm_set1_epi16(128);
    return _mm_packus_epi16(_mm_srli_epi16(_mm_add_epi16(lo, half), 8), _mm_srli_epi16(_mm_add_epi16(hi, half), 8));
}

static void sse2_average2_u8(uint8_t *dst, const uint8_t *a, const uint8_t *b, ptrdiff_t n) {
    ptrdiff_t i = 0;
    for (; i + 16 <= n; i += 16) store128(dst + i, _mm_avg_epu8(load128(a + i), load128(b + i)));
    for (; i < n; i++) dst[i] = warp_blend_average2(a[i], b[i]);
}

static void sse2_average4_u8(uint8_t *dst, const uint8_t *a, const uint8_t *b, const uint8_t *c, const uint8_t *d,
                             ptrdiff_t n) {
    ptrdiff_t i = 0;
    for (; i + 16 <= n; i += 16)
        store128(dst + i, sse2_avg4(load128(a + i), load128(b + i), load128(c + i), load128(d + i)));
    for (; i < n; i++) dst[i] = warp_blend_average4(a[i], b[i], c[i], d[i]);
}

/* Adds v's samples times w to the sums (lo, hi). */
#define SSE2_MAC(lo, hi, v, w)                                                                        \
    do {                                                                                              \
        const __m128i v_ = (v);                                                                       \
        lo = _mm_add_epi16(lo, _mm_mullo_epi16(sse2_lo(v_), w));                                      \
        hi = _mm_add_epi16(hi, _mm_mullo_epi16(sse2_hi(v_), w));                                      \
    } while (0)

static inline __attribute__((always_inline)) void sse2_mix4(uint8_t *dst, const uint8_t *a, uint16_t wa, const uint8_t *b, uint16_t wb, const uint8_t *c,
                      uint16_t wc, const uint8_t *d, uint16_t wd, int frames, ptrdiff_t n) {
    const __m128i w0 = _mm_set1_epi16((short)wa), w1 = _mm_set1_epi16((short)wb);
    const __m128i w2 = _mm_set1_epi16((short)wc), w3 = _mm_set1_epi16((short)wd);
    ptrdiff_t i = 0;
    for (; i + 16 <= n; i += 16) {
        __m128i lo = _mm_setzero_si128(), hi = _mm_setzero_si128();
        SSE2_MAC(lo, hi, load128(a + i), w0);
        SSE2_MAC(lo, hi, load128(b + i), w1);
        if (frames > 2) SSE2_MAC(lo, hi, load128(c + i), w2);
        if (frames > 3) SSE2_MAC(lo, hi, load128(d + i), w3);
        store128(dst + i, sse2_finish(lo, hi));
    }
    for (; i < n; i++) {
        unsigned sum = a[i] * wa + b[i] * wb;
        if (frames > 2) sum += c[i] * wc;
        if (frames > 3) sum += d[i] * wd;
        dst[i] = warp_blend_mix(sum);
    }
}

static void sse2_mix2_u8(uint8_t *dst, const uint8_t *a, uint16_t wa, const uint8_t *b, uint16_t wb, ptrdiff_t n) {
    sse2_mix4(dst, a, wa, b, wb, 0, 0, 0, 0, 2, n);
}

static void sse2_mix3_u8(uint8_t *dst, const uint8_t *a, uint16_t wa, const uint8_t *b, uint16_t wb,
                         const uint8_t *c, uint16_t wc, ptrdiff_t n) {
    sse2_mix4(dst, a, wa, b, wb, c, wc, 0, 0, 3, n);
}

static void sse2_mix4_u8(uint8_t *dst, const uint8_t *a, uint16_t wa, const uint8_t *b, uint16_t wb,
                         const uint8_t *c, uint16_t wc, const uint8_t *d, uint16_t wd, ptrdiff_t n) {
    sse2_mix4(dst, a, wa, b, wb, c, wc, d, wd, 4, n);
}

const WarpBlendKernels warp_blend_sse2_kernels = {
    1, sse2_average2_u8, sse2_average4_u8, sse2_mix2_u8, sse2_mix3_u8, sse2_mix4_u8,
};

/* ---- AVX2 ---------------------------------------------------------------------------------- */

#define BLEND_AVX2 __attribute__((target("avx2")))

BLEND_AVX2 static inline __m256i load256(const uint8_t *p) { return _mm256_loadu_si256((const __m256i *)p); }
BLEND_AVX2 static inline void store256(uint8_t *p, __m256i v) { _mm256_storeu_si256((__m256i *)p, v); }

BLEND_AVX2 static inline __m256i avx2_avg4(__m256i a, __m256i b, __m256i c, __m256i d) {
    const __m256i one = _mm256_set1_epi8(1);
    const __m256i p = _mm256_avg_epu8(a, b), q = _mm256_avg_epu8(c, d);
    const __m256i s = _mm256_xor_si256(a, b), t = _mm256_xor_si256(c, d);
    const __m256i x = _mm256_sub_epi8(p, _mm256_and_si256(_mm256_andnot_si256(t, s), one));
    const __m256i y = _mm256_sub_epi8(q, _mm256_and_si256(t, one));
    return _mm256_avg_epu8(x, y);
}

BLEND_AVX2 static void avx2_average2_u8(uint8_t *dst, const uint8_t *a, const uint8_t *b, ptrdiff_t n) {
    ptrdiff_t i = 0;
    for (; i + 32 <= n; i += 32) store256(dst + i, _mm256_avg_epu8(load256(a + i), load256(b + i)));
    if (i + 16 <= n) {
        store128(dst + i, _mm_avg_epu8(load128(a + i), load128(b + i)));
        i += 16;
    }
    for (; i < n; i++) dst[i] = warp_blend_average2(a[i], b[i]);
}

BLEND_AVX2 static void avx2_average4_u8(uint8_t *dst, const uint8_t *a, const uint8_t *b, const uint8_t *c,
                                        const uint8_t *d, ptrdiff_t n) {
    ptrdiff_t i = 0;
    for (; i + 32 <= n; i += 32)
        store256(dst + i, avx2_avg4(load256(a + i), load256(b + i), load256(c + i), load256(d + i)));
    if (i + 16 <= n) {
        store128(dst + i, sse2_avg4(load128(a + i), load128(b + i), load128(c + i), load128(d + i)));
        i += 16;
    }
    for (; i < n; i++) dst[i] = warp_blend_average4(a[i], b[i], c[i], d[i]);
}

/* Samples i ... i + 15 of `p` widened to 16 bits. */
BLEND_AVX2 static inline __m256i widen16(const uint8_t *p) { return _mm256_cvtepu8_epi16(load128(p)); }

BLEND_AVX2 static inline __attribute__((always_inline)) void avx2_mix4(uint8_t *dst, const uint8_t *a, uint16_t wa, const uint8_t *b, uint16_t wb,
                                        const uint8_t *c, uint16_t wc, const uint8_t *d, uint16_t wd, int frames,
                                        ptrdiff_t n) {
    const __m256i w0 = _mm256_set1_epi16((short)wa), w1 = _mm256_set1_epi16((short)wb);
    const __m256i w2 = _mm256_set1_epi16((short)wc), w3 = _mm256_set1_epi16((short)wd);
    const __m256i half = _mm256_set1_epi16(128);
    ptrdiff_t i = 0;
    for (; i + 32 <= n; i += 32) {
        __m256i lo = _mm256_add_epi16(_mm256_mullo_epi16(widen16(a + i), w0), _mm256_mullo_epi16(widen16(b + i), w1));
        __m256i hi = _mm256_add_epi16(_mm256_mullo_epi16(widen16(a + i + 16), w0),
                                      _mm256_mullo_epi16(widen16(b + i + 16), w1));
        if (frames > 2) {
            lo = _mm256_add_epi16(lo, _mm256_mullo_epi16(widen16(c + i), w2));
            hi = _mm256_add_epi16(hi, _mm256_mullo_epi16(widen16(c + i + 16), w2));
        }
        if (frames > 3) {
            lo = _mm256_add_epi16(lo, _mm256_mullo_epi16(widen16(d + i), w3));
            hi = _mm256_add_epi16(hi, _mm256_mullo_epi16(widen16(d + i + 16), w3));
        }
        lo = _mm256_srli_epi16(_mm256_add_epi16(lo, half), 8);
        hi = _mm256_srli_epi16(_mm256_add_epi16(hi, half), 8);
        /* packus interleaves the 128-bit halves: lo0 hi0 lo1 hi1 -> lo0 lo1 hi0 hi1. */
        store256(dst + i, _mm256_permute4x64_epi64(_mm256_packus_epi16(lo, hi), 0xD8));
    }
    if (i + 16 <= n) {
        const __m128i v0 = _mm256_castsi256_si128(w0), v1 = _mm256_castsi256_si128(w1);
        const __m128i v2 = _mm256_castsi256_si128(w2), v3 = _mm256_castsi256_si128(w3);
        __m128i lo = _mm_setzero_si128(), hi = _mm_setzero_si128();
        SSE2_MAC(lo, hi, load128(a + i), v0);
        SSE2_MAC(lo, hi, load128(b + i), v1);
        if (frames > 2) SSE2_MAC(lo, hi, load128(c + i), v2);
        if (frames > 3) SSE2_MAC(lo, hi, load128(d + i), v3);
        store128(dst + i, sse2_finish(lo, hi));
        i += 16;
    }
    for (; i < n; i++) {
        unsigned sum = a[i] * wa + b[i] * wb;
        if (frames > 2) sum += c[i] * wc;
        if (frames > 3) sum += d[i] * wd;
        dst[i] = warp_blend_mix(sum);
    }
}

BLEND_AVX2 static void avx2_mix2_u8(uint8_t *dst, const uint8_t *a, uint16_t wa, const uint8_t *b, uint16_t wb,
                                    ptrdiff_t n) {
    avx2_mix4(dst, a, wa, b, wb, 0, 0, 0, 0, 2, n);
}

BLEND_AVX2 static void avx2_mix3_u8(uint8_t *dst, const uint8_t *a, uint16_t wa, const uint8_t *b, uint16_t wb,
                                    const uint8_t *c, uint16_t wc, ptrdiff_t n) {
    avx2_mix4(dst, a, wa, b, wb, c, wc, 0, 0, 3, n);
}

BLEND_AVX2 static void avx2_mix4_u8(uint8_t *dst, const uint8_t *a, uint16_t wa, const uint8_t *b, uint16_t wb,
                                    const uint8_t *c, uint16_t wc, const uint8_t *d, uint16_t wd, ptrdiff_t n) {
    avx2_mix4(dst, a, wa, b, wb, c, wc, d, wd, 4, n);
}

const WarpBlendKernels warp_blend_avx2_kernels = {
    2, avx2_average2_u8, avx2_average4_u8, avx2_mix2_u8, avx2_mix3_u8, avx2_mix4_u8,
};

#endif
