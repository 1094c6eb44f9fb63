#include <gst/gst.h>
#include <gst/base/base.h>
#include <gst/video/video.h>
#include <gst/audio/audio.h>
