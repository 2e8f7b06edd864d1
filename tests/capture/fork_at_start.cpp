// A program that forks while the shim's log writer thread is inside dlopen("libzstd.so.1"). The program's own
// dlopen (exported, so it comes first in symbol lookup) marks the time a libzstd load spends inside it and stretches
// it to a second; the program forks in that second. A child forked in the middle of a dlopen can find a library
// mapped but not relocated, and die at its first call into it — so the shim makes fork wait for its own dlopens
// (interpose/loader_lock.h). The child says whether it was forked during one, then makes a call (opening its own
// log, with a writer of its own) and exits.
//   fork_at_start      exits 0 when the child was not forked inside a libzstd load and exited 0 within 20 s
#include <dlfcn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <tt-metalium/host_api.hpp>

using namespace tt::tt_metal;

namespace {
std::atomic<bool> g_loading_zstd{false};
}

extern "C" void* dlopen(const char* file, int mode) {
    using Open = void* (*)(const char*, int);
    static const Open real = reinterpret_cast<Open>(dlsym(RTLD_NEXT, "dlopen"));
    const bool zstd = file && std::strstr(file, "libzstd") != nullptr;
    if (zstd) {
        g_loading_zstd = true;
        usleep(1000 * 1000);
    }
    void* handle = real(file, mode);
    if (zstd) g_loading_zstd = false;
    return handle;
}

int main() {
    Program first = CreateProgram();  // under the shim: the log opens, its writer thread loads libzstd
    for (int i = 0; i < 500 && !g_loading_zstd; i++) usleep(1000);
    std::printf("fork_at_start: a libzstd load was under way at the fork: %s\n", g_loading_zstd ? "yes" : "no");
    std::fflush(stdout);
    const pid_t pid = fork();
    if (pid == 0) {
        if (g_loading_zstd) {
            std::fprintf(stderr, "fork_at_start: the child was forked in the middle of a libzstd load\n");
            _exit(3);
        }
        alarm(20);
        Program second = CreateProgram();
        std::exit(0);
    }
    int status = 0;
    if (pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0) return 0;
    std::fprintf(stderr, "fork_at_start: the child did not finish (status %#x)\n", status);
    return 1;
}
