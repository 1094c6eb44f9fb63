/* Generated from VERSION by the Makefile (make build); the test VersionTests checks they agree. */
#define TIMEWARP_VERSION "0.3.2"
