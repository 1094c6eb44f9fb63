/* Trampolines shared by both elements: pad functions, state changes, properties and finalize
 * forward to the Swift object stored in TimeWarpElement.impl. */
#include "element_private.h"

static GstFlowReturn
timewarp_chain (GstPad * pad, GstObject * parent, GstBuffer * buffer)
{
  return timewarp_impl_chain (((TimeWarpElement *) parent)->impl, pad, buffer);
}

static gboolean
timewarp_sink_event (GstPad * pad, GstObject * parent, GstEvent * event)
{
  return timewarp_impl_sink_event (((TimeWarpElement *) parent)->impl, pad, event);
}

static gboolean
timewarp_src_event (GstPad * pad, GstObject * parent, GstEvent * event)
{
  return timewarp_impl_src_event (((TimeWarpElement *) parent)->impl, pad, event);
}

static gboolean
timewarp_sink_query (GstPad * pad, GstObject * parent, GstQuery * query)
{
  return timewarp_impl_sink_query (((TimeWarpElement *) parent)->impl, pad, query);
}

static gboolean
timewarp_src_query (GstPad * pad, GstObject * parent, GstQuery * query)
{
  return timewarp_impl_src_query (((TimeWarpElement *) parent)->impl, pad, query);
}

void
timewarp_element_init_instance (TimeWarpElement * self, TimeWarpKind kind)
{
  GstElementClass *klass = GST_ELEMENT_GET_CLASS (self);

  self->sinkpad =
      gst_pad_new_from_template (gst_element_class_get_pad_template (klass, "sink"), "sink");
  gst_pad_set_chain_function (self->sinkpad, GST_DEBUG_FUNCPTR (timewarp_chain));
  gst_pad_set_event_function (self->sinkpad, GST_DEBUG_FUNCPTR (timewarp_sink_event));
  gst_pad_set_query_function (self->sinkpad, GST_DEBUG_FUNCPTR (timewarp_sink_query));
  GST_PAD_SET_PROXY_ALLOCATION (self->sinkpad);
  gst_element_add_pad (GST_ELEMENT (self), self->sinkpad);

  self->srcpad =
      gst_pad_new_from_template (gst_element_class_get_pad_template (klass, "src"), "src");
  gst_pad_set_event_function (self->srcpad, GST_DEBUG_FUNCPTR (timewarp_src_event));
  gst_pad_set_query_function (self->srcpad, GST_DEBUG_FUNCPTR (timewarp_src_query));
  gst_element_add_pad (GST_ELEMENT (self), self->srcpad);

  self->impl = timewarp_impl_new (kind, GST_ELEMENT (self));
}

static void
timewarp_set_property (GObject * object, guint prop_id, const GValue * value,
    GParamSpec * pspec)
{
  if (!timewarp_impl_set_property (((TimeWarpElement *) object)->impl, prop_id, value))
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
timewarp_get_property (GObject * object, guint prop_id, GValue * value, GParamSpec * pspec)
{
  if (!timewarp_impl_get_property (((TimeWarpElement *) object)->impl, prop_id, value))
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static GstStateChangeReturn
timewarp_change_state (GstElement * element, GstStateChange transition,
    GstElementClass * parent_class)
{
  TimeWarpElement *self = (TimeWarpElement *) element;
  GstStateChangeReturn ret;

  timewarp_impl_state_will_change (self->impl, transition);
  ret = parent_class->change_state (element, transition);
  if (ret != GST_STATE_CHANGE_FAILURE)
    timewarp_impl_state_did_change (self->impl, transition);
  return ret;
}

static GstStateChangeReturn
timewarp_video_change_state (GstElement * element, GstStateChange transition)
{
  return timewarp_change_state (element, transition, timewarp_video_get_parent_class ());
}

static GstStateChangeReturn
timewarp_audio_change_state (GstElement * element, GstStateChange transition)
{
  return timewarp_change_state (element, transition, timewarp_audio_get_parent_class ());
}

void
timewarp_element_finalize_instance (TimeWarpElement * self)
{
  if (self->impl != NULL) {
    timewarp_impl_free (self->impl);
    self->impl = NULL;
  }
}

void
timewarp_element_class_init_common (GObjectClass * gobject_class, TimeWarpKind kind)
{
  GstElementClass *element_class = GST_ELEMENT_CLASS (gobject_class);

  gobject_class->set_property = timewarp_set_property;
  gobject_class->get_property = timewarp_get_property;
  element_class->change_state = kind == TIMEWARP_KIND_VIDEO
      ? GST_DEBUG_FUNCPTR (timewarp_video_change_state)
      : GST_DEBUG_FUNCPTR (timewarp_audio_change_state);
  timewarp_install_time_map_properties (gobject_class);
}
