// Which of a log's kernels do not mean the same on another release: a kernel whose recorded source uses a kernel API
// name the two releases give different meanings (api/releases.h: KernelChangesBetween) is compiled, on the replaying
// release, against a kernel API that reads its arguments otherwise, so its launches would not replay the capture's.
// ltplay --cross-release refuses the first call naming such a kernel.
//   KernelCrossing k("v0.67.0", "v0.68.0-rc1");   (an EntryConsumer of the index pass)
//   if (auto why = k.Blocked(call); !why.empty()) refuse(why);
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "api/release_facts.h"
#include "player/decoded_call.h"

namespace ltcap {

// Whether `text` holds `name` as a whole identifier (not inside a longer one).
bool UsesIdentifier(std::string_view text, std::string_view name);

class KernelCrossing : public EntryConsumer {
public:
    KernelCrossing(std::string from, std::string to);
    void OnKernelSource(schema::KernelSource::Reader source) override;
    // Why call `c` cannot cross ("" when it can): the first kernel source among its arguments that uses a changed
    // name, with what changed.
    std::string Blocked(const DecodedCall& c) const;
    bool empty() const { return changes_.empty(); }

private:
    std::string from_, to_;
    std::vector<KernelChange> changes_;
    std::map<std::uint64_t, std::string> blocked_;  // kernel source id → why
};

}  // namespace ltcap
