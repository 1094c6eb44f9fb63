/* texttimewarp, a GstTimeWarpElement: metadata and pad templates for timed text and subpictures. */
#include "element_private.h"

typedef TimeWarpElement GstTextTimeWarp;
typedef TimeWarpElementClass GstTextTimeWarpClass;

G_DEFINE_TYPE (GstTextTimeWarp, timewarp_text, TIMEWARP_TYPE_ELEMENT);

/* What subparse, matroskademux and qtdemux give for subtitles: each buffer one cue (its PTS the
 * start, its duration the length). Bitmap subtitles are timed the same way. */
#define TIMEWARP_TEXT_CAPS \
  "text/x-raw; application/x-ssa; application/x-ass; subpicture/x-dvd; subpicture/x-pgs; " \
  "subpicture/x-dvb"


static void
timewarp_text_class_init (GstTextTimeWarpClass * klass)
{
  klass->kind = TIMEWARP_KIND_TEXT;
  timewarp_element_class_add_pad_templates (GST_ELEMENT_CLASS (klass), TIMEWARP_TEXT_CAPS);
  gst_element_class_set_static_metadata (GST_ELEMENT_CLASS (klass),
      "Text time warp", "Filter/Effect/Subtitle",
      "Moves subtitle cues (start and end) along the same time map as videotimewarp and "
      "audiotimewarp, so they stay on the frames and sounds they belong to",
      "gst-timewarp developers");
}

static void
timewarp_text_init (GstTextTimeWarp * self)
{
}
