/*
 * CShims: the C side of the timewarp plugin. Only what Swift cannot do itself lives here:
 * GObject type registration (an abstract base type and the three elements), property and
 * pad-template installation, GST_PLUGIN_DEFINE, the base type's vfuncs that forward into Swift,
 * and wrappers for C macros and variadic functions. All behaviour is implemented in Swift
 * (Sources/GstTimeWarp).
 */
#ifndef TIMEWARP_CSHIMS_H
#define TIMEWARP_CSHIMS_H

#include <gst/gst.h>
#include <gst/video/video.h>

G_BEGIN_DECLS

/* ---- The element types: an abstract base and its two subclasses ------------------------- */

/** Which element a TimeWarpElement instance is (set by each subclass on its class). */
typedef enum {
  TIMEWARP_KIND_VIDEO = 0,
  TIMEWARP_KIND_AUDIO = 1,
  TIMEWARP_KIND_TEXT = 2,
} TimeWarpKind;

/** The instance of the abstract base GstTimeWarpElement, shared by videotimewarp and
 * audiotimewarp: its two pads and the Swift object behind it. */
typedef struct {
  GstElement parent;
  GstPad *sinkpad;
  GstPad *srcpad;
  /** Retained Swift object holding settings and streaming state. */
  void *impl;
} TimeWarpElement;

/** Property ids shared by the three elements (time-map properties) and the element-specific ones. */
typedef enum {
  TIMEWARP_PROP_0 = 0,
  TIMEWARP_PROP_FUNCTION,
  TIMEWARP_PROP_FACTOR,
  TIMEWARP_PROP_MODIFIER,
  TIMEWARP_PROP_KEYFRAMES,
  TIMEWARP_PROP_EXPRESSION,
  TIMEWARP_PROP_DURATION,
  TIMEWARP_PROP_OUTPUT_DURATION,
  TIMEWARP_PROP_REVERSE,
  /* videotimewarp */
  TIMEWARP_PROP_IN,
  TIMEWARP_PROP_OUT,
  TIMEWARP_PROP_DROP,
  TIMEWARP_PROP_DUPLICATE,
  TIMEWARP_PROP_MAX_DUPLICATION_TIME,
  TIMEWARP_PROP_MAX_RATE,
  /* audiotimewarp */
  TIMEWARP_PROP_INTERPOLATION,
  TIMEWARP_PROP_QUALITY,
  /* videotimewarp: frame blending */
  TIMEWARP_PROP_FRAME_MODE,
  TIMEWARP_PROP_MAX_BLEND_FRAMES,
  TIMEWARP_PROP_PITCH,
  /* all three: the map's origin */
  TIMEWARP_PROP_START_TIME,
  /* all three: the constant-rate inverse of factor (GES's rate convention) */
  TIMEWARP_PROP_SPEED,
  /* videotimewarp: frame-mode=flow */
  TIMEWARP_PROP_FLOW_QUALITY,
  TIMEWARP_PROP_FLOW_FALLBACKS,
  /* all three: time remapping (function=remap) */
  TIMEWARP_PROP_REMAP,
  TIMEWARP_PROP_MAX_HISTORY,
  /* videotimewarp: frame-mode=flow's motion blur */
  TIMEWARP_PROP_SHUTTER_ANGLE,
} TimeWarpPropertyId;

/* ---- Property defaults: the one definition C's property specs and Swift's settings share -- */

