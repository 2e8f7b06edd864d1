// The shim's own dlopen calls go through OpenLibrary, which holds LoaderLock(); fork's prepare handler takes the
// same lock (process_hooks.cc), so no child starts while one of them is half done. glibc's fork does not wait for
// a dlopen in another thread: a child forked between a library's mapping and its relocation finds it loaded, and
// its first call into it jumps to an address never relocated (seen as a forked child's new log writer dying in
// ZSTD_createCCtx, the parent's writer thread having been inside dlopen("libzstd.so.1") at the fork).
#pragma once

#include <mutex>

namespace ltcap {

std::mutex& LoaderLock() noexcept;
// dlopen(name, flags) under LoaderLock(); null (dlerror() says why) if it cannot be opened.
void* OpenLibrary(const char* name, int flags) noexcept;

}  // namespace ltcap
