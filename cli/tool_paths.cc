#include "cli/tool_paths.h"

#include <sys/stat.h>
#include <unistd.h>

#include <climits>
#include <cstdlib>
#include <fstream>

#include "api/releases.h"

namespace ltcap::cli {

std::string SelfDir() {
    char buf[PATH_MAX];
    const ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
    if (n <= 0) return ".";
    std::string path(buf, static_cast<std::size_t>(n));
    const auto slash = path.rfind('/');
    return slash == std::string::npos ? "." : path.substr(0, slash);
}

bool IsFile(const std::string& path) {
    struct stat st;
    return stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

std::string FindBeside(const std::vector<std::string>& candidates) {
    const std::string dir = SelfDir();
    for (const auto& c : candidates) {
        const std::string path = dir + "/" + c;
        if (!IsFile(path)) continue;
        char real[PATH_MAX];
        return realpath(path.c_str(), real) ? std::string(real) : path;
    }
    return "";
}

std::string FindShim(const std::string& release) {
    const ProfileTools* p = FindProfile(release);
    if (!p) return "";
    const std::string shim = p->shim;
    return FindBeside({"../lib/" + shim, "../profiles/" + release + "/" + shim});  // installed, bazel-bin
}

std::string FindPlayer(const std::string& release) {
    const ProfileTools* p = FindProfile(release);
    if (!p) return "";
    const std::string player = p->player;
    return FindBeside({player, "../profiles/" + release + "/" + player});  // installed, bazel-bin
}

std::string InstalledRelease() {
    std::ifstream in(SelfDir() + "/../share/ltcap/tt-metal-release");
    std::string release;
    return in >> release ? release : "";
}

void PreloadFirst(const std::string& shim) {
    const char* old = std::getenv("LD_PRELOAD");
    const std::string preload = old && *old ? shim + ":" + old : shim;
    setenv("LD_PRELOAD", preload.c_str(), 1);
}

std::string FindTool(const std::string& name) { return FindBeside({name, "../player/" + name}); }

}  // namespace ltcap::cli
