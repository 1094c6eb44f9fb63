/* CWarpFlowAPI is its header (include/CWarpFlowAPI.h); a target needs one source file. This one
 * checks that the header stands on its own in C. */
#include "CWarpFlowAPI.h"
