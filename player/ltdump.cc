// ltdump: prints an ltcap log so a person can read what was captured — the header, then one line per call
// (sequence number, thread, time, the call with its arguments, its result or exception) and the data entries.
#include <capnp/schema.h>

#include <cstdio>
#include <cstring>
#include <memory>

#include "player/dump.h"
#include "player/log_reader.h"

namespace {

constexpr const char* kUsage = R"(usage: ltdump [options] LOG

Prints an ltcap log: its header, then one line per call:
  #SEQ [tTHREAD] +TIME_US function(arguments) -> result     (or: threw "message")
A log that starts mid-run (a capture window) first lists the records that recreate the state then,
marked [snapshot], and a line with the snapshot's totals. Calls captured with LTCAP_BACKTRACE are
followed by their call stack, one "at function+offset (module+offset) file:line" line per frame.

options:
  --no-times    omit times and the header's pid, host, start time and command line (stable output, for diffs)
  --data        also list blob, kernel-source and read-data entries
  --symbolize   name backtrace frames (function, file:line) by reading the ELF files of the log's module map; only
                regular files are opened. Without it frames show as module+offset: a log is untrusted input, and the
                files it names are not opened unless asked
  --list-api    print the name of every API function a log can contain, one per line, and exit
  -h, --help    this text

Long lists and texts are shortened ("… N more").

exit status: 0 the log was read completely, 1 it was cut off (everything before the cut is printed),
             2 it is not a readable ltcap log, or it is damaged (everything before the damage is printed)
)";

}  // namespace

int main(int argc, char** argv) {
    ltcap::DumpOptions options;
    const char* path = nullptr;
    for (int i = 1; i < argc; i++) {
        if (!std::strcmp(argv[i], "-h") || !std::strcmp(argv[i], "--help")) {
            std::fputs(kUsage, stdout);
            return 0;
        } else if (!std::strcmp(argv[i], "--no-times")) {
            options.times = false;
        } else if (!std::strcmp(argv[i], "--list-api")) {
            for (auto e : capnp::Schema::from<ltcap::schema::Api>().getEnumerants())
                std::printf("%s\n", e.getProto().getName().cStr());
            return 0;
        } else if (!std::strcmp(argv[i], "--data")) {
            options.data = true;
        } else if (!std::strcmp(argv[i], "--symbolize")) {
            options.symbolize = true;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            std::fprintf(stderr, "ltdump: unknown option %s\n%s", argv[i], kUsage);
            return 2;
        } else if (path) {
            std::fprintf(stderr, "ltdump: one log at a time (got %s and %s)\n", path, argv[i]);
            return 2;
        } else {
            path = argv[i];
        }
    }
    if (!path) {
        std::fputs(kUsage, stderr);
        return 2;
    }
    std::unique_ptr<ltcap::LogReader> log;
    try {
        log = std::make_unique<ltcap::LogReader>(path);
    } catch (const ltcap::LogError& e) {
        std::fprintf(stderr, "ltdump: %s\n", e.what());
        return 2;
    }
    return ltcap::DumpLog(options, *log, stdout, stderr);
}
