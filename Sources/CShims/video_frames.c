/* Wrappers for the GstVideoInfo / GstVideoFrame macros that frame blending reads planes with. */
#include "CShims.h"

void
timewarp_video_info_component (const GstVideoInfo * info, guint comp, guint * plane,
    gint * offset, gint * pixel_stride, gint * width, gint * height, guint * depth)
{
  *plane = GST_VIDEO_INFO_COMP_PLANE (info, comp);
  *offset = GST_VIDEO_INFO_COMP_POFFSET (info, comp);
  *pixel_stride = GST_VIDEO_INFO_COMP_PSTRIDE (info, comp);
  *width = GST_VIDEO_INFO_COMP_WIDTH (info, comp);
  *height = GST_VIDEO_INFO_COMP_HEIGHT (info, comp);
  *depth = GST_VIDEO_INFO_COMP_DEPTH (info, comp);
}

void
timewarp_video_info_shape (const GstVideoInfo * info, guint * components, guint * planes,
    GstVideoFormat * format)
{
  *components = GST_VIDEO_INFO_N_COMPONENTS (info);
  *planes = GST_VIDEO_INFO_N_PLANES (info);
  *format = GST_VIDEO_INFO_FORMAT (info);
}

guint8 *
timewarp_video_frame_plane (GstVideoFrame * frame, guint plane, gint * stride)
{
  *stride = GST_VIDEO_FRAME_PLANE_STRIDE (frame, plane);
  return GST_VIDEO_FRAME_PLANE_DATA (frame, plane);
}

const gchar *
timewarp_video_meta_option (void)
{
  return GST_BUFFER_POOL_OPTION_VIDEO_META;
}

GType
timewarp_video_meta_api_type (void)
{
  return GST_VIDEO_META_API_TYPE;
}
