/* Where this code was loaded from: dladdr and its Dl_info need _GNU_SOURCE, which Swift's Glibc
 * module does not see. */
#define _GNU_SOURCE
#include <dlfcn.h>

#include "CShims.h"

gchar *
timewarp_code_directory (void)
{
  Dl_info info;
  if (dladdr ((const void *) timewarp_code_directory, &info) == 0 || info.dli_fname == NULL)
    return NULL;
  if (info.dli_fname[0] != '/') {
    /* Linked into a program (gst-warp-launch, an application that registers the plugin
     * statically): glibc names the program by its argv[0], which may be relative or a bare name
     * found on PATH; the kernel knows the file. */
    gchar *program = g_file_read_link ("/proc/self/exe", NULL);
    if (program == NULL || program[0] != '/') {
      g_free (program);
      return NULL;
    }
    gchar *dir = g_path_get_dirname (program);
    g_free (program);
    return dir;
  }
  return g_path_get_dirname (info.dli_fname);
}

const gchar *
timewarp_multiarch (void)
{
  /* Debian's multiarch tuple of this build (the directory under <prefix>/lib that `make install`
   * and the package put the flow module's folder in). */
#if defined(__x86_64__) && defined(__ILP32__)
  return "x86_64-linux-gnux32";
#elif defined(__x86_64__)
  return "x86_64-linux-gnu";
#elif defined(__aarch64__)
  return "aarch64-linux-gnu";
#elif defined(__arm__) && defined(__ARM_PCS_VFP)
  return "arm-linux-gnueabihf";
#elif defined(__arm__)
  return "arm-linux-gnueabi";
#elif defined(__i386__)
  return "i386-linux-gnu";
#elif defined(__powerpc64__) && defined(__LITTLE_ENDIAN__)
  return "powerpc64le-linux-gnu";
#elif defined(__s390x__)
  return "s390x-linux-gnu";
#elif defined(__riscv) && __riscv_xlen == 64
  return "riscv64-linux-gnu";
#elif defined(__loongarch64)
  return "loongarch64-linux-gnu";
#else
  return NULL;
#endif
}

/* The OpenCV this build's flow module is compiled against (its headers are only read for the
 * version macros, which are plain C). */
#if defined(__has_include)
#if __has_include(<opencv4/opencv2/core/version.hpp>)
#include <opencv4/opencv2/core/version.hpp>
#endif
#endif

int
timewarp_opencv_soversion (void)
{
#if defined(CV_VERSION_MAJOR) && defined(CV_VERSION_MINOR)
  /* Debian's soname version: 4.6 is libopencv_video.so.406 in libopencv-video406, 4.10 .so.410. */
  return CV_VERSION_MAJOR * 100 + CV_VERSION_MINOR;
#else
  return 0;
#endif
}
