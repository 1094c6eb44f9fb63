/* Internal declarations shared by the C files of CShims. */
#ifndef TIMEWARP_ELEMENT_PRIVATE_H
#define TIMEWARP_ELEMENT_PRIVATE_H

#include "CShims.h"

/** The class of GstTimeWarpElement: each subclass sets `kind`, its pad templates and metadata. */
typedef struct {
  GstElementClass parent_class;
  TimeWarpKind kind;
} TimeWarpElementClass;

#define TIMEWARP_TYPE_ELEMENT (timewarp_element_get_type ())

void timewarp_install_time_map_properties (GObjectClass * gobject_class);
void timewarp_install_time_map_signals (GObjectClass * gobject_class);
void timewarp_debug_init (void);
/** Adds the "sink" and "src" pad templates (always present) with the caps `caps`. */
void timewarp_element_class_add_pad_templates (GstElementClass * klass, const gchar * caps);

#endif
