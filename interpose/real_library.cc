#include "interpose/real_library.h"

#include "ltcap_profile.h"  // the build's profile: what it has (LTCAP_HAS_*)

#include <dlfcn.h>
#include <link.h>
#include <unistd.h>

#include <cstring>
#include <string>
#include <vector>

#include "api/profile.h"
#include "capture_ctl/settings.h"
#include "interpose/report.h"

namespace ltcap::real {
namespace {

// A tt-metal function whose mangled name spells std:: types (std::vector), so a library built against another
// standard library (libc++: std::__1::vector) or with other signatures does not define it under this name.
constexpr const char* kProbe = kProfileRow.probe_symbol;  // the profile's row (api/releases.h)
constexpr const char* kLater = kProfileRow.later_symbol;  // null: no later release is known to share the probe

void Say(const std::string& text) noexcept {
    try {
        const std::string line = "ltcap: " + text + "\n";
        (void)!::write(2, line.data(), line.size());
    } catch (...) {
    }
}

const void* ShimBase() noexcept {
    static const void* base = [] {
        Dl_info info{};
        return dladdr(reinterpret_cast<void*>(&ShimBase), &info) ? info.dli_fbase : nullptr;
    }();
    return base;
}

// The file names of the loaded objects, in load order (the main program and the vDSO have none a dlopen accepts).
std::vector<std::string> LoadedLibraries() {
    std::vector<std::string> names;
    dl_iterate_phdr(
        [](dl_phdr_info* info, std::size_t, void* out) {
            if (info->dlpi_name && info->dlpi_name[0] == '/')
                static_cast<std::vector<std::string>*>(out)->emplace_back(info->dlpi_name);
            return 0;
        },
        &names);
    return names;
}

// libc's dlclose: the shim's own (dlclose.cc) checks libraries, which calls this.
int RealDlclose(void* handle) noexcept {
    using Fn = int (*)(void*);
    static const Fn real = reinterpret_cast<Fn>(dlsym(RTLD_NEXT, "dlclose"));
    return real(handle);
}

// `symbol` as the library at `path` (already loaded) and its dependencies define it; null if they do not or if
// what is found is the shim's own definition.
void* FindIn(const std::string& path, const char* symbol) noexcept {
    void* handle = dlopen(path.c_str(), RTLD_LAZY | RTLD_NOLOAD);  // never loads anything
    if (!handle) return nullptr;
    void* address = dlsym(handle, symbol);
    RealDlclose(handle);  // only drops the reference NOLOAD took
    Dl_info info{};
    if (!address || (dladdr(address, &info) && info.dli_fbase == ShimBase())) return nullptr;
    return address;
}

// Keeps the library defining `address` loaded for good: the shim caches the address.
void Pin(void* address) noexcept {
    Dl_info info{};
    if (dladdr(address, &info) && info.dli_fname && info.dli_fname[0]) dlopen(info.dli_fname, RTLD_LAZY | RTLD_NOLOAD | RTLD_NODELETE);
}

// libtt_metal.so, or a versioned libtt_metal.so.N.
bool IsTtMetalLibrary(const std::string& path) {
    const std::string base = path.substr(path.rfind('/') + 1);
    return base == "libtt_metal.so" || base.rfind("libtt_metal.so.", 0) == 0;
}

std::atomic<bool> g_mismatch_reported{false};

}  // namespace

namespace {
// `symbol` as the global scope shows it from `scope` (RTLD_NEXT: past the shim; RTLD_DEFAULT: from the start), else
// in each loaded library's own scope; pinned when found.
void* FindFrom(void* scope, const char* symbol) noexcept {
    void* address = dlsym(scope, symbol);
    if (!address) {
        try {
            for (const std::string& path : LoadedLibraries())
                if ((address = FindIn(path, symbol))) break;
        } catch (...) {
            return nullptr;
        }
    }
    if (address) Pin(address);
    return address;
}
}  // namespace

void* Find(const char* symbol) noexcept { return FindFrom(RTLD_NEXT, symbol); }
void* FindData(const char* symbol) noexcept { return FindFrom(RTLD_DEFAULT, symbol); }

void Missing(const char* symbol) noexcept {
    Say(std::string("symbol lookup error: undefined symbol: ") + symbol +
        " (the program called this tt-metal function, but no loaded library defines it)");
    _exit(127);
}

void CheckLoadedLibraries() noexcept {
    try {
        const Settings& settings = GetSettings();
        if (!settings.enabled || g_mismatch_reported.load()) return;
        for (const std::string& path : LoadedLibraries()) {
            if (!IsTtMetalLibrary(path)) continue;
            // A later release declares this one's probe too, but its layouts (IDevice's vtable) are its own: the
            // shim must not touch its objects. Capture goes off; every call is forwarded as it is.
            if (kLater && FindIn(path, kProbe) && FindIn(path, kLater)) {
                if (!g_mismatch_reported.exchange(true))
                    report::Fail(path + " is a tt-metal release after " + kProfile + " (it defines " +
                                 kProfileRow.later_what + "): this shim is built for " + kProfile + "'s layouts");
                return;
            }
            if (settings.log == LogLevel::kQuiet || FindIn(path, kProbe)) continue;
            if (g_mismatch_reported.exchange(true)) return;
            Say(path + " is loaded but does not define the tt-metal " + kProfile + " functions under the names this shim "
                       "interposes (gcc/libstdc++ mangling; e.g. CreateDevice): a tt-metal built with clang/libc++ or "
                       "of another version; nothing it does is captured");
            return;
        }
    } catch (...) {
    }
}

namespace {
// When the shim loads (tt-metal linked into the program) and when the process exits (loaded later by dlopen).
__attribute__((constructor)) void CheckAtLoad() { CheckLoadedLibraries(); }
__attribute__((destructor)) void CheckAtExit() { CheckLoadedLibraries(); }
}  // namespace

}  // namespace ltcap::real
