#include "player/read_types.h"

#include <algorithm>
#include <tuple>

#include "player/call_names.h"
#include "player/log_reader.h"
#include "schema/values/tt_enums.h"

namespace ltcap {

void ReadTypes::OnCall(const DecodedCall& call) {
    CallNames& n = names_;
    NamesOf(call, kWordsPerProgram, n);
    const std::uint64_t seq = call.seq;
    const CallClass cls = call.Class();
    if (n.program) {
        Program& p = programs_[n.program];
        for (auto [index, format] : n.formats) p.formats[index] = format;
        for (const CallNames::Backing& b : n.backing)
            if (b.index != CallNames::kNoCb && p.backing.size() < kWordsPerProgram) p.backing[b.buffer] = {b.index, b.format};
        for (std::uint32_t w : n.words)
            if (p.words.size() < kWordsPerProgram) p.words.insert(w);
    }
    if (cls.launch) {
        for (std::uint64_t p : launched_.Launched(call)) {
            launches_.push_back({p, n.device, seq});
            if (launches_.size() > kLaunches) launches_.pop_front();
        }
    }
    if (n.buffers.empty()) return;
    const CallNames::Buffer& buffer = n.buffers.front();  // the buffer a read or write is of
    if (n.typed) {
        writes_[buffer.id] = {*n.typed, seq};
        return;
    }
    pending_[seq] = GuessFor(buffer.id, buffer.address, buffer.device);
    if (pending_.size() > kPending) pending_.erase(pending_.begin());
}

void ReadTypes::Read(std::uint64_t seq) {
    if (reads_.count(seq)) return;
    auto it = pending_.find(seq);
    if (it == pending_.end() || !it->second) return;
    reads_.emplace(seq, *it->second);
}

std::optional<ReadTypes::Guess> ReadTypes::Of(std::uint64_t seq) const {
    auto it = reads_.find(seq);
    if (it == reads_.end()) return std::nullopt;
    return it->second;
}

ReadTypes::Resolved ReadTypes::Resolve(std::uint64_t seq, schema::ElementType own, std::optional<Dtype> dtype) const {
    if (dtype) return {*dtype, ""};
    const Dtype program = DtypeOf(own);
    const auto guess = Of(seq);
    if (guess && (program == Dtype::bytes || (program == Dtype::uint32 && IsBlockFloat(guess->type))))
        return {guess->type, guess->why};
    if (program == Dtype::bytes)  // why it stays bytes
        return {program, "the program read into untyped memory, and no launched program names its buffer nor did a "
                         "typed write fill it"};
    return {program, ""};
}

// The last launch whose program names the buffer's address in its runtime args, on the buffer's device (when both
// are known); a typed write to the buffer after it wins.
std::optional<ReadTypes::Guess> ReadTypes::GuessFor(std::uint64_t buffer, std::uint64_t address,
                                                    std::uint64_t device) const {
    std::optional<Guess> guess;
    std::uint64_t guess_seq = 0;
    if (address && address <= 0xffffffffu) {
        for (auto l = launches_.rbegin(); l != launches_.rend(); ++l) {
            if (device && l->device && device != l->device) continue;
            auto p = programs_.find(l->program);
            if (p == programs_.end()) continue;
            // A sharded output is written through the circular buffer it backs: that CB's format.
            if (auto b = p->second.backing.find(buffer); b != p->second.backing.end()) {
                if (const auto type = DtypeOfDataFormat(b->second.second))
                    guess = Guess{*type, values::DataFormatName(b->second.second) + ", circular buffer " +
                                             std::to_string(b->second.first) + " of program#" +
                                             std::to_string(l->program) + ", which the buffer backs"};
                guess_seq = l->seq;
                break;
            }
            if (!p->second.words.count(static_cast<std::uint32_t>(address))) continue;
            guess = FromProgram(l->program);
            guess_seq = l->seq;
            break;
        }
    }
    if (auto w = writes_.find(buffer); w != writes_.end() && w->second.seq > guess_seq)
        guess = Guess{w->second.type, std::string("as written by call #") + std::to_string(w->second.seq)};
    return guess;
}

// A program's output: its one data format if its circular buffers agree; else the format of its first output index
// (16 to 23, tt-metal's out0 … out7); else that of its highest index.
// A program that says nothing of its output (no circular buffer; a format with no element type) is a reason to
// compare as bytes, and the guess says so.
std::optional<ReadTypes::Guess> ReadTypes::FromProgram(std::uint64_t id) const {
    const auto out = OutputCb(programs_.at(id).formats);
    if (!out)
        return Guess{Dtype::bytes, "program#" + std::to_string(id) + ", which last wrote its buffer, has no circular "
                                   "buffer saying what it writes"};
    const auto type = DtypeOfDataFormat(out->second);
    if (!type)
        return Guess{Dtype::bytes, "circular buffer " + std::to_string(out->first) + " of program#" + std::to_string(id) +
                                       ", which last wrote its buffer, holds " + values::DataFormatName(out->second) +
                                       ", which has no element type"};
    return Guess{*type, values::DataFormatName(out->second) + ", circular buffer " + std::to_string(out->first) +
                            " of program#" + std::to_string(id)};
}

}  // namespace ltcap
