/* Default sanitizer options for the element fuzzer, so that replaying one input needs no
 * environment: GLib and GStreamer keep caches for the life of the process (no leak reports), and
 * aborts (g_malloc failures, g_error) and Swift traps (SIGILL) print a stack. */
const char *__asan_default_options (void);

const char *
__asan_default_options (void)
{
  return "detect_leaks=0:handle_abort=1:handle_sigill=1:allocator_may_return_null=0";
}
