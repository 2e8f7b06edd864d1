// What one call names, wherever in its arguments (lists included), for the indexes that follow a log's programs and
// buffers (read_types.h, launch_targets.h): the program it concerns (a kernel's or circular buffer's parent), its
// device, the buffers it names, its runtime-arg words (as words, as a list of numbers — an initializer list, v0.62
// and later — or edited in place before a launch), its circular buffers' formats and backing buffers, the type of
// typed data it hands over, whether it hands over a kernel source (and the first one's id), and its first core spec.
//   const CallNames n = NamesOf(call, kMaxWords);   if (n.program) … n.words …
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <utility>
#include <vector>

#include "player/decoded_call.h"
#include "player/dtype.h"

namespace ltcap {

struct CallNames {
    std::uint64_t program = 0, device = 0;
    struct Buffer {
        std::uint64_t id, address, device;  // the object's id, raw (its address) and parent
    };
    std::vector<Buffer> buffers;                                 // in argument order
    std::vector<std::uint32_t> words;                            // at most the `max_words` NamesOf was given
    std::vector<std::pair<std::uint8_t, std::uint8_t>> formats;  // CB index, tt::DataFormat
    struct Backing {
        std::uint64_t buffer;            // a dynamic circular buffer's backing buffer
        std::uint8_t index, format;      // the CB's first index and its format (kNoCb: it lists none)
    };
    static constexpr std::uint8_t kNoCb = 0xff;
    std::vector<Backing> backing;
    std::optional<Dtype> typed;  // the type of typed data the call hands over (a write's)
    bool source = false;         // it hands over a kernel source (it makes a kernel)
    std::uint64_t source_id = 0;  // the first kernel source's id (0 also for a source the capture could not read)
    std::optional<schema::Value::Reader> cores;  // its first core spec (valid while the call's entry is)
};

CallNames NamesOf(const DecodedCall& call, std::size_t max_words);
// The same into `n`, whose lists keep their storage: an index that looks at every call allocates nothing per call.
void NamesOf(const DecodedCall& call, std::size_t max_words, CallNames& n);

// A program's output circular buffer, from its CBs' formats (index → tt::DataFormat): its highest index when all
// agree; else its first output index (16–23, tt-metal's out0 … out7); else its highest. Its (index, format).
std::optional<std::pair<std::uint8_t, std::uint8_t>> OutputCb(const std::map<std::uint8_t, std::uint8_t>& formats);

}  // namespace ltcap
