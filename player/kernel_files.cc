#include "player/kernel_files.h"

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "player/kernel_paths.h"
#include "common/temp_dir.h"
#include "player/replay_error.h"
#include "schema/log_error.h"

namespace ltcap {
namespace fs = std::filesystem;

KernelFiles::KernelFiles(std::function<void(const std::string&)> on_home) : on_home_(std::move(on_home)) {}

KernelFiles::~KernelFiles() {
    std::error_code ec;
    if (!folder_.empty()) fs::remove_all(folder_, ec);
}

void KernelFiles::Add(schema::KernelSource::Reader source, const std::string* kernel_text) {
    if (source.getUnreadable().size()) {
        unreadable_[source.getId()] = {source.getPath().cStr(), source.getUnreadable().cStr(), false};
        return;
    }
    auto& files = sources_[source.getId()];
    for (auto f : source.getFiles()) files.push_back({f.getPath().cStr(), f.getContent().cStr(), f.getFromHome()});
    if (kernel_text && !files.empty()) files.front().content = *kernel_text;
}

void KernelFiles::Add(std::uint64_t id, std::vector<File> files) {
    auto& to = sources_[id];
    for (File& f : files) to.push_back(std::move(f));
}

// Made when the first kernel needs it (ltplay --check never does).
const std::string& KernelFiles::Folder() {
    if (!folder_.empty()) return folder_;
    std::string why;
    const fs::path temp = TempDirectory(why);
    if (temp.empty()) throw ReplayError("no folder for the log's kernel sources (" + why + ")");
    const std::string pattern = (temp / "ltplay-XXXXXX").string();
    std::vector<char> tmpl(pattern.begin(), pattern.end());
    tmpl.push_back('\0');
    if (!mkdtemp(tmpl.data())) throw ReplayError("cannot create a temporary folder for kernel sources in " + pattern);
    folder_ = tmpl.data();
    return folder_;
}

const std::string& KernelFiles::Home() {
    if (home_.empty()) {
        home_ = (fs::path(Folder()) / "home").string();
        fs::create_directories(home_);
        if (on_home_) on_home_(home_);
    }
    return home_;
}

std::string KernelFiles::Path(std::uint64_t id) {
    if (id == 0) return (fs::path(Folder()) / "unrecorded" / "kernel.cpp").string();
    if (auto it = unreadable_.find(id); it != unreadable_.end()) {  // not there: tt-metal fails for want of it
        it->second.used = true;
        return (fs::path(Folder()) / "unrecorded" / ("source" + std::to_string(id)) / "kernel.cpp").string();
    }
    if (auto it = paths_.find(id); it != paths_.end()) return it->second;
    auto it = sources_.find(id);
    if (it == sources_.end() || it->second.empty()) throw LogError("the log has no kernel source #" + std::to_string(id));
    // Each path is placed by the rule the log checker applied (kernel_paths.h).
    const fs::path root = fs::path(Folder()) / ("source" + std::to_string(id));
    const std::string source = "kernel source #" + std::to_string(id);
    for (const File& f : it->second) {
        const fs::path inside = KernelFilePlace(id, f.path, f.from_home);
        const fs::path p = (f.from_home ? fs::path(Home()) : root) / inside;
        if (f.from_home) {
            const auto [at, fresh] = home_files_.emplace(inside.string(), f.content);
            if (!fresh && at->second != f.content)
                throw LogError(source + " and an earlier one hold different contents for $TT_METAL_HOME/" +
                               inside.string());
            if (!fresh) continue;
        }
        fs::create_directories(p.parent_path());
        std::ofstream(p, std::ios::binary) << f.content;
    }
    const File& main = it->second.front();
    const std::string path =
        ((main.from_home ? fs::path(Home()) : root) / KernelFilePlace(id, main.path, main.from_home)).string();
    paths_[id] = path;
    return path;
}

std::string KernelFiles::Text(std::uint64_t id) const {
    if (id == 0) throw std::runtime_error("the capture could not record this kernel's source text");
    auto it = sources_.find(id);
    if (it == sources_.end() || it->second.empty()) throw LogError("the log has no kernel source #" + std::to_string(id));
    return it->second.front().content;
}

std::vector<KernelFiles::Unreadable> KernelFiles::UsedUnreadable() const {
    std::vector<Unreadable> out;
    for (const auto& [id, u] : unreadable_)
        if (u.used) out.push_back(u);
    return out;
}

}  // namespace ltcap
