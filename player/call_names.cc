#include "player/call_names.h"

namespace ltcap {
namespace {

constexpr std::uint8_t kNoCb = CallNames::kNoCb;

using K = schema::ObjectKind;

void Walk(schema::Value::Reader v, CallNames& n, std::size_t max_words, unsigned depth) {
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
                    n.buffers.push_back({o.getId(), o.getRaw(), o.getParent()});
                    break;
                default:
                    break;
            }
            break;
        }
        case schema::Value::WORDS:
            for (std::uint32_t w : v.getWords())
                if (n.words.size() < max_words) n.words.push_back(w);
            break;
        case schema::Value::UINT:
            // Runtime args as a list of numbers; a number at the top level is a count or a flag, no runtime arg.
            if (depth > 0 && v.getUint() <= 0xffffffffu && n.words.size() < max_words)
                n.words.push_back(static_cast<std::uint32_t>(v.getUint()));
            break;
        case schema::Value::CB_CONFIG: {
            const auto cb = v.getCbConfig();
            for (auto i : cb.getIndices()) n.formats.emplace_back(i.getIndex(), i.getDataFormat());
            if (cb.getGlobalBuffer())
                n.backing.push_back({cb.getGlobalBuffer(), cb.getIndices().size() ? cb.getIndices()[0].getIndex() : kNoCb,
                                     cb.getIndices().size() ? cb.getIndices()[0].getDataFormat() : kNoCb});
            break;
        }
        case schema::Value::DATA:
            if (Dtype t = DtypeOf(v.getData().getElementType()); t != Dtype::bytes) n.typed = t;
            break;
        case schema::Value::KERNEL_SOURCE:
            if (!n.source) n.source_id = v.getKernelSource();
            n.source = true;
            break;
        case schema::Value::CORES:
            if (!n.cores) n.cores = v;
            break;
        case schema::Value::LIST:
            for (auto e : v.getList()) Walk(e, n, max_words, depth + 1);
            break;
        default:
            break;
    }
}

}  // namespace

std::optional<std::pair<std::uint8_t, std::uint8_t>> OutputCb(const std::map<std::uint8_t, std::uint8_t>& formats) {
    if (formats.empty()) return std::nullopt;
    auto chosen = std::prev(formats.end());
    bool agree = true;
    for (const auto& f : formats) agree = agree && f.second == chosen->second;
    if (!agree)
        if (auto out = formats.lower_bound(16); out != formats.end() && out->first < 24) chosen = out;
    return *chosen;
}

void NamesOf(const DecodedCall& call, std::size_t max_words, CallNames& n) {
    n.program = n.device = 0;
    n.buffers.clear();
    n.words.clear();
    n.formats.clear();
    n.backing.clear();
    n.typed.reset();
    n.source = false;
    n.source_id = 0;
    n.cores.reset();
    for (auto a : call.args) Walk(a, n, max_words, 0);
    for (auto edited : call.entry.getArgsChanged())  // runtime args a launch found edited in place
        for (std::uint32_t w : edited.getWords())
            if (n.words.size() < max_words) n.words.push_back(w);
}

CallNames NamesOf(const DecodedCall& call, std::size_t max_words) {
    CallNames n;
    NamesOf(call, max_words, n);
    return n;
}

}  // namespace ltcap
