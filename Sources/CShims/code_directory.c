/* Where this code was loaded from: dladdr and its Dl_info need _GNU_SOURCE, which Swift's Glibc
 * module does not see. */
#define _GNU_SOURCE
#include <dlfcn.h>

#include "CShims.h"

gchar *
timewarp_code_directory (void)
{
  Dl_info info;
  if (dladdr ((const void *) timewarp_code_directory, &info) == 0 || info.dli_fname == NULL
      || info.dli_fname[0] != '/')
    return NULL;
  return g_path_get_dirname (info.dli_fname);
}
