// Kernel sources in the capture: a CreateKernel's file (and what it includes with quotes) or a
// CreateKernelFromString's text becomes a KernelSource entry, stored once per distinct content, kept for snapshots
// (state.h) and written to each log before the first call naming it.
// A kernel file the capture cannot read gets an entry saying why (KernelSource.unreadable) and one "ltcap:" warning.
//   const std::uint64_t id = sources.FromFile(log, "kernels/reader.cpp");   // 0: capture failed (and stopped)
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "common/kernel_sources.h"

namespace ltcap {

class Session;
struct Settings;
class StateTracker;

class SourceStore {
public:
    explicit SourceStore(StateTracker& tracker) : tracker_(tracker) {}
    // The source's id (written to `log` if there is one); an unreadable file's entry says why. 0 only if capture
    // itself failed.
    std::uint64_t FromFile(Session* log, const std::string& file_as_given) noexcept;
    std::uint64_t FromText(Session* log, const std::string& text) noexcept;
    std::mutex& mutex() noexcept { return mutex_; }  // held across fork (process_hooks.cc)

private:
    static std::vector<std::string> SearchDirs(const Settings& s);
    static std::string IncludeHome(const Settings& s);
    std::uint64_t Unreadable(Session* log, const std::string& file_as_given, const std::string& why);
    // The id for a source with this content key, and whether it is new (so not yet kept).
    std::pair<std::uint64_t, bool> IdFor(const std::string& key);
    std::uint64_t Keep(Session* log, std::uint64_t id, bool fresh, const std::string& path_as_given,
                       const std::vector<SourceFile>& files);

    StateTracker& tracker_;
    std::mutex mutex_;
    std::uint64_t next_ = 0;
    std::map<std::string, std::uint64_t> by_content_;
};

}  // namespace ltcap
