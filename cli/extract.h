// `ltcap extract LOG DIR`: what a log carries, as files.
//   DIR/kernels/   every kernel source as the tree it was captured from: each kernel file at the path the program
//                  gave CreateKernel (made relative), the files it includes beside it as they were found;
//                  CreateKernelFromString's text as from_string/<id>/kernel.cpp
//   DIR/data/      every payload written and every read's data, once per distinct content: <blob id>.bin
//   DIR/index.json which call wrote or read which file: seq, function, buffer, direction, bytes, element type
//                  and count, and the kernels with their files
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ltcap {
class LogReader;
}

namespace ltcap::cli {

struct ExtractCounts {
    std::size_t kernels = 0, data = 0;
    std::vector<std::uint64_t> clashed;  // kernel sources whose files clashed with another's (under kernels/@<id>/)
};

// Writes what `log` (read from `log_path`) carries under `dir`, index.json last. LogError (naming the entry) for a
// damaged log, std::runtime_error when DIR cannot be written. The caller looks at log.complete()/damaged() after.
ExtractCounts ExtractLog(LogReader& log, const std::string& log_path, const std::string& dir);

// A captured path made safe to write under a folder: a relative path with no "." or ".." left, or nullopt when
// it climbs out (a hostile log). `base` is a folder inside the tree, `path` relative to it (or absolute: then
// taken from the tree's root).
std::optional<std::string> TreePath(const std::string& base, const std::string& path);

// `ltcap extract [-h] LOG DIR`; exit 0, 1 the log is cut off (what is there is extracted), 2 unreadable,
// damaged (e.g. a path climbing out of DIR) or DIR could not be written.
int ExtractMain(int argc, char** argv);

}  // namespace ltcap::cli
