/* The time-map properties the base type GstTimeWarpElement installs for the three elements. */
#include "element_private.h"

void
timewarp_install_time_map_properties (GObjectClass * gobject_class)
{
  /* Changes while playing take effect at the next input buffer (a live change, spliced into the
   * map applied so far); factor and modifier can also be driven by a GstController binding. */
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_PLAYING;
  const GParamFlags controllable = rw | GST_PARAM_CONTROLLABLE;
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  g_object_class_install_property (gobject_class, TIMEWARP_PROP_FUNCTION,
      g_param_spec_enum ("function", "Function",
          "Instantaneous time-scale function s(u) on u = t/D (a scale: 2 = half speed)",
          timewarp_function_get_type (), TIMEWARP_DEFAULT_FUNCTION, rw));
  g_object_class_install_property (gobject_class, TIMEWARP_PROP_FACTOR,
      g_param_spec_double ("factor", "Factor",
          "First parameter of the built-in functions (the scale for function=constant)",
          -G_MAXDOUBLE, G_MAXDOUBLE, TIMEWARP_DEFAULT_FACTOR, controllable));
  g_object_class_install_property (gobject_class, TIMEWARP_PROP_MODIFIER,
      g_param_spec_double ("modifier", "Modifier",
          "Second parameter of the built-in functions (width, frequency or coefficient)",
          0.0, 1.0, TIMEWARP_DEFAULT_MODIFIER, controllable));
  g_object_class_install_property (gobject_class, TIMEWARP_PROP_KEYFRAMES,
      g_param_spec_string ("keyframes", "Keyframes",
          "Curve for function=keyframes: \"u:s[:ease], ...\" with ease linear, smooth, hold "
          "or cubic; positions with an 's' suffix are seconds", "", rw));
  g_object_class_install_property (gobject_class, TIMEWARP_PROP_EXPRESSION,
      g_param_spec_string ("expression", "Expression",
          "s(u) for function=expression, F(u) for function=antiderivative; variables u, t, D",
          "", rw));
  g_object_class_install_property (gobject_class, TIMEWARP_PROP_REMAP,
      g_param_spec_string ("remap", "Remap",
          "Curve for function=remap: \"out:in[:ease], ...\" in seconds, the input time shown at each "
          "output time (slope 1 normal, 0 a freeze, -1 backwards); ease linear, smooth or hold; a "
          "repeated output time is a cut. The output lasts until the last key",
          "", rw));
  g_object_class_install_property (gobject_class, TIMEWARP_PROP_MAX_HISTORY,
      g_param_spec_uint64 ("max-history", "Max history",
          "Most input (ns) a remap curve may keep to show again (a rewind's length); longer "
          "curves are refused",
          0, G_MAXUINT64, TIMEWARP_DEFAULT_MAX_HISTORY,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_READY));
  g_object_class_install_property (gobject_class, TIMEWARP_PROP_DURATION,
      g_param_spec_uint64 ("duration", "Duration",
          "Media duration D in nanoseconds (NONE: ask upstream with a duration query)",
          0, G_MAXUINT64, GST_CLOCK_TIME_NONE, rw));
  g_object_class_install_property (gobject_class, TIMEWARP_PROP_REVERSE,
      g_param_spec_boolean ("reverse", "Reverse",
          "Play backwards into a forward stream: the element asks upstream for reverse playback "
          "(a seek at rate -1) and outputs ascending timestamps, output time T(end) - T(t)",
          FALSE, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_READY));
  g_object_class_install_property (gobject_class, TIMEWARP_PROP_START_TIME,
      g_param_spec_uint64 ("start-time", "Start time",
          "Input stream time in nanoseconds where the map starts, u = 0 (NONE: the medium's first "
          "frame: the first segment's start, or the first buffer's with a live source)",
          0, G_MAXUINT64, TIMEWARP_DEFAULT_START_TIME,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_READY));
  g_object_class_install_property (gobject_class, TIMEWARP_PROP_SPEED,
      g_param_spec_double ("speed", "Speed",
          "1/factor: the playback rate of function=constant (2 = twice as fast), as GES's rate "
          "properties (videorate rate, scaletempo rate) count it; setting it sets factor",
          1e-9, G_MAXDOUBLE, 1.0, rw));
  g_object_class_install_property (gobject_class, TIMEWARP_PROP_OUTPUT_DURATION,
      g_param_spec_uint64 ("output-duration", "Output duration",
          "Duration after warping, D*F(1), in nanoseconds (NONE until D is known)",
          0, G_MAXUINT64, GST_CLOCK_TIME_NONE, ro));
}
