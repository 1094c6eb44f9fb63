/* GstTimeWarpElement, the abstract base of videotimewarp, audiotimewarp and texttimewarp: both pads (their
 * functions are Swift's entry points), the Swift object in `impl`, properties, state changes and
 * finalize forward to Swift. Subclasses add pad templates, metadata and their own properties. */
#include "element_private.h"

static GstElementClass *parent_class = NULL;

void *
timewarp_element_impl (gpointer instance)
{
  return G_TYPE_CHECK_INSTANCE_TYPE (instance, TIMEWARP_TYPE_ELEMENT)
      ? ((TimeWarpElement *) instance)->impl : NULL;
}

void *
timewarp_element_impl_of_pad_parent (gpointer parent)
{
  return parent ? ((TimeWarpElement *) parent)->impl : NULL;
}

static GstPad *
add_pad (GstElement * element, GstElementClass * klass, const gchar * name)
{
  GstPad *pad = gst_pad_new_from_template (gst_element_class_get_pad_template (klass, name), name);
  gst_element_add_pad (element, pad);
  return pad;
}

/* `g_class` is the instance's own (subclass) class, which holds the pad templates. */
static void
timewarp_element_init (TimeWarpElement * self, gpointer g_class)
{
  GstElement *element = GST_ELEMENT (self);

  self->sinkpad = add_pad (element, GST_ELEMENT_CLASS (g_class), "sink");
  gst_pad_set_chain_function (self->sinkpad, GST_DEBUG_FUNCPTR (timewarp_impl_chain));
  gst_pad_set_event_function (self->sinkpad, GST_DEBUG_FUNCPTR (timewarp_impl_sink_event));
  gst_pad_set_query_function (self->sinkpad, GST_DEBUG_FUNCPTR (timewarp_impl_sink_query));
  GST_PAD_SET_PROXY_ALLOCATION (self->sinkpad);

  self->srcpad = add_pad (element, GST_ELEMENT_CLASS (g_class), "src");
  gst_pad_set_event_function (self->srcpad, GST_DEBUG_FUNCPTR (timewarp_impl_src_event));
  gst_pad_set_query_function (self->srcpad, GST_DEBUG_FUNCPTR (timewarp_impl_src_query));

  self->impl = timewarp_impl_new (((TimeWarpElementClass *) g_class)->kind, element);
}

static void
timewarp_element_set_property (GObject * object, guint prop_id, const GValue * value,
    GParamSpec * pspec)
{
  if (!timewarp_impl_set_property (object, prop_id, value))
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
timewarp_element_get_property (GObject * object, guint prop_id, GValue * value,
    GParamSpec * pspec)
{
  if (!timewarp_impl_get_property (object, prop_id, value))
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static GstStateChangeReturn
timewarp_element_change_state (GstElement * element, GstStateChange transition)
{
  GstStateChangeReturn ret;

  timewarp_impl_state_will_change (element, transition);
  ret = parent_class->change_state (element, transition);
  if (ret != GST_STATE_CHANGE_FAILURE)
    timewarp_impl_state_did_change (element, transition);
  return ret;
}

static void
timewarp_element_finalize (GObject * object)
{
  TimeWarpElement *self = (TimeWarpElement *) object;

  timewarp_impl_free (self->impl);
  self->impl = NULL;
  G_OBJECT_CLASS (parent_class)->finalize (object);
}

/* GObject does not inherit get/set_property, so they are set on the base and every subclass. */
static void
timewarp_element_base_init (gpointer g_class)
{
  G_OBJECT_CLASS (g_class)->set_property = timewarp_element_set_property;
  G_OBJECT_CLASS (g_class)->get_property = timewarp_element_get_property;
}

static void
timewarp_element_class_init (TimeWarpElementClass * klass)
{
  GObjectClass *gobject_class = G_OBJECT_CLASS (klass);

  parent_class = g_type_class_peek_parent (klass);
  gobject_class->finalize = timewarp_element_finalize;
  GST_ELEMENT_CLASS (klass)->change_state = GST_DEBUG_FUNCPTR (timewarp_element_change_state);
  timewarp_install_time_map_properties (gobject_class);
  timewarp_install_time_map_signals (gobject_class);
}

/* Registered by hand (not G_DEFINE_ABSTRACT_TYPE): a base_init, and an instance init that gets
 * the subclass. */
GType
timewarp_element_get_type (void)
{
  static gsize type = 0;
  static const GTypeInfo info = {
    sizeof (TimeWarpElementClass), timewarp_element_base_init, NULL,
    (GClassInitFunc) timewarp_element_class_init, NULL, NULL,
    sizeof (TimeWarpElement), 0, (GInstanceInitFunc) timewarp_element_init, NULL
  };
  if (g_once_init_enter (&type)) {
    GType t = g_type_register_static (GST_TYPE_ELEMENT, "GstTimeWarpElement", &info,
        G_TYPE_FLAG_ABSTRACT);
    g_once_init_leave (&type, t);
  }
  return type;
}

void
timewarp_element_class_add_pad_templates (GstElementClass * klass, const gchar * caps)
{
  GstCaps *template_caps = gst_caps_from_string (caps);
  gst_element_class_add_pad_template (klass,
      gst_pad_template_new ("sink", GST_PAD_SINK, GST_PAD_ALWAYS, template_caps));
  gst_element_class_add_pad_template (klass,
      gst_pad_template_new ("src", GST_PAD_SRC, GST_PAD_ALWAYS, template_caps));
  gst_caps_unref (template_caps);
}
