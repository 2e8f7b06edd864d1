// dlclose: a libtt_metal.so that a host loaded and unloads again is checked before it goes (real_library.h:
// CheckLoadedLibraries), so a tt-metal the shim cannot interpose is reported even if it is gone by exit. dlopen
// itself is not interposed: glibc resolves a bare library name against its caller's RUNPATH, and a wrapper would
// become that caller.
#include <dlfcn.h>

#include "interpose/real_library.h"

extern "C" {
#pragma GCC visibility push(default)

int dlclose(void* handle) {
    using Fn = int (*)(void*);
    static const Fn real = reinterpret_cast<Fn>(dlsym(RTLD_NEXT, "dlclose"));
    ltcap::real::CheckLoadedLibraries();
    return real(handle);
}

#pragma GCC visibility pop
}
