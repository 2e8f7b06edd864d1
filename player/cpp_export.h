// A log as a standalone tt-metal program (`ltcap export --format cpp LOG DIR`, which runs `ltplay --export-cpp DIR`
// of the log's release): C++ against the release's public API that makes the log's calls again, in the log's order,
// with the recorded arguments, kernels and data, and checks every read against the bytes the capture recorded.
//   DIR/main.cpp          the program: one statement per call, under a comment naming it as ltdump prints it
//   DIR/CMakeLists.txt    its build (find_package(TT-Metalium) for v0.67.0 and later; a tt-metal prefix for v0.56.0)
//   DIR/ltcap_repro.h     what it needs besides tt-metal (player/repro/ltcap_repro.h: data files, read checks)
//   DIR/kernels/ID/…      each kernel source the log holds, its included files beside it
//   DIR/home/…            the files its kernels included from the captured TT_METAL_HOME
//   DIR/data/blobN.bin    every payload a call writes and every read's recorded bytes
//   DIR/README.md         how to build and run it
// The log is read three times: to index returns, reads and kernel sources; to write the calls; to write the payloads
// they use. Everything the log holds is hostile: names go through OutputDir (nothing written outside DIR), text
// into the program as escaped string literals.
#pragma once

#include <cstdint>
#include <string>

namespace ltcap {

struct CppExportSummary {
    std::uint64_t calls = 0;     // calls written
    std::uint64_t reads = 0;     // read pieces the program checks
    std::uint64_t kernels = 0;   // kernel sources written
    std::uint64_t blobs = 0;     // data files written
};

// Writes the program of `log_path` into `dir` (created). LogError: the log is bad or a call cannot be written (the
// message names it); std::runtime_error: DIR cannot be written.
CppExportSummary ExportCpp(const std::string& log_path, const std::string& dir);

}  // namespace ltcap
