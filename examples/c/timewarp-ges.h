/* Makes a GES effect holding videotimewarp or audiotimewarp a time effect (see
 * docs/embedding.md#ges). Copy timewarp-ges.h and timewarp-ges.c into your application; they
 * need GES (gst-editing-services-1.0) and the timewarp plugin at run time, nothing else. */
#ifndef TIMEWARP_GES_H
#define TIMEWARP_GES_H

#include <ges/ges.h>

G_BEGIN_DECLS

/**
 * timewarp_ges_make_time_effect:
 * @effect: a #GESEffect whose bin description holds videotimewarp or audiotimewarp, not yet
 *   added to a clip
 *
 * Registers the time-map properties (function, factor, modifier, keyframes, expression,
 * duration) as time properties and installs translation functions that evaluate the element's
 * map for the values GES passes (the action signals output-time-with and input-time-with). A
 * curve in fractions of D takes D from `duration`, else from the clip's source length, which is
 * also set as `duration` when the effect joins a clip.
 *
 * Returns: %TRUE on success, %FALSE when @effect holds no timewarp element or GES refuses.
 */
gboolean timewarp_ges_make_time_effect (GESEffect * effect);

G_END_DECLS

#endif