/** `function`: constant (GstTimeWarpFunction value 0). */
#define TIMEWARP_DEFAULT_FUNCTION 0
/** `factor`: 1.0, with the default function an exact pass-through. */
#define TIMEWARP_DEFAULT_FACTOR 1.0
/** `modifier`: 0.5. */
#define TIMEWARP_DEFAULT_MODIFIER 0.5
/** `interpolation`: sinc (GstTimeWarpInterpolation value 2). */
#define TIMEWARP_DEFAULT_INTERPOLATION 2
/** audiotimewarp `quality`: the sinc kernel's design, 0 ... 10, default 4 (as audioresample). */
#define TIMEWARP_QUALITY_MIN 0
#define TIMEWARP_QUALITY_MAX 10
#define TIMEWARP_DEFAULT_QUALITY 4
/** audiotimewarp `pitch`: follow (GstTimeWarpPitch value 0), the pitch moves with the speed as on tape. */
#define TIMEWARP_DEFAULT_PITCH 0
/** `max-duplication-time`: 0, no limit (as videorate). */
#define TIMEWARP_DEFAULT_MAX_DUPLICATION_TIME 0
/** `max-rate`: G_MAXINT, no limit (as videorate). */
#define TIMEWARP_DEFAULT_MAX_RATE G_MAXINT
/** `frame-mode`: nearest (GstTimeWarpFrameMode value 0), the frame nearest each output slot. */
#define TIMEWARP_DEFAULT_FRAME_MODE 0
/** `max-blend-frames`: 8 input frames at most in one blended output frame. */
#define TIMEWARP_DEFAULT_MAX_BLEND_FRAMES 8
/** `flow-quality`: fast (GstTimeWarpFlowQuality value 0), DIS's ultrafast preset. */
#define TIMEWARP_DEFAULT_FLOW_QUALITY 0
/** `shutter-angle`: 180 degrees, the film camera's (and After Effects' Pixel Motion Blur's) half
 * of the frame interval. */
#define TIMEWARP_DEFAULT_SHUTTER_ANGLE 180.0
/** `max-history`: 60 s, the most input a remap curve may keep to show again. */
#define TIMEWARP_DEFAULT_MAX_HISTORY 60000000000ULL
/** `start-time`: GST_CLOCK_TIME_NONE, the map's origin u = 0 is the medium's first frame. */
#define TIMEWARP_DEFAULT_START_TIME G_MAXUINT64

/** The abstract base type (GstTimeWarpElement) and the three elements. */
GType timewarp_element_get_type (void);
GType timewarp_video_get_type (void);
GType timewarp_audio_get_type (void);
/** texttimewarp: subtitle cues through the same map. */
GType timewarp_text_get_type (void);
/** The enums of the element properties (GstTimeWarpFunction, ...Interpolation, ...FrameMode,
 * ...Pitch). */
GType timewarp_function_get_type (void);
GType timewarp_interpolation_get_type (void);
GType timewarp_frame_mode_get_type (void);
GType timewarp_pitch_get_type (void);
/** `flow-quality` (GstTimeWarpFlowQuality). */
GType timewarp_flow_quality_get_type (void);

/** The Swift object of `instance` if it is a timewarp element (its GType is checked first), else
 * NULL: the one way Swift reaches an element's `impl`. */
void *timewarp_element_impl (gpointer instance);

/** The Swift object of `parent`, the parent a sink pad's chain function is called with, without
 * the GType check (it costs a type lookup per buffer): only the chain function that
 * timewarp_element_init installs on the element's own sink pad may call it, whose parent is
 * always the element that added the pad (NULL gives NULL). */
void *timewarp_element_impl_of_pad_parent (gpointer parent);

/** Registers the timewarp plugin statically (tests, gst-warp-launch, embedding apps). */
gboolean timewarp_register_static (void);

/* ---- Implemented in Swift (@_cdecl): set as pad functions or called from the base type --- */

