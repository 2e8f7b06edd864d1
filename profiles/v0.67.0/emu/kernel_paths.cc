#include "kernel_paths.h"

#include <filesystem>
#include <mutex>
#include <vector>

#include "common/kernel_sources.h"
#include "emu/core/errors.h"
#include "emu/core/kernel_build.h"
#include "emu/core/settings.h"

namespace ttemu::v067 {

namespace fs = std::filesystem;

namespace {
std::mutex g_root_mutex;
std::string g_root_dir;  // SetRootDir's

// tt-metal v0.67.0's root (llrt/rtoptions.cpp): TT_METAL_RUNTIME_ROOT, else SetRootDir's, else its package's install
// root, else the working directory when it holds tt_metal/. It does not read TT_METAL_HOME.
std::string RootDirectory() {
    std::string set_root;
    {
        std::lock_guard lock(g_root_mutex);
        set_root = g_root_dir;
    }
    return ltcap::RuntimeRoot(GetSettings().runtime_root, set_root);
}

// Kernels' quoted includes reach the root's include roots, as v0.67.0's JIT build puts the root on the include path.
const bool g_include_home_set = (SetIncludeHome(&RootDirectory), true);
}  // namespace

void SetRootDirectory(const std::string& root) {
    std::lock_guard lock(g_root_mutex);
    g_root_dir = root;
}

std::string ResolveKernelFile(const std::string& given) {
    const fs::path file(given);
    std::error_code ec;
    if (file.is_absolute()) return given;
    std::vector<fs::path> dirs{fs::current_path(ec)};
    if (!GetSettings().kernel_path.empty()) dirs.emplace_back(GetSettings().kernel_path);
    dirs.emplace_back("/usr/share/tenstorrent/kernels/");
    if (const std::string root = RootDirectory(); !root.empty()) dirs.emplace_back(root);
    try {
        dirs.push_back(HomeDir());
    } catch (const std::exception&) {  // the stand-ins cannot be written: they are simply not there
    }
    for (const fs::path& d : dirs) {
        const fs::path candidate = fs::absolute(d / file, ec);
        if (!ec && fs::exists(candidate, ec)) return candidate.lexically_normal().string();
    }
    Throw("Kernel file ", given, " doesn't exist in any of the searched paths!");
}

}  // namespace ttemu::v067
