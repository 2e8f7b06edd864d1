#include "interpose/source_store.h"

#include <cstdlib>
#include <filesystem>

#include "api/profile.h"
#include "capture_ctl/settings.h"
#include "interpose/content_key.h"
#include "interpose/real_library.h"
#include "interpose/report.h"
#include "interpose/session.h"
#include "interpose/state.h"
#include "schema/trace_layout.h"
#include "schema/wire.h"

namespace ltcap {
namespace L = layout;

namespace {
// The tree of stand-in files the tt-metal emulator looks in last (emu/home/README.md): asked of
// the loaded library, which only the emulator answers (a real libtt_metal.so has no such export: empty).
std::string LibraryHome() {
    static real::Symbol<const char* (*)() noexcept> home("ttemu_home_dir");
    const auto fn = home.find();
    const char* dir = fn ? fn() : nullptr;
    return dir ? dir : "";
}

// The homes the kernel build searches for quoted includes, in its order: the ones ltplay registered with the
// emulator for a replay (asked of the loaded library: a real libtt_metal.so has none), then the release's own
// (TT_METAL_HOME, or the runtime root: api/releases.h).
std::vector<std::string> KernelHomes(const std::string& include_home) {
    static real::Symbol<void (*)(void (*)(const char*, void*), void*) noexcept> registered("ttemu_kernel_homes");
    std::vector<std::string> homes;
    if (const auto fn = registered.find())
        fn([](const char* home, void* list) { static_cast<std::vector<std::string>*>(list)->emplace_back(home); },
           &homes);
    if (!include_home.empty()) homes.push_back(include_home);
    return homes;
}
}  // namespace

std::pair<std::uint64_t, bool> SourceStore::IdFor(const std::string& key) {
    std::unique_lock lock(mutex_);
    const auto [it, fresh] = by_content_.try_emplace(key, 0);
    if (fresh) it->second = ++next_;
    return {it->second, fresh};
}

// A fresh source is serialized once and kept (snapshots need it); each log gets it before its first use.
std::uint64_t SourceStore::Keep(Session* log, std::uint64_t id, bool fresh, const std::string& path_as_given,
                                const std::vector<SourceFile>& files) {
    namespace fs = std::filesystem;
    std::string bytes;
    if (fresh || log) {
        wire::Message m;
        auto e = m.InitRoot(L::Entry::kSize);
        auto k = m.InitStruct<L::Entry>(e, L::Entry::f_kernelSource, L::KernelSource::kSize);
        m.Set<L::KernelSource>(k, L::KernelSource::f_id, id);
        m.SetText<L::KernelSource>(k, L::KernelSource::f_path, path_as_given);
        auto list = m.InitStructList<L::KernelSource>(k, L::KernelSource::f_files, files.size(), L::SourceFile::kSize);
        const fs::path dir = fs::path(files[0].path).parent_path();
        for (std::size_t i = 0; i < files.size(); i++) {
            // Placed in TT_METAL_HOME (format 9), or beside the kernel file.
            const bool from_home = !files[i].home_path.empty();
            const std::string rel = from_home ? files[i].home_path
                                    : i == 0  ? fs::path(files[0].path).filename().string()
                                              : fs::path(files[i].path).lexically_relative(dir).string();
            auto file = m.Element(list, i);
            m.SetText<L::SourceFile>(file, L::SourceFile::f_path, rel);
            m.SetText<L::SourceFile>(file, L::SourceFile::f_content, files[i].content);
            if (from_home) m.Set<L::SourceFile>(file, L::SourceFile::f_fromHome, true);
        }
        m.AppendTo(bytes);
    }
    if (log) log->EnsureSource(id, bytes);
    if (fresh) tracker_.AddSource(id, std::move(bytes));
    return id;
}

// The folders the profile's release looks in for a kernel file, in its order (api/releases.h).
std::vector<std::string> SourceStore::SearchDirs(const Settings& s) {
    namespace fs = std::filesystem;
    std::vector<std::string> dirs;
    std::error_code ec;
    for (const KernelDir step : FindProfile(kProfile)->kernel_search) {
        switch (step) {
            case KernelDir::kNone: break;
            case KernelDir::kWorkingDir: dirs.push_back(fs::current_path(ec).string()); break;
            case KernelDir::kMetalHome: dirs.push_back(s.metal_home); break;
            case KernelDir::kKernelPath: dirs.push_back(s.kernel_path); break;
            case KernelDir::kSystemKernels: dirs.push_back("/usr/share/tenstorrent/kernels/"); break;
            case KernelDir::kRuntimeRoot: dirs.push_back(RuntimeRoot(s.runtime_root)); break;
        }
    }
    return dirs;
}

// The home whose include roots the release's kernel build searches for quoted includes.
std::string SourceStore::IncludeHome(const Settings& s) {
    return FindProfile(kProfile)->include_home == KernelDir::kRuntimeRoot ? RuntimeRoot(s.runtime_root) : s.metal_home;
}

std::uint64_t SourceStore::FromFile(Session* log, const std::string& file_as_given) noexcept {
    try {
        const Settings& s = GetSettings();
        auto found = FindKernelFile(file_as_given, SearchDirs(s));
        if (!found) found = FindKernelFile(file_as_given, {LibraryHome()});  // where the emulator looks last
        if (!found) return Unreadable(log, file_as_given, "not found where tt-metal looks for it");
        // The includes tt-metal's kernel build finds through its homes' include roots are recorded too.
        std::string why;
        const auto files = ReadSourceClosure(*found, KernelHomes(IncludeHome(s)), &why);
        if (!files) return Unreadable(log, file_as_given, why.empty() ? "cannot be read" : why);
        std::string key = file_as_given;
        for (const auto& f : *files) key += '\0' + f.path + '\0' + f.home_path + '\0' + f.content;
        const auto [id, fresh] = IdFor(ContentKey(key.data(), key.size()));
        return Keep(log, id, fresh, file_as_given, *files);
    } catch (const std::exception& e) {
        report::Fail(std::string("cannot record a kernel source: ") + e.what());
        return 0;
    }
}

// A kernel file the capture cannot read: an entry saying why (its id is what the kernel's call names), and one
// warning per file, since the log will not replay wherever the kernel has to be compiled.
std::uint64_t SourceStore::Unreadable(Session* log, const std::string& file_as_given, const std::string& why) {
    const std::string key = std::string("unreadable") + '\0' + file_as_given + '\0' + why;
    const auto [id, fresh] = IdFor(ContentKey(key.data(), key.size()));
    if (fresh)
        report::Line("kernel file " + file_as_given + ": " + why + "; the log holds no source for it, so a replay " +
                     "that must compile it will fail");
    std::string bytes;
    if (fresh || log) {
        wire::Message m;
        auto e = m.InitRoot(L::Entry::kSize);
        auto k = m.InitStruct<L::Entry>(e, L::Entry::f_kernelSource, L::KernelSource::kSize);
        m.Set<L::KernelSource>(k, L::KernelSource::f_id, id);
        m.SetText<L::KernelSource>(k, L::KernelSource::f_path, file_as_given);
        m.SetText<L::KernelSource>(k, L::KernelSource::f_unreadable, why);
        m.AppendTo(bytes);
    }
    if (log) log->EnsureSource(id, bytes);
    if (fresh) tracker_.AddSource(id, std::move(bytes));
    return id;
}

std::uint64_t SourceStore::FromText(Session* log, const std::string& text) noexcept {
    try {
        const auto [id, fresh] = IdFor(ContentKey(text.data(), text.size()));
        return Keep(log, id, fresh, "", {{"kernel.cpp", text}});
    } catch (const std::exception& e) {
        report::Fail(std::string("cannot record a kernel source: ") + e.what());
        return 0;
    }
}

}  // namespace ltcap
