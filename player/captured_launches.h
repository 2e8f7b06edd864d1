// The captured run's own launch records (the launchOutputs entries a capture with LTCAP_LAUNCH_OUTPUTS=1 writes), in
// the form a replay's --launch-outputs writes its (launch_outputs.h): what `ltcap bisect --a-captured` compares a
// replay against. Launches are named and numbered as a replay names and numbers them (launch_targets.h: a launch
// with no target is no record), each with every buffer the capture read back after it.
//   LaunchOutputs out(dir, data_range);  std::uint64_t n = WriteCapturedLaunchOutputs(log, out);
#pragma once

#include <cstdint>

#include "player/launch_outputs.h"
#include "player/log_reader.h"

namespace ltcap {

// The records of every launch whose outputs the log holds; how many were written. LogError: the log is bad.
std::uint64_t WriteCapturedLaunchOutputs(LogReader& log, LaunchOutputs& out);

}  // namespace ltcap
