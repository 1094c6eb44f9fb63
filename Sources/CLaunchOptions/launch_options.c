/* The GOptionEntry table of gst-warp-launch's run mode (see launch_options.h). */
#include "launch_options.h"

#include <gst/gst.h>
#include <string.h>

gboolean
timewarp_launch_parse_options (int *argc, char ***argv,
    TimewarpLaunchOptions * o, char **error_message)
{
  GOptionEntry entries[] = {
    {"tags", 't', 0, G_OPTION_ARG_NONE, &o->tags,
        "Output tags (also known as metadata)", NULL},
    {"toc", 'c', 0, G_OPTION_ARG_NONE, &o->toc,
        "Output TOC (chapters and editions)", NULL},
    {"verbose", 'v', 0, G_OPTION_ARG_NONE, &o->verbose,
        "Output status information and property notifications", NULL},
    {"quiet", 'q', 0, G_OPTION_ARG_NONE, &o->quiet,
        "Do not print any progress information", NULL},
    {"messages", 'm', 0, G_OPTION_ARG_NONE, &o->messages,
        "Output messages", NULL},
    {"exclude", 'X', 0, G_OPTION_ARG_STRING_ARRAY, &o->exclude,
          "Do not output status information for the specified property if verbose output is "
          "enabled (can be used multiple times)", "PROPERTY-NAME"},
    {"no-fault", 'f', 0, G_OPTION_ARG_NONE, &o->no_fault,
        "Do not install a fault handler (none is installed anyway)", NULL},
    {"eos-on-shutdown", 'e', 0, G_OPTION_ARG_NONE, &o->eos_on_shutdown,
        "Force EOS on sources before shutting the pipeline down", NULL},
    {"version", 0, 0, G_OPTION_ARG_NONE, &o->version,
        "Print version information and exit", NULL},
    {"no-position", 0, 0, G_OPTION_ARG_NONE, &o->no_position,
        "Do not print the current position of the pipeline", NULL},
    {"force-position", 0, 0, G_OPTION_ARG_NONE, &o->force_position,
        "Print the current position of the pipeline even if stdout is not a TTY", NULL},
    {"progress", 0, 0, G_OPTION_ARG_NONE, &o->progress,
        "Show a progress bar from the position and duration queries (gst-warp-launch's own)", NULL},
    {NULL}
  };
  GOptionContext *context;
  GError *error = NULL;
  gboolean ok;

  memset (o, 0, sizeof *o);
  context = g_option_context_new ("PIPELINE-DESCRIPTION");
  g_option_context_set_summary (context,
      "gst-launch-1.0 with videotimewarp and audiotimewarp built in.\n"
      "Other modes: gst-warp-launch warp|plot|check|demo --help");
  g_option_context_add_main_entries (context, entries, NULL);
  g_option_context_add_group (context, gst_init_get_option_group ());
  ok = g_option_context_parse (context, argc, argv, &error);
  g_option_context_free (context);
  if (!ok) {
    *error_message = g_strdup (error ? error->message : "Unknown error!");
    g_clear_error (&error);
  }
  return ok;
}

void
timewarp_launch_options_clear (TimewarpLaunchOptions * o)
{
  g_strfreev (o->exclude);
  o->exclude = NULL;
}
