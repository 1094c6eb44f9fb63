#ifndef CWARPFLOW_H
#define CWARPFLOW_H
/* Motion-compensated frame interpolation over OpenCV's optical flow, for videotimewarp's
 * frame-mode=flow. A small C API over C++: every OpenCV exception is caught here and turned into
 * a status and a message (nothing is thrown across it). Swift decides when to use it. */
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The flow estimator's preset: 0 fast, 1 balanced, 2 best (DIS ultrafast/fast/medium). */
typedef enum {
  WARP_FLOW_FAST = 0,
  WARP_FLOW_BALANCED = 1,
  WARP_FLOW_BEST = 2,
} WarpFlowQuality;

/** Which estimator (DIS, the default; Farneback for comparison in make flow-quality). */
typedef enum {
  WARP_FLOW_DIS = 0,
  WARP_FLOW_FARNEBACK = 1,
} WarpFlowMethod;

/** Outcome of an estimate or a render. */
typedef enum {
  /** The pair's flow is usable. */
  WARP_FLOW_OK = 0,
  /** Scene cut or failed forward/backward consistency: blend this pair instead. */
  WARP_FLOW_INCONSISTENT = 1,
  /** OpenCV failed (message in the error buffer): blend instead. */
  WARP_FLOW_ERROR = 2,
} WarpFlowStatus;

/** One 8-bit luma image (read only). */
typedef struct {
  const uint8_t *data;
  ptrdiff_t stride;
  int width;
  int height;
} WarpFlowLuma;

/** One component of a frame: `width` x `height` samples, `pixel_stride` bytes apart in a row,
 * rows `stride` bytes apart, samples of `sample_bytes` (1, or 2 for 16-bit little-endian). */
typedef struct {
  uint8_t *data;
  ptrdiff_t stride;
  int pixel_stride;
  int width;
  int height;
  int sample_bytes;
} WarpFlowComponent;

/** The forward and backward flow of one pair of frames and their consistency maps. */
typedef struct WarpFlowPair WarpFlowPair;

/** Estimates both flows between two luma images of equal size (computed at `downscale` of their
 * size, 1 or 2) and checks them: `*out_pair` is set on WARP_FLOW_OK and WARP_FLOW_INCONSISTENT
 * (free it with warp_flow_pair_free) and NULL on error. `inconsistent_fraction` (may be NULL)
 * receives the share of pixels failing the forward/backward check. Frames under 32 pixels on a
 * side give WARP_FLOW_INCONSISTENT without a pair. */
WarpFlowStatus warp_flow_estimate (WarpFlowMethod method, WarpFlowQuality quality, int downscale,
    WarpFlowLuma first, WarpFlowLuma second, WarpFlowPair ** out_pair,
    double *inconsistent_fraction, char *error, size_t error_size);

/** Frees a pair (NULL is ignored). */
void warp_flow_pair_free (WarpFlowPair * pair);

/** Writes component `out` of the frame at position `t` in (0, 1) between the pair's frames
 * (components `first` and `second`, of the same geometry): both warped towards `t` along the
 * flow (scaled to the component's size), weighted by position and by where each sees the pixel. */
WarpFlowStatus warp_flow_render (WarpFlowPair * pair, double t, WarpFlowComponent first,
    WarpFlowComponent second, WarpFlowComponent out, char *error, size_t error_size);

#ifdef __cplusplus
}
#endif
#endif
