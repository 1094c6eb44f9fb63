#ifndef CWARPFLOW_H
#define CWARPFLOW_H
/* Motion-compensated frame interpolation over OpenCV's optical flow, for videotimewarp's
 * frame-mode=flow. A small C API over C++: every OpenCV exception is caught here and turned into
 * a status and a message (nothing is thrown across it). Swift decides when to use it, and reaches
 * it through the table warp_flow_module() gives (the types: CWarpFlowAPI.h). */
#include "CWarpFlowAPI.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Estimates both flows between two luma images of equal size (computed at `downscale` of their
 * size, a power of two) and checks them: `*out_pair` is set on WARP_FLOW_OK and WARP_FLOW_INCONSISTENT
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

/** Adds to `sum` (`first.width` x `first.height` floats, rows packed) `weight` times the mean of
 * the frames at the positions of [t0, t1] (within [0, 1]) between the pair's frames, as
 * warp_flow_render makes them: a shutter open over that part of the pair, sampled at instants
 * close enough that no pixel moves more than about one sample between two of them (at most 256
 * instants). */
WarpFlowStatus warp_flow_accumulate (WarpFlowPair * pair, double t0, double t1, double weight,
    WarpFlowComponent first, WarpFlowComponent second, float *sum, char *error,
    size_t error_size);
/** This module's functions as one table (the plugin looks this symbol up after loading the
 * module; an application that links the module itself hands the table to
 * TimeWarpPlugin.useFlowModule). */
const WarpFlowModule *warp_flow_module (void);

#ifdef __cplusplus
}
#endif
#endif
