// Each call of a log against its function's description, without executing anything: it names a function the
// player knows, has one argument per parameter, each of the shape its parameter's type or role takes
// (replay_decode.h, replay_roles.h: ShapeOf), and every object it refers to that must exist — a device, a buffer,
// a kernel, a circular buffer, an event, a global semaphore — was made by the log before (a result, or its
// snapshot). ltplay runs every call and result through it while indexing, so a log that fails is refused before any
// of it runs; ltplay --check stops there.
// It is a consumer of the decoded entries (decoded_call.h):
//   CallChecker check;
//   check.OnCall(DecodeCall(call));      // throws LogError
//   check.OnReturn(DecodeReturn(ret));
//   check.End();                         // after the last entry of a log that was not cut
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <utility>

#include "player/decoded_call.h"
#include "schema/trace.capnp.h"

namespace ltcap {

class CallChecker : public EntryConsumer {
public:
    // The log's header.formatVersion: some of what older formats wrote cannot replay, and the errors say so.
    void SetFormat(std::uint32_t version) { format_ = version; }
    std::uint32_t format() const { return format_; }
    void OnCall(const DecodedCall& call) override;
    void OnReturn(const DecodedReturn& ret) override;
    // The log ended (not cut): a call that named what the log never made and has no return is refused now.
    void End();

    // The per-function checks (check_calls.cc) report through these.
    void Made(schema::ObjectKind kind, std::uint64_t id) { made_.emplace(kind, id); }
    bool WasMade(schema::ObjectKind kind, std::uint64_t id) const { return made_.count({kind, id}) != 0; }

private:
    static constexpr std::size_t kMaxPending = 4096;
    std::set<std::pair<schema::ObjectKind, std::uint64_t>> made_;
    // Calls naming an object never made, until their return says whether they threw (seq → the error).
    std::map<std::uint64_t, std::string> unknown_;
    // Calls whose Return is still to come (seq → their function).
    std::map<std::uint64_t, schema::Api> awaiting_;
    std::uint32_t format_ = 0;
};

}  // namespace ltcap
