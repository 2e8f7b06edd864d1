// How each API function is replayed: one handler per Api value (replay_calls.cc), next to the decoders that turn
// logged values back into tt-metal arguments.
#pragma once

#include "player/replay.h"

namespace ltcap {

// Reissues one call. Throws ReplayError for what the log does not allow (unknown object, unsupported call) and
// lets tt-metal's own exceptions through.
void ReplayCall(Replayer& r, const Replayer::Call& c);

}  // namespace ltcap
