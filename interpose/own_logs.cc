#include "interpose/own_logs.h"

#include <sys/stat.h>

#include <cstring>

#include "common/same_file.h"

namespace ltcap {
namespace {
constexpr char kSeparator = '\x1f';  // cannot occur in a path a pattern expands to from the environment's text
}  // namespace

void OwnLogs::Inherit(const char* value, pid_t pid) {
    if (!value) return;
    const std::string text = value;
    const auto first = text.find(kSeparator);
    if (text.substr(0, first) != std::to_string(pid)) return;
    for (std::size_t at = first; at != std::string::npos;) {
        const auto next = text.find(kSeparator, at + 1);
        const std::string path = text.substr(at + 1, next == std::string::npos ? std::string::npos : next - at - 1);
        if (!path.empty()) paths_.push_back(path);
        at = next;
    }
}

std::string OwnLogs::Fresh(const std::string& path) const {
    const auto own = [&](const std::string& candidate) {
        for (const std::string& p : paths_)
            if (p == candidate || SameFile(p, candidate)) return true;
        return false;
    };
    if (!own(path)) return path;
    const auto slash = path.rfind('/');
    auto dot = path.rfind('.');
    if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) dot = path.size();
    for (int n = 2;; n++) {
        std::string candidate = path.substr(0, dot) + "." + std::to_string(n) + path.substr(dot);
        struct stat st {};
        if (::stat(candidate.c_str(), &st) != 0 && !own(candidate)) return candidate;
    }
}

std::string OwnLogs::EnvironmentEntry(pid_t pid) const {
    if (paths_.empty()) return {};
    std::string entry = std::string(kVariable) + "=" + std::to_string(pid);
    for (const std::string& p : paths_) entry += kSeparator + p;
    return entry;
}

char* const* OwnLogs::WithEntry(char* const* envp, std::string& entry, std::vector<char*>& storage) {
    if (entry.empty()) return envp;
    const std::size_t name = std::strlen(kVariable);
    storage.clear();
    for (char* const* e = envp; e && *e; ++e)
        if (!(std::strncmp(*e, kVariable, name) == 0 && (*e)[name] == '=')) storage.push_back(*e);
    storage.push_back(entry.data());
    storage.push_back(nullptr);
    return storage.data();
}

}  // namespace ltcap
