/* The action signals the three elements share: T and its inverse for applications (GES translation
 * functions, seek bars, subtitle timing). The work is Swift's (timewarp_impl_map_time*). */
#include "element_private.h"

static guint64
output_time (GstElement * element, guint64 t)
{
  return timewarp_impl_map_time (element, t, FALSE);
}

static guint64
input_time (GstElement * element, guint64 t)
{
  return timewarp_impl_map_time (element, t, TRUE);
}

static guint64
output_time_with (GstElement * element, const GstStructure * properties, guint64 t)
{
  return timewarp_impl_map_time_with (element, properties, t, FALSE);
}

static guint64
input_time_with (GstElement * element, const GstStructure * properties, guint64 t)
{
  return timewarp_impl_map_time_with (element, properties, t, TRUE);
}

static gboolean
change_at (GstElement * element, const GstStructure * properties, guint64 t)
{
  return timewarp_impl_change_at (element, properties, t);
}

void
timewarp_install_time_map_signals (GObjectClass * gobject_class)
{
  const GSignalFlags flags = G_SIGNAL_RUN_LAST | G_SIGNAL_ACTION;
  const GType type = G_TYPE_FROM_CLASS (gobject_class);

  /* guint64 output-time (guint64 t): T(t) for the input stream time t in ns, through the map
   * the element applies; GST_CLOCK_TIME_NONE where it is not defined (no duration yet). */
  g_signal_new_class_handler ("output-time", type, flags, G_CALLBACK (output_time),
      NULL, NULL, NULL, G_TYPE_UINT64, 1, G_TYPE_UINT64);
  /* guint64 input-time (guint64 T): the inverse, the input stream time output at T. */
  g_signal_new_class_handler ("input-time", type, flags, G_CALLBACK (input_time),
      NULL, NULL, NULL, G_TYPE_UINT64, 1, G_TYPE_UINT64);
  /* The same for the map other property values describe (fields named like the time-map
   * properties; the element's own values for the rest), leaving the element untouched. */
  g_signal_new_class_handler ("output-time-with", type, flags, G_CALLBACK (output_time_with),
      NULL, NULL, NULL, G_TYPE_UINT64, 2, GST_TYPE_STRUCTURE | G_SIGNAL_TYPE_STATIC_SCOPE,
      G_TYPE_UINT64);
  g_signal_new_class_handler ("input-time-with", type, flags, G_CALLBACK (input_time_with),
      NULL, NULL, NULL, G_TYPE_UINT64, 2, GST_TYPE_STRUCTURE | G_SIGNAL_TYPE_STATIC_SCOPE,
      G_TYPE_UINT64);
  /* gboolean change-at (GstStructure properties, guint64 t): the property values take effect
   * at input stream time t (NONE: at the next buffer); give every element of a pipeline the same t to change
   * them at the same instant. FALSE, and nothing changed, for a structure it cannot use. */
  g_signal_new_class_handler ("change-at", type, flags, G_CALLBACK (change_at),
      NULL, NULL, NULL, G_TYPE_BOOLEAN, 2, GST_TYPE_STRUCTURE | G_SIGNAL_TYPE_STATIC_SCOPE,
      G_TYPE_UINT64);
}
