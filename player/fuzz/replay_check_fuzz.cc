// libFuzzer target: ltplay short of executing anything on the device — the reader, the index of payloads, kernel
// sources and results, and --check's validation of the whole log.
#include "player/fuzz/fuzz_input.h"
#include "player/log_reader.h"
#include "player/replay.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const ltcap::fuzz::InputFile input(data, size);
    try {
        ltcap::LogReader log(input.path());
        ltcap::ReplayOptions options;
        options.check_only = true;
        options.verbosity = -1;  // nothing on stderr per input
        options.timeout_s = 0;
        ltcap::Replayer replayer(log, options);
        replayer.Run();
    } catch (const ltcap::LogError&) {
    } catch (const ltcap::ReplayError&) {
    }
    return 0;
}
