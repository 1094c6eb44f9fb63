/* gst-warp-launch's run mode: gst-launch-1.0's command-line options, parsed by GLib's
 * GOptionContext together with GStreamer's own option group (--gst-debug, --gst-plugin-path, ...).
 * Only the option table lives in C; what the options do is Swift (Sources/gst-warp-launch). */
#ifndef TIMEWARP_LAUNCH_OPTIONS_H
#define TIMEWARP_LAUNCH_OPTIONS_H

#include <glib.h>

G_BEGIN_DECLS

/** The switches of gst-launch-1.0 (1.22), plus --progress. */
typedef struct {
  gboolean tags;             /* -t, --tags */
  gboolean toc;              /* -c, --toc */
  gboolean verbose;          /* -v, --verbose */
  gboolean quiet;            /* -q, --quiet */
  gboolean messages;         /* -m, --messages */
  gboolean no_fault;         /* -f, --no-fault (accepted; gst-warp-launch installs no fault handler) */
  gboolean eos_on_shutdown;  /* -e, --eos-on-shutdown */
  gboolean version;          /* --version */
  gboolean no_position;      /* --no-position */
  gboolean force_position;   /* --force-position */
  gboolean progress;         /* --progress: a progress bar (gst-warp-launch's own) */
  gchar **exclude;           /* -X, --exclude=PROPERTY-NAME (repeatable); NULL when none */
} TimewarpLaunchOptions;

/**
 * Parses and removes the options from argv (argv[0] is the program name; what remains is the
 * pipeline description) and initialises GStreamer through its option group. --help, --help-all
 * and --help-gst print GLib's help and exit(0), as in gst-launch-1.0.
 * Returns FALSE with a newly allocated message (g_free it) for an unknown or malformed option.
 */
gboolean timewarp_launch_parse_options (int *argc, char ***argv,
    TimewarpLaunchOptions * options, char **error_message);

/** Frees what the parse allocated in options (the exclude list). */
void timewarp_launch_options_clear (TimewarpLaunchOptions * options);

G_END_DECLS

#endif
