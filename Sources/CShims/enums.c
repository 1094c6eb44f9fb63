/* The enum types of the element properties, each registered once by one helper (plugin_init marks
 * them as plugin API). */
#include "element_private.h"

static GType
register_enum (gsize * type, const gchar * name, const GEnumValue * values)
{
  if (g_once_init_enter (type)) {
    GType t = g_enum_register_static (name, values);
    g_once_init_leave (type, t);
  }
  return *type;
}

GType
timewarp_function_get_type (void)
{
  static gsize type = 0;
  static const GEnumValue values[] = {
    {0, "Constant scale: s(u) = factor", "constant"},
    {1, "Triangle: 1 outside [c-w, c+w], peak factor at c = 1/2, w = modifier/2", "triangle"},
    {2, "Cosine: factor*(cos(12*modifier*pi*u)+1)+factor/2", "cosine"},
    {3, "Tapered cosine: 1 + (cosine(u)-1)*smoothstep(u)", "tapered-cosine"},
    {4, "Power: 2*modifier*u^factor + modifier/2", "power"},
    {5, "Double smoothstep: 1, eased up to factor, held, eased back to 1", "double-smoothstep"},
    {6, "Keyframes: the curve given by the keyframes property", "keyframes"},
    {7, "Expression: s(u) given by the expression property", "expression"},
    {8, "Antiderivative: F(u) itself given by the expression property", "antiderivative"},
    {9, "Remap: the input time shown at each output time, given by the remap property (it may stop and go backwards)", "remap"},
    {0, NULL, NULL},
  };
  return register_enum (&type, "GstTimeWarpFunction", values);
}

GType
timewarp_interpolation_get_type (void)
{
  static gsize type = 0;
  static const GEnumValue values[] = {
    {0, "Linear interpolation between the two neighbouring samples", "linear"},
    {1, "Cubic (Catmull-Rom) interpolation over four samples", "cubic"},
    {2, "Windowed sinc whose cut-off follows the local speed (no aliasing)", "sinc"},
    {0, NULL, NULL},
  };
  return register_enum (&type, "GstTimeWarpInterpolation", values);
}

GType
timewarp_frame_mode_get_type (void)
{
  static gsize type = 0;
  static const GEnumValue values[] = {
    {0, "Nearest: each output slot shows the input frame nearest to it (drop/duplicate)",
        "nearest"},
    {1, "Blend: slow motion mixes the two surrounding frames, speed-ups average the frames "
          "the slot spans (a shutter)", "blend"},
    {2, "Flow: slow motion moves both surrounding frames along their optical flow to the slot "
          "(motion-compensated), speed-ups are blurred along it (shutter-angle)", "flow"},
    {0, NULL, NULL},
  };
  return register_enum (&type, "GstTimeWarpFrameMode", values);
}

GType
timewarp_flow_quality_get_type (void)
{
  static gsize type = 0;
  static const GEnumValue values[] = {
    {0, "Fast: DIS ultrafast preset with denser patches and variational refinement, the cheapest: about 30 ms of CPU per 720p frame pair (flow and warp)", "fast"},
    {1, "Balanced: DIS fast preset with denser patches, about the cost of fast, 0.1 dB better on street footage", "balanced"},
    {2, "Best: DIS medium preset, about twice the cost of fast, 0.5 dB better on street footage", "best"},
    {0, NULL, NULL},
  };
  return register_enum (&type, "GstTimeWarpFlowQuality", values);
}

GType
timewarp_pitch_get_type (void)
{
  static gsize type = 0;
  static const GEnumValue values[] = {
    {0, "Follow the speed, as tape does (resampling: half speed is an octave down)", "follow"},
    {1, "Preserve the pitch: only the tempo follows the map (WSOLA overlap-add)", "preserve"},
    {0, NULL, NULL},
  };
  return register_enum (&type, "GstTimeWarpPitch", values);
}

GType
timewarp_pitch_engine_get_type (void)
{
  static gsize type = 0;
  static const GEnumValue values[] = {
    {0, "WSOLA: overlap-add of 30 ms windows aligned on the waveform (38 ms latency)", "wsola"},
    {1, "Spectral: phase vocoder with phase locking and phase reset at transients (43 ms grains, 171 ms below 500 Hz; 173 ms latency)", "spectral"},
    {0, NULL, NULL},
  };
  return register_enum (&type, "GstTimeWarpPitchEngine", values);
}
