/* GST_PLUGIN_DEFINE for libgsttimewarp.so, and static registration for tests and apps. */
#include "element_private.h"

#define PACKAGE "gst-timewarp"
#include "version.h" /* TIMEWARP_VERSION, from the file VERSION */
#define TIMEWARP_LICENSE "LGPL" /* LGPL-2.1-or-later: see LICENSE */
#define TIMEWARP_ORIGIN "https://github.com/gst-timewarp/gst-timewarp"
#define TIMEWARP_DESCRIPTION "Variable time scaling of video and audio along the timeline"

static gboolean
timewarp_plugin_init (GstPlugin * plugin)
{
  timewarp_debug_init ();
  gst_type_mark_as_plugin_api (timewarp_element_get_type (), 0);
  gst_type_mark_as_plugin_api (timewarp_function_get_type (), 0);
  gst_type_mark_as_plugin_api (timewarp_interpolation_get_type (), 0);
  gst_type_mark_as_plugin_api (timewarp_frame_mode_get_type (), 0);
  gst_type_mark_as_plugin_api (timewarp_pitch_get_type (), 0);
  gst_type_mark_as_plugin_api (timewarp_pitch_engine_get_type (), 0);
  gst_type_mark_as_plugin_api (timewarp_flow_quality_get_type (), 0);
  return gst_element_register (plugin, "videotimewarp", GST_RANK_NONE,
      timewarp_video_get_type ())
      && gst_element_register (plugin, "audiotimewarp", GST_RANK_NONE,
      timewarp_audio_get_type ())
      && gst_element_register (plugin, "texttimewarp", GST_RANK_NONE,
      timewarp_text_get_type ());
}

GST_PLUGIN_DEFINE (GST_VERSION_MAJOR, GST_VERSION_MINOR, timewarp, TIMEWARP_DESCRIPTION,
    timewarp_plugin_init, TIMEWARP_VERSION, TIMEWARP_LICENSE, PACKAGE, TIMEWARP_ORIGIN)

gboolean
timewarp_register_static (void)
{
  static gsize registered = 0;
  static gboolean ok = FALSE;
  if (g_once_init_enter (&registered)) {
    ok = gst_plugin_register_static (GST_VERSION_MAJOR, GST_VERSION_MINOR, "timewarp",
        TIMEWARP_DESCRIPTION, timewarp_plugin_init, TIMEWARP_VERSION, TIMEWARP_LICENSE,
        "gst-timewarp", PACKAGE, TIMEWARP_ORIGIN);
    g_once_init_leave (&registered, 1);
  }
  return ok;
}
