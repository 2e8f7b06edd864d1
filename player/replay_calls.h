// How each API function is replayed: from its entry in the build's release's description
// (profiles/<release>/api/api_list.h), by the generic replay of replay_entry.h; replay_calls.cc holds the table.
#pragma once

#include "player/replay_services.h"

namespace ltcap {

// Reissues one call. Throws LogError for what the log gets wrong (an object it never created, a value of the wrong
// kind, data it does not hold) and lets tt-metal's own exceptions through.
void ReplayCall(ReplayServices& services, const CallEntries& c);

}  // namespace ltcap
