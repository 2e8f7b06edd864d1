// `ltcap info LOG`: what a log holds, read without executing anything — header facts, devices, windows,
// duration, calls per function with their time, payload bytes, threads, objects, whether the log is complete.
//   LogInfo info = CollectInfo(reader);   PrintInfo(info, stdout);   PrintInfoJson(info, stdout);
#pragma once

#include <cstdint>
#include <cstdio>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "player/log_reader.h"

namespace ltcap::cli {

struct FunctionStats {
    std::uint64_t calls = 0, threw = 0, synthesized = 0;
    std::uint64_t total_ns = 0;  // sum over the calls that ended, of end - begin
};

// Time by what a launch runs — a program (named after its kernels), or a trace.
struct ProgramStats {
    std::string label;               // "program#4 (reader_binary, eltwise_add, writer_unary)", "trace#2"
    std::string kernels;             // a program's kernel set: "reader_binary, eltwise_add, writer_unary" ("" else)
    std::uint64_t launches = 0;      // runs (a mesh workload's launch runs each of its programs once)
    std::uint64_t host_ns = 0;       // in the calls that launched it
    std::uint64_t queue_ns = 0;      // from each launch to the end of the wait that completed it (a launch on no
                                     // queue, detail::LaunchProgram: its call)
    std::uint64_t unwaited = 0;      // launches nothing waited for before the log ended (counted to its end)
};

// The programs that run one kernel set (and each trace, alone), summed: where a workload's time goes when it makes
// thousands of programs of a few kinds.
struct KernelSetStats {
    std::string kernels;             // "reader_binary, eltwise_add, writer_unary"; a trace's label; "(no kernels)"
    std::uint64_t programs = 0, launches = 0, host_ns = 0, queue_ns = 0, unwaited = 0;
};

struct LogInfo {
    // header
    std::uint32_t format = 0;
    std::string tool_version, tt_metal_version, host, process;
    std::vector<std::string> command_line;
    std::uint32_t pid = 0, parent_pid = 0, window = 0;
    std::uint64_t start_unix_ns = 0;
    bool starts_mid_run = false;
    std::vector<std::pair<std::string, std::string>> environment;
    // body
    std::map<std::string, FunctionStats> functions;  // by API name
    std::uint64_t calls = 0, threw = 0, last_ns = 0;
    std::uint64_t first_seq = 0, last_seq = 0;         // the calls' sequence numbers (ascending in a log)
    std::set<std::uint32_t> threads;
    std::uint64_t launches = 0;                        // calls that run a program or a trace (CallClass::launch)
    std::vector<ProgramStats> programs;                // by first launch
    std::set<std::int64_t> device_ids;                 // the ids of the devices calls created (results)
    std::map<std::uint64_t, std::size_t> meshes;       // the meshes calls created: id → its devices (0: not recorded)
    std::map<std::string, std::set<std::uint64_t>> objects;  // object kind → ids seen as results
    std::uint64_t blob_count = 0, blob_bytes = 0;            // distinct payloads, bytes stored
    std::uint64_t read_data = 0, read_bytes = 0;             // recorded reads (golden data)
    std::uint64_t launch_outputs = 0;                        // launchOutputs entries (LTCAP_LAUNCH_OUTPUTS)
    std::uint64_t kernel_sources = 0, kernel_source_bytes = 0;
    // Kernel files the capture could not read (KernelSource.unreadable): as the program named each, and why.
    std::vector<std::pair<std::string, std::string>> unreadable_sources;
    // Kernel builds the log carries (KernelBinary, format 14): how many, their bytes, and what they were built for
    // ("emulator v0.67.0 wormhole_b0 abi7").
    std::uint64_t kernel_binaries = 0, kernel_binary_bytes = 0;
    std::set<std::string> binary_targets;
    bool records_builds = false;  // the capture recorded builds (Header.kernelBuilds)
    std::uint32_t died_of = 0;    // End.signal: the fatal signal the process died of (0: it ended normally)
    std::string ended_how;        // the end entry's account of it (format.h HowItEnded; "": it says nothing)
    bool exited = false;          // End.exited: the log closed as the process exited, with exit_status
    std::int32_t exit_status = 0;
    std::string uncaught;         // End.uncaught: the exception nobody caught, whole ("" if none)
    std::string mock_device;  // "NAME=value" when the run used a mock device (api/releases.h: MockDevice)
    bool has_snapshot = false;
    std::uint32_t snapshot_records = 0, snapshot_buffers = 0;
    std::uint64_t snapshot_bytes = 0;
    // how it ended
    bool complete = false, damaged = false;
    std::string problem;  // why reading stopped early
    std::uint64_t file_bytes = 0;
    bool compressed = false;
};

LogInfo CollectInfo(LogReader& log);
// Only what the header says (the fields under "header"); nothing past it is read.
LogInfo CollectHeader(const LogReader& log);
// The rows of info.programs by kernel set, the most queue time first; and their total (`kernels` "total").
std::vector<KernelSetStats> KernelSets(const LogInfo& info);
KernelSetStats ProgramTotal(const LogInfo& info);

// `programs`: with the time per kernel set (ltcap info --programs); `each`: and per program (--each-program).
void PrintInfo(const LogInfo& info, std::FILE* out, bool programs = false, bool each = false);
void PrintInfoJson(const LogInfo& info, std::FILE* out, bool programs = false);

// `ltcap info [--json] [--programs] LOG`; exit 0 complete, 1 cut off, 2 unreadable or damaged (as ltdump).
int InfoMain(int argc, char** argv);

}  // namespace ltcap::cli
