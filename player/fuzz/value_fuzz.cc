// libFuzzer targets with a structure-aware mutator (value_mutator.h): logs that still parse, with values changed
// by type. value_check_fuzz runs ltplay's --check on each (the checker must refuse, or accept, without a sanitizer
// report); value_replay_fuzz (VALUE_FUZZ_REPLAY) then replays what the checker accepts on the emulated device, so
// every value the checker lets through meets tt-metal — which must throw, never crash or corrupt memory.
#include <cstdio>
#include <cstdlib>

#include "player/fuzz/fuzz_input.h"
#include "player/fuzz/value_mutator.h"
#include "player/log_reader.h"
#include "player/replay.h"

extern "C" std::size_t LLVMFuzzerMutate(std::uint8_t* data, std::size_t size, std::size_t max_size);

extern "C" std::size_t LLVMFuzzerCustomMutator(std::uint8_t* data, std::size_t size, std::size_t max_size,
                                               unsigned int seed) {
    // One in eight inputs gets libFuzzer's byte mutation (damaged structure), the rest a change of values.
    if (seed % 8 != 0) {
        ltcap::fuzz::ValueMutator mutator(seed);
        if (const std::size_t n = mutator.Mutate(data, size, max_size)) return n;
    }
    return LLVMFuzzerMutate(data, size, max_size);
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const ltcap::fuzz::InputFile input(data, size);
    for (const bool check_only : {true, false}) {
#if !VALUE_FUZZ_REPLAY
        if (!check_only) break;
#endif
        try {
            ltcap::LogReader log(input.path());
            ltcap::ReplayOptions options;
            options.check_only = check_only;
            options.verbosity = std::getenv("VALUE_FUZZ_VERBOSE") ? 1 : -1;  // else nothing on stderr per input
            options.timeout_s = 0;   // libFuzzer's -timeout stops a kernel that never ends
            ltcap::Replayer replayer(log, options);
            const int status = replayer.Run();
            // --check must refuse whatever the replay refuses as a bad log (exit 2) — a complete log's, since a
            // cut one replays up to the cut and then says so.
            // (Except what only the replay can find: docs/ltcap-replay.md, "During replay".)
            if (!check_only && status == ltcap::kExitBadLog && log.complete() && !replayer.refused_in_replay() &&
                !std::getenv("VALUE_FUZZ_LENIENT")) {
                std::fprintf(stderr, "value_fuzz: ltplay --check accepted a log the replay refused as bad (above)\n");
                std::abort();
            }
            if (status == ltcap::kExitBadLog) break;  // refused: nothing to replay
        } catch (const ltcap::LogError&) {
            break;
        } catch (const ltcap::ReplayError&) {
            break;
        }
    }
    return 0;
}
