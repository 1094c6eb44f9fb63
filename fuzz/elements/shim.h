/* C headers the element fuzzer needs beyond Sources/CGStreamer and Sources/CGStreamerCheck. */
#include <gst/gst.h>
#include <gst/controller/controller.h>
