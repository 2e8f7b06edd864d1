// The kernel builds a log carries (KernelBinary entries, format 14), installed for the replay: each build's files are
// written to its folder under a private kernel cache, which the emulated tt-metal is pointed at before its first
// call (TT_METAL_EMU_CACHE_DIR, with compiling off: TT_METAL_EMU_COMPILE=0), so it finds every kernel built and up
// to date and runs no compiler. Only builds made for this replay's target are installed: the emulator's, for the
// log's release, when the loaded libtt_metal.so is the emulator. The folder is removed when the replay ends.
//   KernelBuilds builds(KernelBuilds::Wanted(header, recompile));   // before the first tt-metal call
//   builds.Install(entry.getKernelBinary(), payloads);                 // as each entry is read (checked first)
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <string_view>

#include "player/payloads.h"
#include "schema/trace.capnp.h"

namespace ltcap {

class KernelBuilds {
public:
    // Whether a replay of a log with this header installs its builds: the capture recorded them (Header.kernelBuilds)
    // and compiling was not asked for (--recompile).
    static bool Wanted(schema::Header::Reader header, bool recompile);
    // With `on`: makes the private cache and points the emulated tt-metal at it (the environment, read at its first
    // call); where there is no folder for temporary files, nothing, and not_installed() says so. Off: nothing, and Install ignores every build. With `on` but not `write` (ltplay --check): no cache,
    // and Install checks each build as it would install it (its target, its folder's layout, no folder twice) but
    // writes nothing.
    KernelBuilds(bool on, std::string release, bool write = true);
    // Removes the private cache. One a replay could not remove (killed, or interrupted by a signal it does not
    // handle) is removed by the next replay that makes one, once no process holds its lock and it is a day old.
    ~KernelBuilds();
    KernelBuilds(const KernelBuilds&) = delete;
    KernelBuilds& operator=(const KernelBuilds&) = delete;

    // Writes the build's files (each a whole blob the log holds, checked by LogChecker) to its folder. A build for
    // another target is skipped; a folder not laid out as the emulator's cache lays one out, or that two entries
    // fill, is a LogError naming the entry.
    void Install(schema::KernelBinary::Reader build, Payloads& payloads);
    bool on() const { return !cache_.empty(); }
    std::uint64_t installed() const { return installed_; }
    // Builds installed that another build of the emulated tt-metal made (other kernel headers or kernel ABI): this
    // one does not use them and compiles those kernels from the log's sources instead. With the first such build's
    // headers and this emulator's, each "abi<N> include-<content hash>".
    std::uint64_t stale() const { return stale_; }
    const std::string& other_headers() const { return other_headers_; }
    const std::string& own_headers() const { return own_headers_; }
    const std::string& cache() const { return cache_; }
    // Why the builds are not installed though they were wanted ("" if they are, or were not wanted).
    const std::string& not_installed() const { return not_installed_; }

private:
    std::string cache_, release_, not_installed_;
    int lock_ = -1;  // the private cache's folder, locked (flock) while this replay lives
    bool emulator_ = false;  // the loaded libtt_metal.so is the emulator (it lists its builds)
    bool checking_ = false;  // on, but checking only
    std::set<std::string> folders_;
    std::uint64_t installed_ = 0, stale_ = 0;
    std::string other_headers_, own_headers_;
};

// The embedded kernel headers' folder a build's .dephash names ("include-<content hash>"), or "" if it names none.
std::string HeadersNamed(std::string_view dephash);

}  // namespace ltcap
