#include "kernel_paths.h"

#include <filesystem>
#include <mutex>
#include <vector>

#include "third_party/tt_metal/core/errors.h"
#include "third_party/tt_metal/core/kernel_build.h"
#include "third_party/tt_metal/core/settings.h"

namespace ttemu::v067 {

namespace fs = std::filesystem;

namespace {
std::mutex g_root_mutex;
std::string g_root_dir;  // SetRootDir's

std::string RootDirectory() {
    const Settings& s = GetSettings();
    if (!s.runtime_root.empty()) return s.runtime_root;
    {
        std::lock_guard lock(g_root_mutex);
        if (!g_root_dir.empty()) return g_root_dir;
    }
    if (!s.metal_home.empty()) return s.metal_home;
    std::error_code ec;
    if (fs::is_directory(fs::current_path(ec) / "tt_metal", ec)) return fs::current_path(ec).string();
    return {};
}
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