void *timewarp_impl_new (TimeWarpKind kind, GstElement *element);
void timewarp_impl_free (void *impl);
GstFlowReturn timewarp_impl_chain (GstPad *pad, GstObject *parent, GstBuffer *buffer);
gboolean timewarp_impl_sink_event (GstPad *pad, GstObject *parent, GstEvent *event);
gboolean timewarp_impl_src_event (GstPad *pad, GstObject *parent, GstEvent *event);
gboolean timewarp_impl_sink_query (GstPad *pad, GstObject *parent, GstQuery *query);
gboolean timewarp_impl_src_query (GstPad *pad, GstObject *parent, GstQuery *query);
void timewarp_impl_state_will_change (GstElement *element, GstStateChange transition);
void timewarp_impl_state_did_change (GstElement *element, GstStateChange transition);
gboolean timewarp_impl_set_property (GObject *object, guint prop_id, const GValue *value);
gboolean timewarp_impl_get_property (GObject *object, guint prop_id, GValue *value);
/** The action signals output-time (inverse FALSE) and input-time (TRUE). */
guint64 timewarp_impl_map_time (GstElement *element, guint64 t, gboolean inverse);
/** output-time-with / input-time-with: the map for `properties` over the element's settings. */
guint64 timewarp_impl_map_time_with (GstElement *element, const GstStructure *properties,
    guint64 t, gboolean inverse);
/** change-at: the property values of `properties` take effect at input stream time `t`. */
gboolean timewarp_impl_change_at (GstElement *element, const GstStructure *properties, guint64 t);

/* ---- Wrappers for macros and variadic functions --------------------------------------- */

/** GST_ELEMENT_ERROR / GST_ELEMENT_WARNING: type is GST_MESSAGE_ERROR or _WARNING. */
void timewarp_post_message (GstElement *element, GstMessageType type, GQuark domain, gint code,
    const gchar *text, const gchar *debug, const gchar *file, const gchar *function, gint line);
/** GST_CAT_LEVEL_LOG on the "timewarp" debug category. */
void timewarp_log (GstDebugLevel level, GObject *object, const gchar *file,
    const gchar *function, gint line, const gchar *message);
/** Whether messages at `level` would be printed for the "timewarp" category. */
gboolean timewarp_log_enabled (GstDebugLevel level);
/** gst_buffer_make_writable (a macro). */
GstBuffer *timewarp_buffer_make_writable (GstBuffer *buffer);
/** g_object_notify by name, for read-only properties that change. */
void timewarp_notify (GstElement *element, const gchar *property);
/** g_warning for a property value that was refused (a variadic macro). */
void timewarp_warn_property (GstElement *element, const gchar *message);
/** The layout of component `comp` of `info` (the GST_VIDEO_INFO_COMP_* macros): its plane, byte
 * offset and pixel stride within that plane, its width and height in samples, its bit depth. */
void timewarp_video_info_component (const GstVideoInfo *info, guint comp, guint *plane,
    gint *offset, gint *pixel_stride, gint *width, gint *height, guint *depth);
/** GST_VIDEO_INFO_N_COMPONENTS, GST_VIDEO_INFO_N_PLANES and GST_VIDEO_INFO_FORMAT. */
void timewarp_video_info_shape (const GstVideoInfo *info, guint *components, guint *planes,
    GstVideoFormat *format);
/** GST_VIDEO_FRAME_PLANE_DATA and GST_VIDEO_FRAME_PLANE_STRIDE of a mapped frame. */
guint8 *timewarp_video_frame_plane (GstVideoFrame *frame, guint plane, gint *stride);
/** GST_BUFFER_POOL_OPTION_VIDEO_META (a string macro). */
const gchar *timewarp_video_meta_option (void);
/** GST_VIDEO_META_API_TYPE (a macro). */
GType timewarp_video_meta_api_type (void);

/* ---- Where the code is ---------------------------------------------------------------- */

/** The directory of the file this code was loaded from (the plugin's .so, or the program that
 * links it statically), as an absolute path to g_free; NULL when unknown. */
gchar *timewarp_code_directory (void);
/** Debian's multiarch tuple of this build ("x86_64-linux-gnu"), NULL for an unknown machine. */
const gchar *timewarp_multiarch (void);
/** The soname version of the OpenCV whose headers this build saw (406 for OpenCV 4.6: Debian's
 * libopencv-video406), 0 when there were none. */
int timewarp_opencv_soversion (void);

G_END_DECLS

#endif
