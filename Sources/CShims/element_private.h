/* Internal declarations shared by the C files of CShims. */
#ifndef TIMEWARP_ELEMENT_PRIVATE_H
#define TIMEWARP_ELEMENT_PRIVATE_H

#include "CShims.h"

void timewarp_element_init_instance (TimeWarpElement * self, TimeWarpKind kind);
void timewarp_element_finalize_instance (TimeWarpElement * self);
void timewarp_element_class_init_common (GObjectClass * gobject_class, TimeWarpKind kind);
void timewarp_install_time_map_properties (GObjectClass * gobject_class);
GstElementClass *timewarp_video_get_parent_class (void);
GstElementClass *timewarp_audio_get_parent_class (void);

#endif
