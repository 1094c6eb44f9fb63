#ifndef CWARPFLOWAPI_H
#define CWARPFLOWAPI_H
/* The C types of videotimewarp's frame-mode=flow and the table of functions through which the
 * plugin reaches them. The functions live in the flow module (libtimewarpflow, the C++ target
 * CWarpFlow over OpenCV), which the plugin loads when a stream first needs the flow: so the
 * plugin itself links no OpenCV and loads, with every other mode, where OpenCV is missing. */
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

/** The flow module's functions (see CWarpFlow.h for what each does). */
typedef struct WarpFlowModule {
  /** WARP_FLOW_MODULE_ABI of the module's build: the plugin takes only a module of its own ABI. */
  unsigned abi;
  WarpFlowStatus (*estimate) (WarpFlowMethod method, WarpFlowQuality quality, int downscale,
      WarpFlowLuma first, WarpFlowLuma second, WarpFlowPair ** out_pair,
      double *inconsistent_fraction, char *error, size_t error_size);
  void (*pair_free) (WarpFlowPair * pair);
  WarpFlowStatus (*render) (WarpFlowPair * pair, double t, WarpFlowComponent first,
      WarpFlowComponent second, WarpFlowComponent out, char *error, size_t error_size);
  WarpFlowStatus (*accumulate) (WarpFlowPair * pair, double t0, double t1, double weight,
      WarpFlowComponent first, WarpFlowComponent second, float *sum, char *error,
      size_t error_size);
} WarpFlowModule;

/** The version of WarpFlowModule and of the types above; raised with any change to them. */
#define WARP_FLOW_MODULE_ABI 2u

/** The flow module's one exported entry point (`const WarpFlowModule *warp_flow_module (void)`). */
#define WARP_FLOW_MODULE_ENTRY "warp_flow_module"

#ifdef __cplusplus
}
#endif
#endif
