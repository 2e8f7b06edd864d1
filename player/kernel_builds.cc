#include "player/kernel_builds.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <string_view>
#include <vector>

#include "common/temp_dir.h"
#include "player/replay_error.h"
#include "schema/log_error.h"

namespace ltcap {
namespace fs = std::filesystem;

// The embedded kernel headers' folder a .dephash names ("include-<content hash>"), or "".
std::string HeadersNamed(std::string_view dephash) {
    constexpr std::string_view kPrefix = "include-";
    for (std::size_t at = dephash.find(kPrefix); at != std::string_view::npos; at = dephash.find(kPrefix, at + 1)) {
        if (at > 0 && dephash[at - 1] != '/' && dephash[at - 1] != '"') continue;
        std::size_t end = at + kPrefix.size();
        while (end < dephash.size() && std::isxdigit(static_cast<unsigned char>(dephash[end]))) end++;
        if (end > at + kPrefix.size() && end < dephash.size() && dephash[end] == '/')
            return std::string(dephash.substr(at, end - at));
    }
    return "";
}

namespace {

constexpr const char* kCachePrefix = "ltplay-kernels-";
// Seconds after which an unlocked cache counts as abandoned. A replay locks its cache within microseconds of making
// it, but ltplays older than the lock did not lock theirs at all: a day leaves any replay of those alone.
constexpr time_t kAbandonedAfter = 24 * 60 * 60;

// A private cache lives as long as the replay that holds the lock on its folder (flock, taken as it is made). One
// whose lock nobody holds and that is over a day old was left by a replay that was killed or interrupted (no
// destructor ran) and is removed here, by the next replay that makes one: only this user's, only folders named as
// ltplay names them, never through a link.
void RemoveAbandonedCaches(const fs::path& temp) {
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(temp, ec)) {
        const std::string name = entry.path().filename().string();
        if (name.rfind(kCachePrefix, 0) != 0) continue;
        const int fd = open(entry.path().c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0) continue;
        struct stat st;
        if (fstat(fd, &st) == 0 && st.st_uid == geteuid() && time(nullptr) - st.st_mtime > kAbandonedAfter &&
            flock(fd, LOCK_EX | LOCK_NB) == 0)
            fs::remove_all(entry.path(), ec);  // (while holding the lock: a replay that looks meanwhile skips it)
        close(fd);
    }
}

}  // namespace

bool KernelBuilds::Wanted(schema::Header::Reader header, bool recompile) {
    return header.getKernelBuilds() && !recompile;
}

