#include "interpose/loader_lock.h"

#include <dlfcn.h>

namespace ltcap {

std::mutex& LoaderLock() noexcept {
    static std::mutex lock;  // constant-initialized: usable from the first call, never destroyed before use ends
    return lock;
}

void* OpenLibrary(const char* name, int flags) noexcept {
    std::lock_guard hold(LoaderLock());
    return dlopen(name, flags);
}

}  // namespace ltcap
