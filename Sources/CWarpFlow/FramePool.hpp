// The flow module's working images come from one pool of freed blocks, so a stream at 4K does
// not map, fault in and unmap a few hundred megabytes per frame (a third of the CPU time was
// the kernel's before it).
#pragma once

#include <opencv2/core.hpp>

namespace warpflow {

/// An empty matrix whose storage, once made (`create`, or as an OpenCV function's output), comes
/// from the frame pool and returns to it when the last reference goes.
cv::Mat pooled();

/// A `rows` x `cols` matrix of `type` from the frame pool (contents undefined).
cv::Mat pooled(int rows, int cols, int type);

/// Gives the blocks the pool holds back to the system (when no pair of frames is alive).
void trimFramePool();

}  // namespace warpflow
