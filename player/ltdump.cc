// ltdump: prints an ltcap log so a person can read what was captured — the header, then one line per call
// (sequence number, thread, time, the call with its arguments, its result or exception) and the data entries.
#include <capnp/schema.h>

#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <memory>
#include <string>

#include "api/rules.h"
#include "common/usage.h"
#include "player/dump.h"
#include "player/log_reader.h"

namespace {

constexpr const char* kUsage = R"(usage: ltdump [options] LOG

Prints an ltcap log: its header, then one line per call:
  #SEQ [tTHREAD] +START (DURATION) function(name=argument, …) -> result     (or: threw "message")
START is the time since the capture started, DURATION how long the call took. Arguments of tt-metal enum
types show the enumerator (buffer_type=L1), configs their fields.
A log that starts mid-run (a capture window) first lists the records that recreate the state then,
marked [snapshot], and a line with the snapshot's totals. Calls captured with LTCAP_BACKTRACE are
followed by their call stack, one "at function+offset (module+offset) file:line" line per frame.

options:
  --no-times    omit times and the header's pid, host, start time and command line (stable output, for diffs)
  --data        also show data: under each call that writes, the first elements of its payload in the element
                type the program passed (bfloat16[1024] 1 2.5 …; untyped bytes in hex); each read's recorded data
                the same way; and the blob and kernel-source entries
  --calls A-B   only calls A to B (sequence numbers; also A-, -B or A) and their data
  --grep TEXT   only call lines containing TEXT (the function, an argument such as buffer#3, the result or
                exception); matches the line as printed, e.g. --grep enqueueProgram or --grep 'buffer_type=L1'
  --symbolize   name backtrace frames (function, file:line) by reading the ELF files of the log's module map; only
                regular files are opened. Without it frames show as module+offset: a log is untrusted input, and the
                files it names are not opened unless asked
  --list-api [RELEASE]
                print the name of every API function a log can contain (of tt-metal RELEASE's profile:
                v0.56.0, v0.67.0), one per line, and exit
  -h, --help    this text
  --            the next argument is LOG, even if it begins with '-'

Long lists and texts are shortened ("… N more").

exit status: 0 the log was read completely, 1 it was cut off (everything before the cut is printed),
             2 it is not a readable ltcap log, or it is damaged (everything before the damage is printed)
)";

}  // namespace

int main(int argc, char** argv) {
    ltcap::DumpOptions options;
    const char* path = nullptr;
    bool options_end = false;  // after "--", the argument is the log (a path may begin with '-')
    for (int i = 1; i < argc; i++) {
        if (!options_end && !std::strcmp(argv[i], "--")) {
            options_end = true;
        } else if (options_end) {
            if (path) {
                std::fprintf(stderr, "ltdump: one log at a time (got %s and %s)\n", path, argv[i]);
                return 2;
            }
            path = argv[i];
        } else if (!std::strcmp(argv[i], "-h") || !std::strcmp(argv[i], "--help")) {
            ltcap::PrintUsage(stdout, kUsage, "ltdump", argv[0]);
            return 0;
        } else if (!std::strcmp(argv[i], "--no-times")) {
            options.times = false;
        } else if (!std::strcmp(argv[i], "--list-api")) {
            // --list-api RELEASE: only the functions that release's profile describes.
            const char* release = i + 1 < argc && ltcap::FindProfile(argv[i + 1]) ? argv[i + 1] : nullptr;
            if (i + 1 < argc && !release && argv[i + 1][0] == 'v') {
                std::fprintf(stderr, "ltdump: --list-api %s: ltcap speaks tt-metal %s\n", argv[i + 1],
                             ltcap::SupportedReleases().c_str());
                return 2;
            }
            for (auto e : capnp::Schema::from<ltcap::schema::Api>().getEnumerants())
                if (!release || ltcap::DescribedBy(release, static_cast<ltcap::layout::Api>(e.getOrdinal())))
                    std::printf("%s\n", e.getProto().getName().cStr());
            return 0;
        } else if (!std::strcmp(argv[i], "--data")) {
            options.data = true;
        } else if (!std::strcmp(argv[i], "--symbolize")) {
            options.symbolize = true;
        } else if (!std::strcmp(argv[i], "--calls") || !std::strcmp(argv[i], "--grep")) {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "ltdump: %s needs a value\n", argv[i]);
                return 2;
            }
            const std::string value = argv[++i];
            if (!std::strcmp(argv[i - 1], "--grep")) {
                options.grep = value;
            } else if (!ltcap::ParseCallRange(value, options.calls)) {
                std::fprintf(stderr, "ltdump: --calls %s: expected A-B, A-, -B or A (call sequence numbers)\n", value.c_str());
                return 2;
            }
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
        std::fprintf(stderr, "ltdump: %s\n", ltcap::NamingThePath(path, e.what()).c_str());
        return 2;
    }
    // Into a file or a pipe a mebibyte at a time (stdio's own buffer is a few KiB: a system call every ~30 lines);
    // a terminal keeps its lines as they come. (Static: standard output keeps it until the process ends.)
    static char buffer[1 << 20];
    if (!isatty(STDOUT_FILENO)) std::setvbuf(stdout, buffer, _IOFBF, sizeof buffer);
    return ltcap::DumpLog(options, *log, stdout, stderr);
}
