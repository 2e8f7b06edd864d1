// Keep compiled kernels across runs: with the cache enabled, a kernel whose binary already exists is not built
// again. (The emulator's kernel cache is always on; these switch whether it is consulted.)
//   tt::tt_metal::detail::EnablePersistentKernelCache();
#pragma once

#include <atomic>

namespace tt::tt_metal::detail {

void EnablePersistentKernelCache();
void DisablePersistentKernelCache();

}  // namespace tt::tt_metal::detail
