// Benchmark (not a test): what reading a log costs before any tool looks at it, for tools_bench. Every message of
// LOG is read as every tool reads it — framed, decompressed, validated whole (LogReader) — and, with --check, also
// run past the log checker that every tool runs (log_check.h). Prints the entries read; the time is the caller's.
//   read_bench [--check] LOG
#include <cstdio>
#include <cstring>
#include <exception>

#include "player/log_check.h"
#include "player/log_reader.h"

int main(int argc, char** argv) {
    const bool check = argc == 3 && std::strcmp(argv[1], "--check") == 0;
    if (argc != 2 + check) {
        std::fputs("usage: read_bench [--check] LOG\n", stderr);
        return 2;
    }
    try {
        ltcap::LogReader log(argv[argc - 1]);
        ltcap::LogChecker checker;
        unsigned long long entries = 0;
        for (auto m = log.Next(); m; m = log.Next()) {
            const auto e = m->getRoot<ltcap::schema::Entry>();
            if (check) checker.Entry(e);
            entries++;
            log.ReleasePassed();
        }
        std::printf("%llu entries%s\n", entries, log.complete() ? "" : " (the log is not complete)");
        return log.complete() ? 0 : 1;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "read_bench: %s\n", e.what());
        return 2;
    }
}
