// `ltcap diff A B`: two logs compared call by call — the same program built twice, on two tt-metal releases, with
// another input — as a regression hunt needs: calls aligned by function (cli/align.h), then each pair's arguments
// and results compared (objects by what they are, not their ids: the ids a pair of calls makes are paired; kernel
// sources and payloads by content), and the data of reads both made compared element by element in the type the log
// says they hold. Reports the first divergence and what was added, removed and changed.
//   LogDiff d = DiffLogs(a, b, options);   PrintDiff(d, stdout, options);   exit d.same() ? 0 : 1
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "player/compare.h"
#include "player/log_reader.h"

namespace ltcap::cli {

struct DiffOptions {
    CompareOptions compare;        // --dtype, --atol, --rtol for read data
    unsigned shown = 20;           // changes listed per kind (--limit)
    // Calls added or removed within one window of the alignment beyond which that stretch is paired by position.
    std::size_t max_edits = 2000;
    // The alignment's window: calls of each log held at once (--window). A call's return and read data entries
    // written more than window/8 calls after it are indexed in the first pass; the rest are met as the calls stream.
    std::size_t window = 8192;
    // --ignore-writes: a pair of writes (calls handing over one payload) whose data alone differs is set aside —
    // counted, not a change — so the first divergence is the first that the inputs do not explain.
    bool ignore_writes = false;
};

struct LogDiff {
    struct Side {
        std::string path, tt_metal, process;
        std::uint64_t calls = 0, reads = 0;
    } a, b;
    // What changed in a pair of calls: its first differing argument or result, each side printed.
    struct Change {
        std::uint64_t seq_a, seq_b;
        std::string function, what;  // what: "argument runtime_args", "result", "kernel source"
        std::string kind;            // its class: "runtime args", "kernel source", "kernel config", "data", …
        std::string value_a, value_b;
        std::vector<std::string> detail;  // a kernel source's change: the unified diff of its first differing file
    };
    struct Lone {  // a call only one side made
        std::uint64_t seq;
        std::string text;
    };
    struct ReadDiff {
        std::uint64_t seq_a, seq_b;
        std::string function, type;      // type: what the data was compared as, and why
        std::vector<std::string> lines;  // DescribeMismatch's, B against A
    };
    std::uint64_t alike = 0;
    std::vector<Change> changed;
    std::vector<Lone> only_a, only_b;
    std::uint64_t changed_count = 0, only_a_count = 0, only_b_count = 0;  // all of them (the lists stop at `shown`)
    std::uint64_t reads_compared = 0, reads_alike = 0, read_bytes = 0;
    std::vector<ReadDiff> read_diffs;
    std::uint64_t read_diff_count = 0;
    std::uint64_t reads_one_side = 0;  // aligned calls whose data only one log recorded: not compared
    std::uint64_t writes_set_aside = 0;  // --ignore-writes: pairs of writes whose data alone differs
    bool by_position = false;          // somewhere too many differences to align: paired by position there
    std::size_t max_edits = 0, window = 0;  // the limits that applied (DiffOptions')
    std::string first;                 // the first divergence, as a line

    bool same() const { return !changed_count && !only_a_count && !only_b_count && !read_diff_count; }
};

// Reads each log twice (an index of what is far from its call, then the calls streamed a window at a time: memory
// bounded whatever the logs' length), limiting each reader's frame cache (LogReader::LimitMemory). Throws LogError
// for a log that cannot be read or is damaged.
LogDiff DiffLogs(LogReader& a, LogReader& b, const DiffOptions& options);
void PrintDiff(const LogDiff& d, std::FILE* out);
void PrintDiffJson(const LogDiff& d, std::FILE* out);

// `ltcap diff [options] A B`: exit 0 alike, 1 different, 2 a bad log or option.
int DiffMain(int argc, char** argv);

}  // namespace ltcap::cli
