// What replaying one call may use besides its own log entries: the units that own the replay's data (objects,
// payloads, kernel files, read verification, times) and the address bookkeeping. The replay engine provides them
// (player/replay.cc); the per-call layer (call_replay.h, replay_decode, replay_roles, replay_calls) is handed them
// and never sees the engine:
//   ReplayServices services{objects, payloads, kernels, reads, times, addresses};
//   ReplayCall(services, CallEntries{DecodeCall(call), DecodeReturn(ret), has_return});
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "player/decoded_call.h"
#include "player/kernel_crossing.h"
#include "player/kernel_files.h"
#include "player/objects.h"
#include "player/payloads.h"
#include "player/read_verifier.h"
#include "player/replay_times.h"
#include "schema/trace.capnp.h"

namespace ltcap {

// One call's entries in the log, decoded (decoded_call.h).
struct CallEntries {
    DecodedCall call;
    DecodedReturn ret;  // empty if the call never returned (the log was cut inside it)
    bool has_return;
};

// Where the replay's objects are against where the capture had them: devices by the --device-map, buffers by their
// captured addresses (runtime args naming one are rewritten under --remap-addresses), each move said once.
class AddressNotes {
public:
    virtual int MapDevice(int captured) const = 0;
    virtual std::vector<std::uint32_t> Remap(std::vector<std::uint32_t> words) = 0;
    virtual void NoteBuffer(std::uint64_t id, std::uint64_t captured_address) = 0;
    virtual void ForgetBuffer(std::uint64_t id) = 0;
    virtual void NoteAddress(const std::string& what, std::uint64_t now, std::uint64_t captured) = 0;

protected:
    ~AddressNotes() = default;
};

struct ReplayServices {
    Objects& objects;
    Payloads& payloads;
    KernelFiles& kernels;
    ReadVerifier& reads;
    ReplayTimes& times;
    AddressNotes& addresses;
    // --cross-release: which kernels mean something else here (kernel_crossing.h); a kernel whose source uses a
    // TensorAccessorArgs laid out otherwise has its config's recorded uses (schema TensorAccessorUse) made again with
    // this release's. Null: the log's own release.
    const KernelCrossing* crossing = nullptr;
};

// The elements of a capnp primitive list (its iterators are not standard iterators).
template <typename T, typename List>
std::vector<T> ToVector(List list) {
    std::vector<T> out;
    out.reserve(list.size());
    for (auto v : list) out.push_back(static_cast<T>(v));
    return out;
}

}  // namespace ltcap
