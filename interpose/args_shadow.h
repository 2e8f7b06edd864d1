// The runtime args as the current log has them, for the kernels whose args the program can edit in place: a
// program that holds GetRuntimeArgs references writes through them, bypassing SetRuntimeArgs, and the next launch
// records what changed (Call.argsChanged). Only kernels whose args were exposed that way are shadowed; most programs
// never hold such references and pay one relaxed load per launch.
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>
#include <set>
#include <tuple>
#include <vector>

namespace ltcap {

class ArgsShadow {
public:
    using Key = std::tuple<std::uint64_t, bool, std::uint32_t, std::uint32_t>;  // kernel id, common, x, y
    // Whether `words` differ from what the log has for `key`; remembers them either way.
    bool Differ(const Key& key, const std::uint32_t* words, std::size_t n) noexcept;
    void Expose(std::uint64_t kernel_id) noexcept;
    bool Exposed(std::uint64_t kernel_id) noexcept {
        return any_exposed_.load(std::memory_order_acquire) && ExposedLocked(kernel_id);
    }
    // A log that opens with a snapshot states args anew: the next launch compares against nothing.
    void Forget() noexcept;
    std::mutex& mutex() noexcept { return mutex_; }  // held across fork (process_hooks.cc)

private:
    bool ExposedLocked(std::uint64_t kernel_id) noexcept;

    std::mutex mutex_;
    std::map<Key, std::vector<std::uint32_t>> args_;
    std::set<std::uint64_t> exposed_;
    std::atomic<bool> any_exposed_{false};
};

}  // namespace ltcap
