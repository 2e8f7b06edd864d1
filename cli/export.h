// `ltcap export`: a log as JSON for other tools.
//   json, jsonl  every entry as libcapnp-json would encode it from the schema (cli/entry_json.h: field names as in
//                trace.capnp, enums by name, 64-bit integers as strings), a call with its parameter names beside;
//                blob bytes are not inlined: a blob entry says its size, and with --blobs DIR the bytes go to
//                DIR/<id>.bin
//   perfetto     Chrome trace-event JSON (Perfetto, chrome://tracing): a track per host thread with each call as
//                a slice; a track per command queue with a slice from each enqueue to the end of the call that
//                waited for it (Finish, a blocking call on the queue, Synchronize or CloseDevice of its device)
#pragma once

#include <cstdio>
#include <string>

#include "player/log_reader.h"

namespace ltcap::cli {

// Writes the entries `log` has left in `format` (json, jsonl, perfetto) to `out`; blob bytes to `blob_dir` if not
// empty. Throws LogError naming the entry at a malformed or inconsistent one (what came before is written).
void ExportLog(LogReader& log, std::FILE* out, const std::string& format, const std::string& blob_dir);

// `ltcap export [--format F] [--blobs DIR] [-o OUT] LOG`; exit 0, 1 the log is cut off (what is there is
// exported), 2 unreadable or damaged, or the output could not be written.
int ExportMain(int argc, char** argv);

}  // namespace ltcap::cli
