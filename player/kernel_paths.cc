#include "player/kernel_paths.h"

#include <filesystem>

#include "schema/log_error.h"
#include "schema/values/scalars.h"

namespace ltcap {
namespace fs = std::filesystem;

std::string KernelFilePlace(std::uint64_t id, const std::string& path, bool from_home) {
    // Lexical only: a stand-in root, the kernel file's folder kKernelFileDepth levels below it.
    const fs::path root = "/root";
    fs::path dir = root;
    if (!from_home)
        for (int i = 0; i < kKernelFileDepth; i++) dir /= "d" + std::to_string(i);
    const fs::path inside = (dir / path).lexically_normal().lexically_relative(root);
    if (path.empty() || path.find('\0') != std::string::npos || fs::path(path).is_absolute() || inside.empty() ||
        *inside.begin() == ".." || inside == ".")
        throw LogError("kernel source #" + std::to_string(id) + " names a file outside its " +
                       (from_home ? "TT_METAL_HOME: " : "folder: ") + values::Printable(path.data(), path.size()));
    return inside.string();
}

}  // namespace ltcap
