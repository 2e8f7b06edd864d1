// libFuzzer target: a log through the reader (framing, decompression, whole-message validation), ltdump's
// printer (with --data's payload previews) and its cross-entry checks, `ltcap info`'s summary in text and JSON, and `ltcap export` as JSON and as
// a Perfetto trace — everything ltdump, ltcap info and ltcap export do with a log, output to /dev/null.
#include <cstdio>

#include "cli/export.h"
#include "cli/info.h"
#include "player/dump.h"
#include "player/fuzz/fuzz_input.h"
#include "player/log_reader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static std::FILE* sink = std::fopen("/dev/null", "w");
    const ltcap::fuzz::InputFile input(data, size);
    try {
        ltcap::LogReader log(input.path());
        ltcap::DumpOptions options;
        options.data = true;  // payload previews: element reads from the blobs' first bytes
        ltcap::DumpLog(options, log, sink, sink);
    } catch (const ltcap::LogError&) {
        // refused: a fine outcome
    }
    try {
        ltcap::LogReader log(input.path());
        const auto info = ltcap::cli::CollectInfo(log);
        ltcap::cli::PrintInfo(info, sink);
        ltcap::cli::PrintInfoJson(info, sink);
    } catch (const ltcap::LogError&) {
    }
    for (const char* format : {"json", "perfetto"}) {
        try {
            ltcap::LogReader log(input.path());
            ltcap::cli::ExportLog(log, sink, format, "");
        } catch (const ltcap::LogError&) {
        }
    }
    return 0;
}
