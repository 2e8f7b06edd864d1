// One call being replayed: its log entries, the replay's services (replay_services.h) and the lookups decoding its
// arguments needs. Every decoder and role hook (replay_decode.h, replay_roles.h) gets one; whatever the log gets
// wrong is a LogError naming what.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "player/objects.h"
#include "player/replay_services.h"

namespace ltcap {

class CallReplay {
public:
    CallReplay(ReplayServices& services, const CallEntries& call);

    ReplayServices& s;  // the units the call's decoders and roles use (replay_services.h)
    const CallEntries& c;
    Objects& o;

    // The call's i-th argument (a LogError if the log has fewer).
    schema::Value::Reader Arg(unsigned i) const;
    unsigned ArgCount() const { return args_.size(); }
    std::uint64_t Seq() const { return c.call.seq; }
    // The object the call created, as its Return records it (0: none recorded).
    std::uint64_t ResultId() const;
    std::uint64_t ResultRaw() const;
    // The id of the call's first argument that is an object of this kind (0: none).
    std::uint64_t ArgId(schema::ObjectKind kind) const;
    // "enqueueReadBuffer of buffer#5@0x1020": names a read in messages.
    std::string What() const;

    // The bytes the call's payload holds (its one data argument), for the role that checks what the call reads.
    std::uint64_t payload_bytes = 0;
    // The call's blocking flag as the log gives it (its Blocking role), when it has one: a read made blocking is
    // final when the call returns.
    std::optional<bool> blocking;

private:
    capnp::List<schema::Value>::Reader args_;
};

// The object id in a value (0 if it is not an object reference).
std::uint64_t ObjectId(schema::Value::Reader v);

}  // namespace ltcap
