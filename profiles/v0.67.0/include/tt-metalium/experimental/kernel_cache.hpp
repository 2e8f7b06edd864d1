// The process's memory of kernels it has built: cleared, the next use of each kernel goes through the build again
// (which skips what the build cache on disk holds up to date).
#pragma once

namespace tt::tt_metal::experimental {

void ClearKernelCache();

}  // namespace tt::tt_metal::experimental
