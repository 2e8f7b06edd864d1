#include "common/kernel_sources.h"

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

namespace ltcap {
namespace fs = std::filesystem;

namespace {
std::optional<std::string> ReadFile(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    if (!in) return std::nullopt;
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}
}  // namespace

std::optional<std::vector<SourceFile>> ReadSourceClosure(const std::string& path) {
    static const std::regex include_re(R"re(^\s*#\s*include\s*"([^"]+)")re");
    std::vector<SourceFile> out;
    std::set<std::string> seen;
    std::error_code ec;
    std::vector<fs::path> todo{fs::absolute(path, ec).lexically_normal()};
    while (!todo.empty()) {
        const fs::path p = todo.back();
        todo.pop_back();
        if (!seen.insert(p.string()).second) continue;
        auto content = ReadFile(p);
        if (!content) {
            if (out.empty()) return std::nullopt;
            continue;
        }
        std::istringstream lines(*content);
        std::string line;
        while (std::getline(lines, line)) {
            std::smatch m;
            if (!std::regex_search(line, m, include_re)) continue;
            const fs::path inc = (p.parent_path() / m[1].str()).lexically_normal();
            if (fs::is_regular_file(inc, ec)) todo.push_back(inc);
        }
        out.push_back({p.string(), std::move(*content)});
    }
    return out;
}

std::optional<std::string> FindKernelFile(const std::string& file_name, const std::string& metal_home,
                                          const std::string& kernel_path) {
    std::vector<fs::path> candidates{fs::path(file_name)};
    if (!metal_home.empty()) candidates.push_back(fs::path(metal_home) / file_name);
    if (!kernel_path.empty()) candidates.push_back(fs::path(kernel_path) / file_name);
    std::error_code ec;
    for (const auto& c : candidates)
        if (fs::is_regular_file(c, ec)) return fs::absolute(c, ec).lexically_normal().string();
    return std::nullopt;
}

}  // namespace ltcap
