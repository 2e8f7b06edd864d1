#include "player/launch_targets.h"

#include "player/call_names.h"
#include "schema/values/cores.h"

namespace ltcap {
namespace {

using K = schema::ObjectKind;

bool IsBuffer(K kind) { return kind == K::BUFFER || kind == K::MESH_BUFFER; }

}  // namespace

void LaunchTargets::OnCall(const DecodedCall& call) {
    const CallNames n = NamesOf(call, kWordsPerProgram);
    const CallClass cls = call.Class();
    if (cls.releases)
        for (const CallNames::Buffer& b : n.buffers) {
            const auto it = address_of_.find(b.id);
            if (it == address_of_.end()) continue;
            at_address_[it->second].erase(b.id);
            if (at_address_[it->second].empty()) at_address_.erase(it->second);
            address_of_.erase(it);
        }
    if (n.program && !cls.launch) {
        Program& p = by_program_[n.program];
        for (auto [index, format] : n.formats) p.formats[index] = format;
        for (std::uint32_t w : n.words)
            if (p.words.size() < kWordsPerProgram) p.words.insert(w);
        if (n.source && n.cores && p.cores.size() < 64) p.cores.insert(values::PrintCores(*n.cores));
        for (const CallNames::Backing& b : n.backing)
            if (p.backing.size() < kBuffersPerLaunch) p.backing.insert(b.buffer);
    }
    if (!cls.launch || cls.not_a_call) return;
    Launch launch;
    std::set<std::uint64_t> buffers;
    std::map<std::uint8_t, std::uint8_t> formats;
    std::set<std::string> cores;
    for (std::uint64_t program : programs_.Launched(call)) {
        launch.label += (launch.label.empty() ? "" : "; ") + programs_.Label(program);
        const auto p = by_program_.find(program);
        if (p == by_program_.end()) continue;
        for (const auto& [index, format] : p->second.formats) formats.emplace(index, format);
        cores.insert(p->second.cores.begin(), p->second.cores.end());
        for (std::uint64_t id : p->second.backing)
            if (address_of_.count(id) && buffers.size() < kBuffersPerLaunch) buffers.insert(id);
        for (std::uint32_t w : p->second.words)
            if (const auto at = at_address_.find(w); at != at_address_.end())
                for (std::uint64_t id : at->second)
                    if (buffers.size() < kBuffersPerLaunch) buffers.insert(id);
    }
    if (launch.label.empty()) launch.label = programs_.LaunchLabel(call);
    launch.buffers.assign(buffers.begin(), buffers.end());
    for (const std::string& c : cores) launch.cores += (launch.cores.empty() ? "" : ", ") + c;
    if (const auto out = OutputCb(formats)) launch.dtype = DtypeOfDataFormat(out->second);
    if (launches_.size() >= kPendingLaunches) launches_.erase(launches_.begin());
    launches_[call.seq] = std::move(launch);
}

// A buffer a call made: where it is (ObjectRef.raw: a buffer's address, a mesh buffer's on every device).
void LaunchTargets::Made(schema::Value::Reader v, unsigned depth) {
    if (depth > 64) return;
    if (v.isList())
        for (auto e : v.getList()) Made(e, depth + 1);
    if (!v.isObject() || !IsBuffer(v.getObject().getKind()) || !v.getObject().getId()) return;
    const auto o = v.getObject();
    if (!o.getRaw() || o.getRaw() > 0xffffffffu) return;  // runtime args are 32-bit words
    if (const auto was = address_of_.find(o.getId()); was != address_of_.end() && was->second != o.getRaw()) {
        at_address_[was->second].erase(o.getId());
        if (at_address_[was->second].empty()) at_address_.erase(was->second);
    }
    address_of_[o.getId()] = o.getRaw();
    at_address_[o.getRaw()].insert(o.getId());
}

void LaunchTargets::OnReturn(const DecodedReturn& ret) {
    if (!ret.threw) Made(ret.result, 0);
}

std::optional<LaunchTargets::Launch> LaunchTargets::Take(std::uint64_t seq) {
    const auto it = launches_.find(seq);
    if (it == launches_.end()) return std::nullopt;
    Launch launch = std::move(it->second);
    launches_.erase(it);
    return launch;
}

}  // namespace ltcap
