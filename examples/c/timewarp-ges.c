/* See timewarp-ges.h. */
#include "timewarp-ges.h"

static const gchar *const time_properties[] = {
  "function", "factor", "modifier", "keyframes", "expression", "remap", "duration", NULL
};

/* The source length of the clip holding `effect`, or GST_CLOCK_TIME_NONE. */
static GstClockTime
clip_duration (GESBaseEffect * effect)
{
  GESTimelineElement *clip = ges_timeline_element_get_parent (GES_TIMELINE_ELEMENT (effect));
  GstClockTime duration = GST_CLOCK_TIME_NONE;

  if (clip) {
    duration = ges_timeline_element_get_max_duration (clip);
    gst_object_unref (clip);
  }
  return duration;
}

/* The values GES passes (name -> GValue*) as the structure the action signals take. */
static GstStructure *
to_structure (GESBaseEffect * effect, GHashTable * values)
{
  GstStructure *s = gst_structure_new_empty ("timewarp");
  GHashTableIter iter;
  gpointer key, value;

  g_hash_table_iter_init (&iter, values);
  while (g_hash_table_iter_next (&iter, &key, &value)) {
    if (g_strcmp0 (key, "duration") == 0
        && g_value_get_uint64 (value) == GST_CLOCK_TIME_NONE) {
      GstClockTime d = clip_duration (effect);
      if (GST_CLOCK_TIME_IS_VALID (d))
        gst_structure_set (s, "duration", G_TYPE_UINT64, d, NULL);
      continue;
    }
    gst_structure_set_value (s, key, value);
  }
  return s;
}

static GstClockTime
translate (GESBaseEffect * effect, GstClockTime time, GHashTable * values, const gchar * signal)
{
  GObject *warp = NULL;
  GParamSpec *pspec = NULL;
  GstClockTime result = GST_CLOCK_TIME_NONE;
  GstStructure *s;

  if (!ges_timeline_element_lookup_child (GES_TIMELINE_ELEMENT (effect), "factor", &warp, &pspec))
    return time;
  s = to_structure (effect, values);
  g_signal_emit_by_name (warp, signal, s, time, &result);
  gst_structure_free (s);
  g_param_spec_unref (pspec);
  g_object_unref (warp);
  return result;
}

/* Output (source pad) time to input time: T^-1, as a seek is mapped. */
static GstClockTime
source_to_sink (GESBaseEffect * effect, GstClockTime time, GHashTable * values, gpointer data)
{
  return translate (effect, time, values, "input-time-with");
}

/* Input time to output time: T, as a segment is mapped. */
static GstClockTime
sink_to_source (GESBaseEffect * effect, GstClockTime time, GHashTable * values, gpointer data)
{
  return translate (effect, time, values, "output-time-with");
}

/* Inside GES the element would take D from upstream (the clip's length in the timeline); GES
 * was told about the map on the source's length. */
static void
on_parent (GObject * object, GParamSpec * pspec, gpointer data)
{
  GESTimelineElement *effect = GES_TIMELINE_ELEMENT (object);
  GstClockTime d = clip_duration (GES_BASE_EFFECT (object));
  GValue current = G_VALUE_INIT;

  if (!GST_CLOCK_TIME_IS_VALID (d)
      || !ges_timeline_element_get_child_property (effect, "duration", &current))
    return;
  if (g_value_get_uint64 (&current) == GST_CLOCK_TIME_NONE) {
    GValue v = G_VALUE_INIT;
    g_value_init (&v, G_TYPE_UINT64);
    g_value_set_uint64 (&v, d);
    ges_timeline_element_set_child_property (effect, "duration", &v);
    g_value_unset (&v);
  }
  g_value_unset (&current);
}

gboolean
timewarp_ges_make_time_effect (GESEffect * effect)
{
  GESBaseEffect *base = GES_BASE_EFFECT (effect);
  GObject *warp = NULL;
  GParamSpec *pspec = NULL;
  const gchar *factory;
  gboolean ok;

  if (!ges_timeline_element_lookup_child (GES_TIMELINE_ELEMENT (effect), "factor", &warp, &pspec))
    return FALSE;
  factory = GST_OBJECT_NAME (gst_element_get_factory (GST_ELEMENT (warp)));
  ok = g_strcmp0 (factory, "videotimewarp") == 0 || g_strcmp0 (factory, "audiotimewarp") == 0;
  g_param_spec_unref (pspec);
  g_object_unref (warp);
  if (!ok)
    return FALSE;
  for (const gchar * const *name = time_properties; *name; name++)
    if (!ges_base_effect_register_time_property (base, *name))
      return FALSE;
  if (!ges_base_effect_set_time_translation_funcs (base, source_to_sink, sink_to_source, NULL, NULL))
    return FALSE;
  g_signal_connect (effect, "notify::parent", G_CALLBACK (on_parent), NULL);
  return TRUE;
}
