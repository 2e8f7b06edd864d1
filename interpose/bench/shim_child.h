// What the capture benchmarks share: each re-executes itself under LD_PRELOAD=libltcap.so and, inside, times calls
// through the shim against the real libtt_metal.so function in the same process.
#pragma once

#include <dlfcn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace bench {

// The real definition behind a symbol the program calls (which the shim has taken over).
template <typename Fn>
Fn Real(Fn interposed) {
    Dl_info info{};
    dladdr(reinterpret_cast<void*>(interposed), &info);
    void* lib = dlopen("libtt_metal.so", RTLD_NOW | RTLD_NOLOAD);
    return lib && info.dli_sname ? reinterpret_cast<Fn>(dlsym(lib, info.dli_sname)) : nullptr;
}

inline double Median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

// The parent's side. Takes the shim from argv[1] (default: profiles/v0.56.0/libltcap.so), makes a scratch folder under
// $`dir_var` or, by default, tmpfs (so the figures are the shim's cost, not this machine's disk), and runs this
// program again there with `child_var`=1, the shim preloaded, its log at `log` (returned), a private kernel cache,
// LTCAP_LOG=quiet and `env`. Returns 0 when the child succeeded, 1 when it failed, 2 for a bad shim path.
inline int RunUnderShim(const char* name, int argc, char** argv, const char* child_var, const char* dir_var,
                        const std::vector<std::pair<const char*, const char*>>& env, std::filesystem::path& dir,
                        std::filesystem::path& log) {
    const std::string shim = argc > 1 ? argv[1] : "profiles/v0.56.0/libltcap.so";
    if (!std::filesystem::exists(shim)) {
        std::fprintf(stderr, "usage: %s [PATH/TO/libltcap.so]  (not found: %s)\n", name, shim.c_str());
        return 2;
    }
    const char* where = std::getenv(dir_var);
    const std::filesystem::path base = where ? where : (std::filesystem::exists("/dev/shm") ? "/dev/shm" : "/tmp");
    dir = base / ("ltcap-" + std::string(name) + "-" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);
    log = dir / "log.capnp";
    const pid_t pid = fork();
    if (pid == 0) {
        setenv(child_var, "1", 1);
        for (const auto& [key, value] : env) setenv(key, value, 1);
        setenv("LTCAP_OUTPUT", log.c_str(), 1);
        setenv("LTCAP_LOG", "quiet", 1);
        setenv("TT_METAL_EMU_CACHE_DIR", (dir / "cache").c_str(), 1);
        setenv("LD_PRELOAD", std::filesystem::absolute(shim).c_str(), 1);
        execv("/proc/self/exe", argv);
        _exit(127);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : 1;
}

}  // namespace bench
