/* audiotimewarp, a GstTimeWarpElement: metadata, pad templates, interpolation, quality, pitch and pitch-engine. */
#include "element_private.h"

typedef TimeWarpElement GstAudioTimeWarp;
typedef TimeWarpElementClass GstAudioTimeWarpClass;

G_DEFINE_TYPE (GstAudioTimeWarp, timewarp_audio, TIMEWARP_TYPE_ELEMENT);

#define TIMEWARP_AUDIO_CAPS \
  "audio/x-raw, format = (string) { S16LE, S32LE, F32LE, F64LE }, " \
  "rate = (int) [ 1, MAX ], channels = (int) [ 1, 64 ], layout = (string) interleaved"


static void
timewarp_audio_class_init (GstAudioTimeWarpClass * klass)
{
  GObjectClass *gobject_class = G_OBJECT_CLASS (klass);
  /* Changeable in NULL or READY only. */
  const GParamFlags ready = G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_READY;

  klass->kind = TIMEWARP_KIND_AUDIO;
  g_object_class_install_property (gobject_class, TIMEWARP_PROP_INTERPOLATION,
      g_param_spec_enum ("interpolation", "Interpolation",
          "How output samples are interpolated at their control points",
          timewarp_interpolation_get_type (), TIMEWARP_DEFAULT_INTERPOLATION, ready));
  g_object_class_install_property (gobject_class, TIMEWARP_PROP_QUALITY,
      g_param_spec_int ("quality", "Quality",
          "Sinc kernel quality (as audioresample's): longer kernels, deeper stop band and finer "
          "tables as it rises (4: SNR above 100 dB; 10: above 130 dB); linear and cubic ignore it",
          TIMEWARP_QUALITY_MIN, TIMEWARP_QUALITY_MAX, TIMEWARP_DEFAULT_QUALITY, ready));
  g_object_class_install_property (gobject_class, TIMEWARP_PROP_PITCH,
      g_param_spec_enum ("pitch", "Pitch",
          "Whether the pitch follows the speed (follow, as tape) or stays while only the tempo "
          "follows the map (preserve: overlap-add of 30 ms windows, 38 ms latency; the "
          "interpolation and quality properties then do not apply)",
          timewarp_pitch_get_type (), TIMEWARP_DEFAULT_PITCH, ready));
  g_object_class_install_property (gobject_class, TIMEWARP_PROP_PITCH_ENGINE,
      g_param_spec_enum ("pitch-engine", "Pitch engine",
          "How pitch=preserve keeps the pitch: wsola (overlap-add of 30 ms windows) or spectral "
          "(a phase vocoder with phase locking, transients kept whole; 173 ms latency)",
          timewarp_pitch_engine_get_type (), TIMEWARP_DEFAULT_PITCH_ENGINE, ready));

  timewarp_element_class_add_pad_templates (GST_ELEMENT_CLASS (klass), TIMEWARP_AUDIO_CAPS);
  gst_element_class_set_static_metadata (GST_ELEMENT_CLASS (klass),
      "Audio time warp", "Filter/Effect/Audio",
      "Variably speeds up or slows down audio along its timeline by resampling at variable "
      "control points, following the same time map as videotimewarp (in sync to the sample)",
      "gst-timewarp developers");
}

static void
timewarp_audio_init (GstAudioTimeWarp * self)
{
}
