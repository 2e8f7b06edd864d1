#include "player/programs.h"

#include <algorithm>

#include "player/log_reader.h"
#include "schema/values/object.h"
#include "schema/values/scalars.h"

namespace ltcap {
namespace {

using K = schema::ObjectKind;

// What one call names: its first program, mesh workload, trace and kernel source, wherever in its arguments.
struct Named {
    std::uint64_t program = 0, workload = 0, source = 0;
    schema::ObjectKind trace_kind = K::NONE;
    std::uint64_t trace = 0;
};

void Walk(schema::Value::Reader v, Named& n, unsigned depth) {
    if (depth > 64) return;
    if (v.isKernelSource() && !n.source) n.source = v.getKernelSource();
    if (v.isList())
        for (auto e : v.getList()) Walk(e, n, depth + 1);
    if (!v.isObject() || !v.getObject().getId()) return;
    const auto o = v.getObject();
    if (o.getKind() == K::PROGRAM && !n.program) n.program = o.getId();
    if (o.getKind() == K::MESH_WORKLOAD && !n.workload) n.workload = o.getId();
    if ((o.getKind() == K::TRACE || o.getKind() == K::MESH_TRACE) && !n.trace)
        n.trace = o.getId(), n.trace_kind = o.getKind();
}

Named NamedBy(const DecodedCall& call) {
    Named n;
    for (auto a : call.args) Walk(a, n, 0);
    return n;
}

// "kernels/compute/eltwise_add.cpp" → "eltwise_add"; a kernel made from a string has no file.
std::string KernelName(const std::string& path, std::uint64_t id) {
    if (path.empty()) return "source#" + std::to_string(id);
    std::string name = path.substr(path.find_last_of('/') == std::string::npos ? 0 : path.find_last_of('/') + 1);
    if (const auto dot = name.find_last_of('.'); dot != std::string::npos && dot > 0) name.resize(dot);
    return values::Printable(name.data(), name.size(), 64);
}

}  // namespace

void Programs::OnKernelSource(schema::KernelSource::Reader source) {
    sources_[source.getId()] = KernelName(source.getPath().cStr(), source.getId());
}

void Programs::OnCall(const DecodedCall& call) {
    const CallClass cls = call.Class();
    if (!cls.builds_program) return;  // only these add kernels to programs, programs to workloads
    const Named n = NamedBy(call);
    if (n.program && n.source && !cls.launch) {
        auto& kernels = kernels_[n.program];
        auto it = sources_.find(n.source);
        if (kernels.size() < kMaxKernels)
            kernels.push_back(it != sources_.end() ? it->second : "source#" + std::to_string(n.source));
    }
    if (n.workload && n.program && !cls.launch) {
        auto& programs = workloads_[n.workload];
        if (programs.size() < kMaxWorkloadPrograms &&
            std::find(programs.begin(), programs.end(), n.program) == programs.end())
            programs.push_back(n.program);
    }
}

std::vector<std::uint64_t> Programs::Launched(const DecodedCall& call) const {
    if (!call.Class().launch) return {};
    const Named n = NamedBy(call);
    if (n.program) return {n.program};
    if (auto it = workloads_.find(n.workload); it != workloads_.end()) return it->second;
    return {};
}

const std::vector<std::string>& Programs::Kernels(std::uint64_t program) const {
    static const std::vector<std::string> none;
    auto it = kernels_.find(program);
    return it == kernels_.end() ? none : it->second;
}

std::string Programs::Label(std::uint64_t program) const {
    std::string s = "program#" + std::to_string(program);
    const auto& kernels = Kernels(program);
    for (std::size_t i = 0; i < kernels.size(); i++) s += (i ? ", " : " (") + kernels[i];
    return kernels.empty() ? s : s + ")";
}

std::string Programs::LaunchLabel(const DecodedCall& call) const {
    if (!call.Class().launch) return "";
    const Named n = NamedBy(call);
    if (n.program) return Label(n.program);
    if (n.workload) {
        std::string s = "meshWorkload#" + std::to_string(n.workload);
        const auto programs = Launched(call);
        for (std::size_t i = 0; i < programs.size(); i++) s += (i ? "; " : ": ") + Label(programs[i]);
        return s;
    }
    if (n.trace) return values::EnumName(n.trace_kind) + "#" + std::to_string(n.trace);
    return "";
}

}  // namespace ltcap
