// What the untyped bytes of a read hold, from what the log says about the buffer read: the data format of the
// circular buffers of the program that last wrote it — found as the last launched program whose runtime args name
// the buffer's address (as words, or as a list of numbers), or whose dynamic circular buffer the buffer backs (that
// CB's format then) — or the element type of the last typed write to it, whichever came later. Programs read
// through void* (every tt-metal example does), so without this a mismatch could only be shown as bytes.
// Fed every call of the log in order (the replay's index pass), after the Programs it is given (which programs a
// launch runs), then asked about the reads whose data it records.
//   Programs programs;  ReadTypes types(programs);
// Both are consumers of the decoded entries (decoded_call.h), the programs first:
//   ForEachDecodedEntry(log, check, {&programs, &types});
//   if (auto guess = types.Of(seq)) compare as guess->type;   // guess->why: "Float16_b, CB 16 of program#4"
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_set>
#include <vector>

#include "player/call_names.h"
#include "player/dtype.h"
#include "player/programs.h"
#include "schema/trace.capnp.h"

namespace ltcap {

class ReadTypes : public EntryConsumer {
public:
    explicit ReadTypes(const Programs& programs) : launched_(programs) {}

    struct Guess {
        Dtype type = Dtype::bytes;
        std::string why;  // what the guess rests on: "Float16_b, circular buffer 16 of program#4"
    };

    // Every call of the log, in log order.
    void OnCall(const DecodedCall& call) override;
    // Call `seq` recorded read data: its guess (made when the call came) is kept for Of.
    void OnReadData(schema::ReadData::Reader data) override { Read(data.getSeq()); }
    void Read(std::uint64_t seq);
    // The type read `seq`'s bytes are taken to hold, if the log says.
    std::optional<Guess> Of(std::uint64_t seq) const;

    // What read `seq` is compared as, and why ("" when --dtype or the program's own type says so): --dtype; else
    // the type the program read into — unless it is uint32 words and the log says they hold block-float tiles
    // (tt-metal's host packs Bfp8_b/Bfp4_b into std::vector<uint32_t>); else the guess; else bytes. A read compared
    // as bytes always says why (the writing program's output has no element type, or nothing in the log says).
    struct Resolved {
        Dtype type;
        std::string why;
    };
    Resolved Resolve(std::uint64_t seq, schema::ElementType own, std::optional<Dtype> dtype) const;

    // Bounds on what is kept, whatever the log holds.
    static constexpr std::size_t kWordsPerProgram = 1 << 14;  // distinct runtime-arg words kept per program
    static constexpr std::size_t kLaunches = 512;             // launches looked back over
    static constexpr std::size_t kPending = 1 << 16;          // calls naming a buffer, awaiting their read data

private:
    struct Program {
        std::map<std::uint8_t, std::uint8_t> formats;  // CB index → tt::DataFormat
        std::unordered_set<std::uint32_t> words;       // every runtime-arg word set for it
        // The buffers behind its dynamic circular buffers → (CB index, tt::DataFormat).
        std::map<std::uint64_t, std::pair<std::uint8_t, std::uint8_t>> backing;
    };
    struct Launch {
        std::uint64_t program, device, seq;
    };
    struct Write {
        Dtype type;
        std::uint64_t seq;
    };
    std::optional<Guess> GuessFor(std::uint64_t buffer, std::uint64_t address, std::uint64_t device) const;
    std::optional<Guess> FromProgram(std::uint64_t id) const;

    const Programs& launched_;  // which programs a launch runs
    std::map<std::uint64_t, Program> programs_;
    std::deque<Launch> launches_;                            // newest last
    std::map<std::uint64_t, Write> writes_;                  // buffer → its last typed write
    std::map<std::uint64_t, std::optional<Guess>> pending_;  // call seq → guess, for calls naming a buffer
    std::map<std::uint64_t, Guess> reads_;                   // read seq → guess
    CallNames names_;                                        // what the call at hand names (storage kept)
};

}  // namespace ltcap
