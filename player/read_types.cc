#include "player/read_types.h"

#include <algorithm>
#include <tuple>

#include "player/log_reader.h"
#include "schema/values/tt_enums.h"

namespace ltcap {
namespace {

using K = schema::ObjectKind;

// What one call names, wherever in its arguments (lists included).
struct Named {
    std::uint64_t program = 0, device = 0;
    struct Buffer {
        std::uint64_t id, address, device;
    };
    std::optional<Buffer> buffer;                                // the first buffer named
    std::vector<std::pair<std::uint8_t, std::uint8_t>> formats;  // CB index, tt::DataFormat
    // A dynamic circular buffer's backing buffer, with its first index and that index's format.
    std::vector<std::tuple<std::uint64_t, std::uint8_t, std::uint8_t>> backing;
    std::vector<std::uint32_t> words;
    std::optional<Dtype> typed;  // the type of typed data the call hands over (a write's)
};

void Walk(schema::Value::Reader v, Named& n, unsigned depth) {
    if (depth > 64) return;
    switch (v.which()) {
        case schema::Value::OBJECT: {
            const auto o = v.getObject();
            if (!o.getId()) break;
            switch (o.getKind()) {
                case K::PROGRAM:
                    if (!n.program) n.program = o.getId();
                    break;
                case K::KERNEL:
                case K::CIRCULAR_BUFFER:
                    if (!n.program) n.program = o.getParent();
                    break;
                case K::DEVICE:
                case K::MESH_DEVICE:
                    if (!n.device) n.device = o.getId();
                    break;
                case K::COMMAND_QUEUE:
                case K::MESH_COMMAND_QUEUE:
                    if (!n.device) n.device = o.getParent();
                    break;
                case K::BUFFER:
                case K::MESH_BUFFER:
                    if (!n.buffer) n.buffer = Named::Buffer{o.getId(), o.getRaw(), o.getParent()};
                    break;
                default:
                    break;
            }
            break;
        }
        case schema::Value::WORDS:
            for (std::uint32_t w : v.getWords())
                if (n.words.size() < ReadTypes::kWordsPerProgram) n.words.push_back(w);
            break;
        case schema::Value::CB_CONFIG: {
            const auto cb = v.getCbConfig();
            for (auto i : cb.getIndices()) n.formats.emplace_back(i.getIndex(), i.getDataFormat());
            if (cb.getGlobalBuffer() && cb.getIndices().size())
                n.backing.emplace_back(cb.getGlobalBuffer(), cb.getIndices()[0].getIndex(),
                                       cb.getIndices()[0].getDataFormat());
            break;
        }
        case schema::Value::UINT:
            // Runtime args given as a list of numbers (an initializer list, tt-metal v0.62 and later), not words.
            if (depth > 0 && v.getUint() <= 0xffffffffu && n.words.size() < ReadTypes::kWordsPerProgram)
                n.words.push_back(static_cast<std::uint32_t>(v.getUint()));
            break;
        case schema::Value::DATA:
            if (Dtype t = DtypeOf(v.getData().getElementType()); t != Dtype::bytes) n.typed = t;
            break;
        case schema::Value::LIST:
            for (auto e : v.getList()) Walk(e, n, depth + 1);
            break;
        default:
            break;
    }
}

}  // namespace

void ReadTypes::OnCall(const DecodedCall& call) {
    Named n;
    for (auto a : call.args) Walk(a, n, 0);
    for (auto edited : call.entry.getArgsChanged())  // runtime args a launch found edited in place
        for (std::uint32_t w : edited.getWords())
            if (n.words.size() < kWordsPerProgram) n.words.push_back(w);
    const std::uint64_t seq = call.seq;
    const CallClass cls = call.Class();
    if (n.program) {
        Program& p = programs_[n.program];
        for (auto [index, format] : n.formats) p.formats[index] = format;
        for (auto [buffer, index, format] : n.backing)
            if (p.backing.size() < kWordsPerProgram) p.backing[buffer] = {index, format};
        for (std::uint32_t w : n.words)
            if (p.words.size() < kWordsPerProgram) p.words.insert(w);
    }
    if (cls.launch) {
        for (std::uint64_t p : launched_.Launched(call)) {
            launches_.push_back({p, n.device, seq});
            if (launches_.size() > kLaunches) launches_.pop_front();
        }
    }
    if (!n.buffer) return;
    if (n.typed) {
        writes_[n.buffer->id] = {*n.typed, seq};
        return;
    }
    pending_[seq] = GuessFor(n.buffer->id, n.buffer->address, n.buffer->device);
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
std::optional<ReadTypes::Guess> ReadTypes::FromProgram(std::uint64_t id) const {
    const Program& p = programs_.at(id);
    if (p.formats.empty()) return std::nullopt;
    auto chosen = std::prev(p.formats.end());
    const bool agree =
        std::all_of(p.formats.begin(), p.formats.end(), [&](const auto& f) { return f.second == chosen->second; });
    if (!agree)
        if (auto out = p.formats.lower_bound(16); out != p.formats.end() && out->first < 24) chosen = out;
    const auto type = DtypeOfDataFormat(chosen->second);
    if (!type) return std::nullopt;
    return Guess{*type, values::DataFormatName(chosen->second) + ", circular buffer " + std::to_string(chosen->first) +
                            " of program#" + std::to_string(id)};
}

}  // namespace ltcap
