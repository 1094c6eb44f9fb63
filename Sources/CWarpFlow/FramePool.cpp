// See FramePool.hpp. A cv::MatAllocator that keeps freed blocks by size, up to a bound, and
// hands them out again for matrices of the same size.
#include "FramePool.hpp"

#include <map>
#include <mutex>

namespace warpflow {
namespace {

/// The most bytes the pool keeps unused (a 4K slot's working images are about 400 MB).
constexpr size_t kMaxRetainedBytes = size_t(1) << 30;

class FramePool final : public cv::MatAllocator {
 public:
  cv::UMatData *allocate(int dims, const int *sizes, int type, void *data, size_t *step, cv::AccessFlag,
                         cv::UMatUsageFlags) const override {
    size_t total = CV_ELEM_SIZE(type);
    for (int i = dims - 1; i >= 0; i--) {
      if (step) {
        if (data && step[i] != cv::Mat::AUTO_STEP)
          total = step[i];
        else
          step[i] = total;
      }
      total *= sizes[i];
    }
    auto *u = new cv::UMatData(this);
    u->data = u->origdata = data ? static_cast<uchar *>(data) : take(total);
    u->size = total;
    if (data) u->flags |= cv::UMatData::USER_ALLOCATED;
    return u;
  }

  bool allocate(cv::UMatData *u, cv::AccessFlag, cv::UMatUsageFlags) const override { return u != nullptr; }

  void deallocate(cv::UMatData *u) const override {
    if (!u) return;
    if (!(u->flags & cv::UMatData::USER_ALLOCATED)) give(u->origdata, u->size);
    delete u;
  }

  /// Frees every block held.
  void trim() const {
    std::lock_guard<std::mutex> lock(mutex_);
    for (auto &entry : free_) cv::fastFree(entry.second);
    free_.clear();
    retained_ = 0;
  }

 private:
  uchar *take(size_t bytes) const {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      auto found = free_.find(bytes);
      if (found != free_.end()) {
        uchar *block = found->second;
        free_.erase(found);
        retained_ -= bytes;
        return block;
      }
    }
    return static_cast<uchar *>(cv::fastMalloc(bytes));
  }

  void give(uchar *block, size_t bytes) const {
    if (!block) return;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (retained_ + bytes <= kMaxRetainedBytes) {
        free_.emplace(bytes, block);
        retained_ += bytes;
        return;
      }
    }
    cv::fastFree(block);
  }

  mutable std::mutex mutex_;
  mutable std::multimap<size_t, uchar *> free_;
  mutable size_t retained_ = 0;
};

FramePool &pool() {
  static FramePool *instance = new FramePool();  // never destroyed: matrices may outlive statics
  return *instance;
}

}  // namespace

cv::Mat pooled() {
  cv::Mat m;
  m.allocator = &pool();
  return m;
}

cv::Mat pooled(int rows, int cols, int type) {
  cv::Mat m = pooled();
  m.create(rows, cols, type);
  return m;
}

void trimFramePool() { pool().trim(); }

}  // namespace warpflow
