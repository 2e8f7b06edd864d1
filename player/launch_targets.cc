#include "player/launch_targets.h"

#include <algorithm>

#include "schema/values/cores.h"

namespace ltcap {
namespace {

using K = schema::ObjectKind;

bool IsBuffer(K kind) { return kind == K::BUFFER || kind == K::MESH_BUFFER; }

// What one call names: its program (a kernel's or circular buffer's), its runtime-arg words, its CB formats.
struct Named {
    std::uint64_t program = 0;
    std::vector<std::uint32_t> words;
    std::vector<std::pair<std::uint8_t, std::uint8_t>> formats;  // CB index, tt::DataFormat
    std::vector<std::uint64_t> buffers;                          // buffers it names
    std::vector<std::uint64_t> backing;                          // dynamic CBs' backing buffers
    bool source = false;                                         // it hands over a kernel source (makes a kernel)
    std::string cores;                                           // the first core spec it names
};

void Walk(schema::Value::Reader v, Named& n, unsigned depth) {
    if (depth > 64) return;
    switch (v.which()) {
        case schema::Value::OBJECT: {
            const auto o = v.getObject();
            if (!o.getId()) break;
            if (o.getKind() == K::PROGRAM && !n.program) n.program = o.getId();
            if ((o.getKind() == K::KERNEL || o.getKind() == K::CIRCULAR_BUFFER) && !n.program) n.program = o.getParent();
            if (IsBuffer(o.getKind())) n.buffers.push_back(o.getId());
            break;
        }
        case schema::Value::WORDS:
            for (std::uint32_t w : v.getWords())
                if (n.words.size() < LaunchTargets::kWordsPerProgram) n.words.push_back(w);
            break;
        case schema::Value::CB_CONFIG:
            for (auto i : v.getCbConfig().getIndices()) n.formats.emplace_back(i.getIndex(), i.getDataFormat());
            // A dynamic circular buffer's pages are its backing buffer's: what the kernels push there lands in it.
            if (v.getCbConfig().getGlobalBuffer()) n.backing.push_back(v.getCbConfig().getGlobalBuffer());
            break;
        case schema::Value::UINT:
            // Runtime args given as a list of numbers (an initializer list, v0.62 and later) rather than words.
            if (depth > 0 && v.getUint() <= 0xffffffffu && n.words.size() < LaunchTargets::kWordsPerProgram)
                n.words.push_back(static_cast<std::uint32_t>(v.getUint()));
            break;
        case schema::Value::LIST:
            for (auto e : v.getList()) Walk(e, n, depth + 1);
            break;
        case schema::Value::KERNEL_SOURCE:
            n.source = true;
            break;
        case schema::Value::CORES:
            if (n.cores.empty()) n.cores = values::PrintCores(v);
            break;
        default:
            break;
    }
}

// The format of a program's output: its one format when its CBs agree; else its first output index's (16–23); else
// its highest index's.
std::optional<std::uint8_t> OutputFormat(const std::map<std::uint8_t, std::uint8_t>& formats) {
    if (formats.empty()) return std::nullopt;
    const bool one = std::all_of(formats.begin(), formats.end(),
                                 [&](const auto& f) { return f.second == formats.begin()->second; });
    if (one) return formats.begin()->second;
    for (const auto& [index, format] : formats)
        if (index >= 16 && index <= 23) return format;
    return formats.rbegin()->second;
}

}  // namespace

void LaunchTargets::OnCall(const DecodedCall& call) {
    Named n;
    for (auto a : call.args) Walk(a, n, 0);
    for (auto edited : call.entry.getArgsChanged())  // runtime args a launch found edited in place
        for (std::uint32_t w : edited.getWords())
            if (n.words.size() < kWordsPerProgram) n.words.push_back(w);
    const CallClass cls = call.Class();
    if (cls.releases)
        for (std::uint64_t id : n.buffers) {
            const auto it = address_of_.find(id);
            if (it == address_of_.end()) continue;
            at_address_[it->second].erase(id);
            if (at_address_[it->second].empty()) at_address_.erase(it->second);
            address_of_.erase(it);
        }
    if (n.program && !cls.launch) {
        Program& p = by_program_[n.program];
        for (auto [index, format] : n.formats) p.formats[index] = format;
        for (std::uint32_t w : n.words)
            if (p.words.size() < kWordsPerProgram) p.words.insert(w);
        if (n.source && !n.cores.empty() && p.cores.size() < 64) p.cores.insert(n.cores);
        for (std::uint64_t id : n.backing)
            if (p.backing.size() < kBuffersPerLaunch) p.backing.insert(id);
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
    if (const auto format = OutputFormat(formats)) launch.dtype = DtypeOfDataFormat(*format);
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
