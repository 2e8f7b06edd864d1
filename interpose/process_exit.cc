// The libc functions the shim takes over to see how the process exits (process_end.h): exit(), and
// __libc_start_main, to see main's return value, which glibc hands to its own exit past the interposed one.
// interpose/exports.lds exports them; each notes the status and goes on exactly as libc would.
#include <dlfcn.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstdlib>

#include "interpose/process_end.h"

namespace {
using Main = int (*)(int, char**, char**);
Main g_main = nullptr;
int MainNotingItsStatus(int argc, char** argv, char** envp) {
    const int status = g_main(argc, argv, envp);
    ltcap::process_end::NoteExit(status);
    return status;
}
}  // namespace

extern "C" {
#pragma GCC visibility push(default)

void exit(int status) noexcept {
    ltcap::process_end::NoteExit(status);
    static const auto real = reinterpret_cast<void (*)(int)>(dlsym(RTLD_NEXT, "exit"));
    if (real) real(status);
    syscall(SYS_exit_group, status);  // no libc exit to be found: end as _exit would
    __builtin_unreachable();
}

// glibc's _start calls it with the program's main; main's return value goes to glibc's own exit, past the interposed
// one, so main is wrapped here to see it.
int __libc_start_main(Main main, int argc, char** argv, void (*init)(), void (*fini)(), void (*rtld_fini)(),
                      void* stack_end) {
    using Start = int (*)(Main, int, char**, void (*)(), void (*)(), void (*)(), void*);
    static const auto real = reinterpret_cast<Start>(dlsym(RTLD_NEXT, "__libc_start_main"));
    if (!real || !main) std::_Exit(127);  // no libc to start the program: nothing could run it
    g_main = main;
    return real(MainNotingItsStatus, argc, argv, init, fini, rtld_fini, stack_end);
}

#pragma GCC visibility pop
}
