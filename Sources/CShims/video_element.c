/* videotimewarp, a GstTimeWarpElement: metadata, pad templates and its own properties. */
#include "element_private.h"

typedef TimeWarpElement GstVideoTimeWarp;
typedef TimeWarpElementClass GstVideoTimeWarpClass;

G_DEFINE_TYPE (GstVideoTimeWarp, timewarp_video, TIMEWARP_TYPE_ELEMENT);

/* Raw video of any format and memory: frames are retimed, not touched (blend maps system memory). */
#define TIMEWARP_VIDEO_CAPS "video/x-raw(ANY)"

static void
install_counter (GObjectClass * gobject_class, guint id, const gchar * name,
    const gchar * nick, const gchar * blurb)
{
  g_object_class_install_property (gobject_class, id, g_param_spec_uint64 (name, nick, blurb,
          0, G_MAXUINT64, 0, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
}

static void
timewarp_video_class_init (GstVideoTimeWarpClass * klass)
{
  GObjectClass *gobject_class = G_OBJECT_CLASS (klass);
  /* Changeable in NULL or READY only. */
  const GParamFlags ready = G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_READY;

  klass->kind = TIMEWARP_KIND_VIDEO;
  install_counter (gobject_class, TIMEWARP_PROP_IN, "in", "In", "Number of input frames");
  install_counter (gobject_class, TIMEWARP_PROP_OUT, "out", "Out", "Number of output frames");
  install_counter (gobject_class, TIMEWARP_PROP_DROP, "drop", "Drop",
      "Number of input frames dropped (never shown)");
  install_counter (gobject_class, TIMEWARP_PROP_DUPLICATE, "duplicate", "Duplicate",
      "Number of extra copies of frames emitted to fill the output frame rate");
  g_object_class_install_property (gobject_class, TIMEWARP_PROP_MAX_DUPLICATION_TIME,
      g_param_spec_uint64 ("max-duplication-time", "Maximum duplication time",
          "At a fixed output rate, do not fill a gap longer than this (ns) with copies of the "
          "previous frame: it becomes a GAP event (0 = no limit)",
          0, G_MAXUINT64, TIMEWARP_DEFAULT_MAX_DUPLICATION_TIME, ready));
  g_object_class_install_property (gobject_class, TIMEWARP_PROP_MAX_RATE,
      g_param_spec_int ("max-rate", "Maximum rate",
          "Most frames per second pushed: caps offer no higher rate, and in variable-rate mode "
          "frames closer than 1/max-rate to the previous one are dropped",
          1, G_MAXINT, TIMEWARP_DEFAULT_MAX_RATE, ready));

  g_object_class_install_property (gobject_class, TIMEWARP_PROP_FRAME_MODE,
      g_param_spec_enum ("frame-mode", "Frame mode",
          "At a fixed output rate: show the nearest input frame, blend (slow motion mixes "
          "the two frames around each slot, speed-ups average the frames a slot spans) or flow "
          "(slow motion moves the two frames along their optical flow, speed-ups are blurred "
          "along it, see shutter-angle); "
          "variable-rate output ignores it",
          timewarp_frame_mode_get_type (), TIMEWARP_DEFAULT_FRAME_MODE, ready));
  g_object_class_install_property (gobject_class, TIMEWARP_PROP_MAX_BLEND_FRAMES,
      g_param_spec_int ("max-blend-frames", "Maximum blend frames",
          "frame-mode=blend: most input frames averaged into one output frame (and held); "
          "a slot spanning more is sampled evenly",
          2, 256, TIMEWARP_DEFAULT_MAX_BLEND_FRAMES, ready));
  g_object_class_install_property (gobject_class, TIMEWARP_PROP_FLOW_QUALITY,
      g_param_spec_enum ("flow-quality", "Flow quality",
          "frame-mode=flow: the optical-flow preset (OpenCV DIS); each pair of frames is "
          "estimated once, both ways: fast costs about 30 ms of CPU per 720p pair (flow and "
          "warp), balanced about the same, best twice that (see the values)",
          timewarp_flow_quality_get_type (), TIMEWARP_DEFAULT_FLOW_QUALITY, ready));
  g_object_class_install_property (gobject_class, TIMEWARP_PROP_SHUTTER_ANGLE,
      g_param_spec_double ("shutter-angle", "Shutter angle",
          "frame-mode=flow: a speed-up's output frame is the image integrated along the optical "
          "flow over this share of the input it covers, in degrees of a camera's shutter: 360 "
          "all of it (a continuous streak), 180 half (the film look), 0 a sharp frame (the input "
          "frame at its start)",
          0.0, 360.0, TIMEWARP_DEFAULT_SHUTTER_ANGLE, ready));
  install_counter (gobject_class, TIMEWARP_PROP_FLOW_FALLBACKS, "flow-fallbacks", "Flow fallbacks",
      "frame-mode=flow: number of frames blended instead (scene cut, flow failing the "
      "forward/backward consistency check, motion that does not explain the change such as "
      "film grain or a fade, or a flow error)");

  timewarp_element_class_add_pad_templates (GST_ELEMENT_CLASS (klass), TIMEWARP_VIDEO_CAPS);
  gst_element_class_set_static_metadata (GST_ELEMENT_CLASS (klass),
      "Video time warp", "Filter/Effect/Video",
      "Variably speeds up or slows down video along its timeline: rewrites timestamps through "
      "the integral of a time-scale function and drops or duplicates frames to the output "
      "frame rate (framerate=0/1 downstream gives variable-rate video)",
      "gst-timewarp developers");
}

static void
timewarp_video_init (GstVideoTimeWarp * self)
{
}
