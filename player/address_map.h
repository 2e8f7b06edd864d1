// Where the capture saw each buffer (its device address), so runtime-args words that held a captured address can
// be rewritten to where the replay placed the same buffer (ltplay --remap-addresses).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <vector>

namespace ltcap {

class AddressMap {
public:
    // Buffer `id` was at `address` during capture (0: not recorded, ignored).
    void Captured(std::uint64_t id, std::uint64_t address) {
        if (address) captured_[id] = address;
    }
    void Forget(std::uint64_t id) { captured_.erase(id); }
    void Clear() { captured_.clear(); }
    // Each word equal to a captured address becomes the replay's address of that buffer, `now(id)` (nullopt: the
    // replay has no such buffer now). Newest buffer first: an address may have been reused, and the newest buffer
    // made there is the one the program meant (ids grow with creation). One rewrite per word.
    std::vector<std::uint32_t> Remap(std::vector<std::uint32_t> words,
                                     const std::function<std::optional<std::uint64_t>(std::uint64_t)>& now) const {
        for (auto& w : words)
            for (auto it = captured_.rbegin(); it != captured_.rend(); ++it) {
                if (w != it->second) continue;
                if (const auto address = now(it->first)) {
                    w = static_cast<std::uint32_t>(*address);
                    break;
                }
            }
        return words;
    }

private:
    std::map<std::uint64_t, std::uint64_t> captured_;  // buffer id → address recorded at capture
};

}  // namespace ltcap
