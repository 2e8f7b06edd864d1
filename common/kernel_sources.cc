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

fs::path Normal(const fs::path& p) {
    std::error_code ec;
    return fs::absolute(p, ec).lexically_normal();
}

// `p` below `home` (relative, not climbing out), or empty if it lies elsewhere.
std::string Below(const fs::path& p, const fs::path& home) {
    const fs::path rel = p.lexically_relative(home);
    if (rel.empty() || *rel.begin() == "..") return "";
    return rel.string();
}

// A file to read, and where a replay puts it (SourceFile::home_path; `home` is the home it is relative to).
struct Todo {
    fs::path path;
    std::string home_path;
    fs::path home;
};
}  // namespace

std::vector<std::string> KernelIncludeRoots(const std::string& home) {
    if (home.empty()) return {};
    const fs::path h = Normal(home);
    return {h.string(), (h / "ttnn").string(), (h / "tt_metal").string()};
}

std::optional<std::vector<SourceFile>> ReadSourceClosure(const std::string& path, const std::vector<std::string>& homes) {
    static const std::regex include_re(R"re(^\s*#\s*include\s*"([^"]+)")re");
    std::vector<fs::path> home_dirs;
    for (const auto& h : homes)
        if (!h.empty()) home_dirs.push_back(Normal(h));
    std::vector<SourceFile> out;
    std::set<std::string> seen;  // (how placed, file) pairs already taken
    std::error_code ec;
    Todo first{Normal(path), "", {}};
    for (const auto& h : home_dirs)
        if (auto below = Below(first.path, h); !below.empty()) {
            first.home_path = below, first.home = h;
            break;
        }
    std::vector<Todo> todo{first};
    while (!todo.empty()) {
        const Todo t = todo.back();
        todo.pop_back();
        if (!seen.insert(t.home_path.empty() ? "k:" + t.path.string() : "h:" + t.home_path).second) continue;
        auto content = ReadFile(t.path);
        if (!content) {
            if (out.empty()) return std::nullopt;
            continue;
        }
        std::istringstream lines(*content);
        std::string line;
        while (std::getline(lines, line)) {
            std::smatch m;
            if (!std::regex_search(line, m, include_re)) continue;
            const std::string name = m[1].str();
            // Beside the including file first: it stays placed as that file is, if it can.
            const fs::path beside = (t.path.parent_path() / name).lexically_normal();
            if (fs::is_regular_file(beside, ec)) {
                const std::string below = t.home_path.empty() ? "" : Below(beside, t.home);
                todo.push_back({beside, below, below.empty() ? fs::path() : t.home});
                continue;
            }
            // Then the include roots of each home, in order.
            bool found = false;
            for (const auto& h : home_dirs) {
                for (const auto& root : KernelIncludeRoots(h.string())) {
                    const fs::path candidate = (fs::path(root) / name).lexically_normal();
                    if (!fs::is_regular_file(candidate, ec)) continue;
                    const std::string below = Below(candidate, h);
                    if (!below.empty()) todo.push_back({candidate, below, h});
                    found = true;
                    break;
                }
                if (found) break;
            }
        }
        out.push_back({t.path.string(), std::move(*content), t.home_path});
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
