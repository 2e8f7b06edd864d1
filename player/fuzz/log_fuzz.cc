// libFuzzer target: a log through the reader (framing, decompression, whole-message validation), ltdump's
// printer (with --data's payload previews) and its cross-entry checks, `ltcap info`'s summary in text and JSON, and `ltcap export` as JSON, as compact JSON and as
// a Perfetto trace, `ltcap extract` into a scratch folder emptied after each input, `ltcap diff` of the log against
// itself through its smallest window — everything ltdump, ltcap info, export, extract and diff do with a log, output to /dev/null.
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>

#include "cli/diff.h"
#include "cli/export.h"
#include "cli/extract.h"
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
        ltcap::cli::PrintInfo(info, sink, true);
        ltcap::cli::PrintInfoJson(info, sink, true);
    } catch (const ltcap::LogError&) {
    }
    try {
        ltcap::LogReader a(input.path()), b(input.path());
        ltcap::cli::DiffOptions o;
        o.window = 16;  // the smallest: windows refilled, entries more than 2 calls late found by the first pass
        const auto d = ltcap::cli::DiffLogs(a, b, o);
        ltcap::cli::PrintDiff(d, sink);
        ltcap::cli::PrintDiffJson(d, sink);
    } catch (const ltcap::LogError&) {
    }
    for (const char* format : {"json", "compact", "perfetto"}) {
        try {
            ltcap::LogReader log(input.path());
            ltcap::cli::ExportLog(log, sink, format, "");
        } catch (const ltcap::LogError&) {
        }
    }
    // extract writes files: into a folder of this process's own, which must hold nothing once the input is done
    // (a path in the log that climbs out of it is refused before anything is written).
    static const struct Scratch {
        std::string dir;
        Scratch() {
            std::string pattern = std::filesystem::temp_directory_path() / "log_fuzz.XXXXXX";
            if (!mkdtemp(pattern.data())) std::abort();
            dir = pattern;
        }
        ~Scratch() { std::filesystem::remove_all(dir); }
    } scratch;
    const std::string out = scratch.dir + "/out";
    try {
        ltcap::LogReader log(input.path());
        ltcap::cli::ExtractLog(log, input.path(), out);
    } catch (const ltcap::LogError&) {
    } catch (const std::runtime_error&) {
        // a file name the log gives that the file system refuses (too long, …): a fine outcome too
    }
    std::filesystem::remove_all(out);
    return 0;
}
