#include "common/kernel_sources.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

namespace ltcap {
namespace fs = std::filesystem;

namespace {
// The file's bytes, or nullopt with `error` set to why not.
std::optional<std::string> ReadFile(const fs::path& p, int& error) {
    const int fd = ::open(p.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return error = errno, std::nullopt;
    std::string out;
    char buf[65536];
    for (;;) {
        const ssize_t n = ::read(fd, buf, sizeof buf);
        if (n == 0) break;
        if (n < 0) {
            if (errno == EINTR) continue;
            error = errno;
            ::close(fd);
            return std::nullopt;
        }
        out.append(buf, static_cast<std::size_t>(n));
    }
    ::close(fd);
    return out;
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
    return {h.string(), (h / "ttnn").string(), (h / "ttnn" / "cpp").string(), (h / "tt_metal").string()};
}

std::optional<std::vector<SourceFile>> ReadSourceClosure(const std::string& path, const std::vector<std::string>& homes,
                                                         std::string* why) {
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
        int error = 0;
        auto content = ReadFile(t.path, error);
        if (!content) {
            if (out.empty()) {
                if (why) *why = std::string("cannot be read: ") + std::strerror(error);
                return std::nullopt;
            }
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

std::optional<std::string> FindKernelFile(const std::string& file_name, const std::vector<std::string>& dirs) {
    std::error_code ec;
    const fs::path file(file_name);
    if (file.is_absolute()) {
        if (fs::is_regular_file(file, ec)) return file.lexically_normal().string();
        return std::nullopt;
    }
    for (const std::string& dir : dirs) {
        if (dir.empty()) continue;
        const fs::path candidate = fs::path(dir) / file;
        if (fs::is_regular_file(candidate, ec)) return fs::absolute(candidate, ec).lexically_normal().string();
    }
    return std::nullopt;
}

std::string RuntimeRoot(const std::string& runtime_root_variable, const std::string& set_root) {
    if (!runtime_root_variable.empty()) return runtime_root_variable;
    if (!set_root.empty()) return set_root;
    std::error_code ec;
    if (fs::is_directory("/usr/libexec/tt-metalium", ec)) return "/usr/libexec/tt-metalium";
    const fs::path cwd = fs::current_path(ec);
    if (!ec && fs::is_directory(cwd / "tt_metal", ec)) return cwd.string();
    return "";
}

}  // namespace ltcap
