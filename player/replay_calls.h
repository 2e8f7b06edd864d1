// How each API function is replayed: from its entry in the one description (profiles/v0.56.0/api/api_list.h), by the
// generic replay of replay_entry.h; replay_calls.cc holds the table.
#pragma once

#include "player/replay.h"

namespace ltcap {

// Reissues one call. Throws LogError for what the log gets wrong (an object it never created, a value of the wrong
// kind, data it does not hold) and lets tt-metal's own exceptions through.
void ReplayCall(Replayer& r, const Replayer::Call& c);

}  // namespace ltcap
