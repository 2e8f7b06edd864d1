// Kernel builds in the capture: after a call that may build kernels (the call class builds_kernels, api/rules.h: a
// launch or a compile), the builds the device's kernel build made or found since the last look become KernelBinary
// entries (schema/trace.capnp):
// every file of the build's folder in the JIT cache, each a blob, so a replay can install the build instead of
// compiling. Asked of the loaded library: the emulated tt-metal lists its builds (ttemu_kernel_builds); a real
// libtt_metal.so has no such list, and its builds are not recorded yet (docs/ltcap-replay.md).
//   cap.binaries().Poll(log);   // after such a call returned
#pragma once

#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

namespace ltcap {

class Session;

class BinaryStore {
public:
    // Bounds on what one build may bring into the log: a folder beyond them is skipped with one "ltcap:" line.
    static constexpr std::uint64_t kMaxFiles = 64;
    static constexpr std::uint64_t kMaxBytes = 64ull << 20;

    // Records in `log` the builds it does not hold yet: a log opened later (a window, a forked child's) gets the
    // earlier builds again, read from their folders, after its first call that may build kernels.
    void Poll(Session* log) noexcept;
    // Whether the loaded library lists its builds (the log's header says so: Header.kernelBuilds).
    static bool Listed() noexcept;
    std::mutex& mutex() noexcept { return mutex_; }  // held across fork (process_hooks.cc)

private:
    std::mutex mutex_;
    struct Build {
        std::string root, folder, kernel;
        unsigned abi = 0;
    };
    void Record(Session* log, const Build& b);
    std::size_t seen_ = 0;                // builds the library listed that have been looked at
    std::uint64_t next_ = 0;              // the last KernelBinary id given
    std::vector<Build> builds_;           // every build listed, in order
    std::uint64_t log_ = 0;               // the serial of the log builds_ went to (Session::serial)
};

}  // namespace ltcap
