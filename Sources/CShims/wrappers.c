/* Wrappers for GStreamer macros and variadic functions that Swift cannot call. */
#include "element_private.h"

GST_DEBUG_CATEGORY_STATIC (timewarp_debug);

void
timewarp_debug_init (void)
{
  if (timewarp_debug == NULL)
    GST_DEBUG_CATEGORY_INIT (timewarp_debug, "timewarp", 0,
        "variable time scaling of video and audio");
}

void
timewarp_post_message (GstElement * element, GstMessageType type, GQuark domain, gint code,
    const gchar * text, const gchar * debug, const gchar * file, const gchar * function,
    gint line)
{
  gst_element_message_full (element, type, domain, code, g_strdup (text), g_strdup (debug),
      file, function, line);
}

void
timewarp_log (GstDebugLevel level, GObject * object, const gchar * file,
    const gchar * function, gint line, const gchar * message)
{
  timewarp_debug_init ();
  gst_debug_log (timewarp_debug, level, file, function, line, object, "%s", message);
}

gboolean
timewarp_log_enabled (GstDebugLevel level)
{
  timewarp_debug_init ();
  return gst_debug_category_get_threshold (timewarp_debug) >= level;
}

GstBuffer *
timewarp_buffer_make_writable (GstBuffer * buffer)
{
  return gst_buffer_make_writable (buffer);
}

void
timewarp_notify (GstElement * element, const gchar * property)
{
  g_object_notify (G_OBJECT (element), property);
}

void
timewarp_warn_property (GstElement * element, const gchar * message)
{
  g_warning ("%s: %s", GST_ELEMENT_NAME (element), message);
}
