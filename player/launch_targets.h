// Which buffers a launch's kernels can write: the live buffers whose address a launched program's runtime args
// hold — tt-metal kernels find their buffers by the addresses the host passes them — and those behind its dynamic
// circular buffers (a sharded output is written through its CB), and the element type the
// program's output circular buffer holds. Fed every entry of the log in order (the replay's index pass, which runs a
// little ahead of the replay), after the Programs it is given; the replay takes each launch's targets when it gets
// there (ltplay --launch-outputs, what `ltcap bisect` compares launch by launch).
//   Programs programs;  LaunchTargets targets(programs);
//   ForEachDecodedEntry(log, check, {&programs, &targets});
//   if (auto t = targets.Take(seq)) for (std::uint64_t id : t->buffers) …;
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_set>
#include <vector>

#include "player/dtype.h"
#include "player/programs.h"

namespace ltcap {

class LaunchTargets : public EntryConsumer {
public:
    explicit LaunchTargets(const Programs& programs) : programs_(programs) {}

    void OnCall(const DecodedCall& call) override;
    void OnReturn(const DecodedReturn& ret) override;

    struct Launch {
        std::vector<std::uint64_t> buffers;  // global ids (buffers and mesh buffers), ascending
        std::optional<Dtype> dtype;          // what the launched program's output circular buffer holds
        std::string label;                   // "program#4 (reader, eltwise_add, writer)"
        std::string cores;                   // where its kernels run: "{(0,0)-(3,0)}" (each distinct placement once)
    };
    // The targets of the launch at call `seq` (once: they are let go), or none for a call that launched nothing.
    std::optional<Launch> Take(std::uint64_t seq);

    // Bounds on what is kept, whatever the log holds.
    static constexpr std::size_t kWordsPerProgram = 1 << 14;
    static constexpr std::size_t kBuffersPerLaunch = 64;
    static constexpr std::size_t kPendingLaunches = 1 << 12;

private:
    struct Program {
        std::unordered_set<std::uint32_t> words;       // every runtime-arg word set for it
        std::map<std::uint8_t, std::uint8_t> formats;  // CB index → tt::DataFormat
        std::set<std::string> cores;                   // its kernels' core specs, as printed
        std::set<std::uint64_t> backing;               // the buffers behind its dynamic circular buffers
    };
    void Made(schema::Value::Reader v, unsigned depth);

    const Programs& programs_;
    std::map<std::uint64_t, Program> by_program_;
    std::map<std::uint64_t, std::set<std::uint64_t>> at_address_;  // address → the live buffers there
    std::map<std::uint64_t, std::uint64_t> address_of_;            // live buffer → its address
    std::map<std::uint64_t, Launch> launches_;                     // call seq → its targets, until taken
};

}  // namespace ltcap
