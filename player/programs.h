// Which kernels make up each program of a log, and which programs a launch runs — for the tools that show work by
// program: ltcap info --programs, the Perfetto export's queue lanes, ltplay --profile, and the read-type inference.
// Decided by the values a call holds (a program object beside a kernel source makes a kernel of it; a mesh workload
// beside a program adds it; a call of the launch class runs its program or its workload's programs), never by name.
// A consumer of the decoded entries (decoded_call.h):
//   Programs p;  ForEachDecodedEntry(log, check, {&p});
//   for (auto id : p.Launched(call)) puts(p.Label(id).c_str());   // "program#4 (reader, eltwise_add, writer)"
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "player/decoded_call.h"
#include "schema/trace.capnp.h"

namespace ltcap {

class Programs : public EntryConsumer {
public:
    // Every kernel source entry and call of the log, in log order.
    void OnKernelSource(schema::KernelSource::Reader source) override;
    void OnCall(const DecodedCall& call) override;

    // The programs a launch runs: its program, or the programs of its mesh workload (none for a trace replay, or
    // for a call that launches nothing).
    std::vector<std::uint64_t> Launched(const DecodedCall& call) const;
    // What a launch runs, for a person: "program#4 (reader, eltwise_add, writer)", "meshWorkload#9: program#4 (…)",
    // "trace#2"; empty for a call that runs nothing known.
    std::string LaunchLabel(const DecodedCall& call) const;
    // "program#4 (reader, eltwise_add, writer)": its kernels' file names without folder and extension, in creation
    // order ("program#4" when it made none the log saw).
    std::string Label(std::uint64_t program) const;
    const std::vector<std::string>& Kernels(std::uint64_t program) const;

    static constexpr std::size_t kMaxKernels = 64;            // kept per program
    static constexpr std::size_t kMaxWorkloadPrograms = 256;  // kept per mesh workload

private:
    std::map<std::uint64_t, std::string> sources_;                   // kernel source id → kernel name
    std::map<std::uint64_t, std::vector<std::string>> kernels_;      // program id → its kernels' names
    std::map<std::uint64_t, std::vector<std::uint64_t>> workloads_;  // mesh workload id → its programs
};

}  // namespace ltcap
