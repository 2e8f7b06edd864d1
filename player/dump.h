// Printing a log for people (ltdump, ltcap dump): the header, then one line per call — sequence number, thread, time,
// the call with its arguments, its result or exception — and, if asked, the data entries. Everything printed comes
// from an untrusted log: lists, texts and backtraces are shortened (format.h), and no file the log names is opened
// unless `symbolize` asks (symbolize.h).
//   DumpOptions o;  return DumpLog(o, reader, stdout, stderr);   // 0 complete, 1 cut off, 2 bad
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

#include "player/call_range.h"
#include "player/log_reader.h"

namespace ltcap {

struct DumpOptions {
    bool times = true;       // call times, and the header's pid, host, start time and command line
    bool data = false;       // blob, kernel-source and read-data entries too
    bool symbolize = false;  // read the module files the log names to name backtrace frames
    CallRange calls;   // only these calls (and their data)
    std::string grep;  // only call lines containing this text
};

// Prints `log` (from its header on) to `out`; problems go to `err` as one "ltdump: …" line. Returns 0 if the log was
// read completely, 1 if it was cut off, 2 if it is damaged or its entries disagree (log_check.h).
int DumpLog(const DumpOptions& options, LogReader& log, std::FILE* out, std::FILE* err);

}  // namespace ltcap