KernelBuilds::KernelBuilds(bool on, std::string release, bool write) : release_(std::move(release)) {
    emulator_ = dlsym(RTLD_DEFAULT, "ttemu_kernel_builds") != nullptr;
    if (!on || !emulator_) return;
    checking_ = !write;
    if (checking_) return;  // the builds are checked as they would be installed; nothing is made
    // No folder for temporary files ($TMPDIR names none): the builds are not installed, and the replay goes on as
    // without them (a log that runs no kernel needs none; one that does compiles them, the verdict says why).
    std::string why;
    const fs::path temp = TempDirectory(why);
    if (temp.empty()) {
        not_installed_ = "no folder for a private kernel cache (" + why + ")";
        return;
    }
    RemoveAbandonedCaches(temp);
    const std::string pattern = (temp / (std::string(kCachePrefix) + "XXXXXX")).string();
    std::vector<char> tmpl(pattern.begin(), pattern.end());
    tmpl.push_back('\0');
    if (!mkdtemp(tmpl.data())) throw ReplayError("cannot create a private kernel cache in " + pattern);
    cache_ = tmpl.data();
    // Held until this process ends, however it ends. A file system without flock: no lock, and no replay can take
    // one to remove this cache either.
    lock_ = open(cache_.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (lock_ >= 0 && flock(lock_, LOCK_EX | LOCK_NB) != 0) close(lock_), lock_ = -1;
    setenv("TT_METAL_EMU_CACHE_DIR", cache_.c_str(), 1);
    setenv("TT_METAL_EMU_COMPILE", "0", 1);
}

KernelBuilds::~KernelBuilds() {
    std::error_code ec;
    if (!cache_.empty()) fs::remove_all(cache_, ec);
    if (lock_ >= 0) close(lock_);
}

void KernelBuilds::Install(schema::KernelBinary::Reader build, Payloads& payloads) {
    if (cache_.empty() && !checking_) return;
    const auto target = build.getTarget();
    if (target.getDevice() != "emulator" || target.getTtMetalVersion() != release_.c_str()) return;
    const std::string name = "kernel binary #" + std::to_string(build.getId());
    const std::string folder(build.getFolder().begin(), build.getFolder().size());
    // The emulator's layout (emu/core/kernel_build.cc): abi<N>/<build key>/kernels/<kernel>/<hash>, so a log's files
    // land only where the emulator looks for builds, never over the headers it writes to the same cache.
    std::vector<std::string> parts;
    for (const auto& p : fs::path(folder)) parts.push_back(p.string());
    if (parts.size() != 5 || parts[0] != "abi" + std::to_string(target.getKernelAbi()) || parts[2] != "kernels")
        throw LogError(name + ": its folder " + folder + " is not abi" + std::to_string(target.getKernelAbi()) +
                       "/<build key>/kernels/<kernel>/<hash> (the kernel ABI it was built for: " +
                       std::to_string(target.getKernelAbi()) + ")");
    if (!folders_.insert(folder).second) throw LogError(name + ": the log holds build " + folder + " twice");
    if (checking_) {
        installed_++;
        return;
    }
    std::string headers;  // the embedded kernel headers the build read, by their folder (a .dephash names it)
    const fs::path root = fs::path(cache_) / folder;
    for (auto f : build.getFiles()) {
        const fs::path path = root / std::string(f.getPath().begin(), f.getPath().size());
        std::error_code ec;
        fs::create_directories(path.parent_path(), ec);
        if (ec) throw ReplayError("cannot install " + name + ": " + path.parent_path().string() + ": " + ec.message());
        // Nothing is written through a link (the private cache holds only what this replay wrote).
        for (fs::path at = path.parent_path(); at != fs::path(cache_) && at.has_relative_path(); at = at.parent_path())
            if (fs::is_symlink(fs::symlink_status(at, ec)))
                throw LogError(name + ": its folder " + folder + " leads through a link");
        const std::uint64_t size = f.getData().getSize();
        const std::uint8_t* bytes = payloads.Data(f.getData(), size);
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        if (size) out.write(reinterpret_cast<const char*>(bytes), static_cast<std::streamsize>(size));
        if (!out) throw ReplayError("cannot install " + name + ": cannot write " + path.string());
        if (path.extension() == ".dephash" && headers.empty())
            headers = HeadersNamed(std::string_view(reinterpret_cast<const char*>(bytes), size));
    }
    installed_++;
    // A build made against other kernel headers than this emulator's (the log of another ltcap build) is not used
    // by it: its kernels are compiled from the log's sources instead, and the verdict says why.
    if (headers.empty()) return;
    headers = "abi" + std::to_string(target.getKernelAbi()) + " " + headers;
    using HeadersFn = const char* (*)() noexcept;
    using AllowFn = void (*)() noexcept;
    const auto own = reinterpret_cast<HeadersFn>(dlsym(RTLD_DEFAULT, "ttemu_kernel_headers"));
    const auto allow = reinterpret_cast<AllowFn>(dlsym(RTLD_DEFAULT, "ttemu_allow_compile"));
    const char* mine = own ? own() : nullptr;
    if (!mine || headers == mine || !allow) return;
    if (other_headers_.empty()) other_headers_ = headers, own_headers_ = mine;
    stale_++;
    allow();
}

}  // namespace ltcap
